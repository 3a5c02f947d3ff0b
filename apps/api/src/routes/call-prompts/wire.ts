import { DEFAULT_VOICE } from '@loa/contracts'
import {
  CALL_PROMPT_FORMATS,
  DEFAULT_CALL_PROMPT_FORMAT,
  MAX_CALL_PROMPT_ROWS,
  SYNTHESIS_RANGES,
} from '@loa/synthesis'
import { z } from 'zod'

/** The rows of a job: a CSV text (a header line naming the columns) or JSON rows (objects of column → value). */
export const rowsFields = {
  csv: z
    .string()
    .max(5_000_000)
    .optional()
    .describe(
      'The rows as CSV: a header line naming the columns (a `file` column names each file), `,` or `;`',
    ),
  rows: z
    .array(z.record(z.string().max(100), z.union([z.string().max(1_000), z.number()])))
    .max(MAX_CALL_PROMPT_ROWS)
    .optional()
    .describe('Or: the rows as JSON objects, column → value (up to 10,000)'),
}

export const scriptField = z
  .string()
  .min(1)
  .max(2_000)
  .describe(
    'The prompt with `{{column}}` or `{{column:type}}` placeholders; types: text, money, date, plate, code, number, phone',
  )

export const checkBody = z
  .object({
    script: scriptField,
    voice_code: z.string().max(200).optional().describe('The voice (its credit factor prices the rows)'),
    ...rowsFields,
  })
  .meta({
    example: {
      script:
        'Kính chào {{ten}}, khoản phí {{so_tien:money}} của hợp đồng {{ma_hd:code}} đến hạn ngày {{han:date}}.',
      csv: 'ten,so_tien,ma_hd,han\nanh Minh,1.500.000,HD2024,30/11/2026\nchị Lan,250000,HD2025,01/12/2026\n',
    },
  })

export const createBody = z
  .object({
    title: z.string().trim().max(200).optional().describe('A name for the job (default: the script’s start)'),
    script: scriptField,
    voice_code: z.string().max(200).default(DEFAULT_VOICE).describe('The voice every row is read with'),
    speed: z
      .number()
      .min(SYNTHESIS_RANGES.speed.min)
      .max(SYNTHESIS_RANGES.speed.max)
      .default(1)
      .describe('Speaking rate (1: natural)'),
    format: z
      .enum(CALL_PROMPT_FORMATS)
      .default(DEFAULT_CALL_PROMPT_FORMAT)
      .describe(
        'The files: wav_8000 (8 kHz 16-bit PCM WAV, Asterisk .wav), ulaw / alaw (raw G.711, Asterisk .ulaw/.alaw), sln (raw 8 kHz 16-bit), ulaw_wav / alaw_wav (G.711 WAV)',
      ),
    callback_url: z
      .string()
      .max(2_000)
      .optional()
      .describe('App-token calls: where the signed result is POSTed when the job ends (default: the app’s)'),
    ...rowsFields,
  })
  .refine((b) => (b.csv === undefined) !== (b.rows === undefined), { message: 'give csv or rows' })
  .meta({
    example: {
      title: 'Nhắc phí tháng 11',
      script: 'Kính chào {{ten}}, khoản phí {{so_tien:money}} đến hạn ngày {{han:date}}.',
      voice_code: 'hn_female_thuha_news',
      format: 'ulaw',
      rows: [
        { ten: 'anh Minh', so_tien: '1.500.000', han: '30/11/2026' },
        { ten: 'chị Lan', so_tien: 250000, han: '01/12/2026' },
      ],
      callback_url: 'https://example.com/loa/call-prompts',
    },
  })

export const previewBody = z
  .object({
    script: scriptField,
    voice_code: z.string().max(200).optional().describe('The voice whose region’s readings apply'),
    values: z
      .record(z.string().max(100), z.union([z.string().max(1_000), z.number()]))
      .optional()
      .describe('One row: column → value'),
    csv: rowsFields.csv,
    row: z
      .number()
      .int()
      .min(1)
      .max(MAX_CALL_PROMPT_ROWS)
      .optional()
      .describe('With csv: which row (1 = the first under the header)'),
  })
  .refine((b) => (b.values === undefined) !== (b.csv === undefined), {
    message: 'give values or csv with row',
  })
  .meta({
    example: {
      script: 'Xe biển số {{bien_so:plate}} đến hạn đăng kiểm ngày {{han:date}}.',
      values: { bien_so: '29A12345', han: '2026-12-01' },
    },
  })

const problem = z.object({
  row: z.number().describe('The row (1 = the first under the header)'),
  column: z.string().describe('The column (variable) at fault; empty for the whole row'),
  problem: z
    .string()
    .describe(
      'empty, too_long, money, date, plate, code, number, phone (a value that is not one), prompt_empty, prompt_too_long, file_name, file_taken',
    ),
  value: z.string().optional().describe('The value as given (first 100 characters)'),
})

export const checkWire = z.object({
  variables: z
    .array(z.object({ name: z.string().describe('Variable name'), type: z.string().describe('Its type') }))
    .describe('The script’s variables in order of use'),
  row_count: z.number().describe('Rows given'),
  valid_rows: z.number().describe('Rows whose every value can be read'),
  characters: z.number().describe('Characters of the valid rows’ prompts'),
  credits: z.number().describe('What the valid rows would cost (characters × the voice’s credit factor)'),
  balance: z.number().describe('The caller’s call-prompt credits'),
  missing_columns: z.array(z.string()).describe('Variables no column gives'),
  unused_columns: z.array(z.string()).describe('Columns the script does not use'),
  problems: z.array(problem).describe('Values that cannot be read, by row (first 200)'),
  problem_count: z.number().describe('All problems found'),
  first_text: z.string().nullable().describe('The first valid row’s prompt as it will be read'),
})

export const jobWire = z.object({
  id: z.string().describe('The job’s id'),
  source: z.string().describe('STUDIO or API'),
  app_id: z.string().nullable().describe('The app that created it (API jobs)'),
  title: z.string().describe('The job’s title'),
  status: z.string().describe('IN_PROGRESS, SUCCESS, FAILURE or CANCELLED'),
  progress: z.number().describe('Percent of rows rendered'),
  format: z.string().describe('The files’ format'),
  voice_code: z.string().describe('The voice'),
  speed: z.number().describe('Speaking rate'),
  row_count: z.number().describe('Rows in the job'),
  done_rows: z.number().describe('Rows rendered so far'),
  failed_rows: z.number().describe('Rows that could not be rendered'),
  characters: z.number().describe('Credits reserved (characters × the voice’s factor)'),
  characters_charged: z.number().describe('Credits charged (the rendered rows; 0 unless SUCCESS)'),
  zip_url: z.string().nullable().describe('Signed link (24 h) to the ZIP of files and manifest.csv'),
  failures: z
    .array(
      z.object({ row: z.number().describe('The row'), error_code: z.string().nullable().describe('Why') }),
    )
    .describe('Rows that failed (first 100)'),
  error_code: z.string().nullable().describe('Why the job failed'),
  error_message: z.string().nullable().describe('The failure in words'),
  created_at: z.string().describe('When it was created'),
  finished_at: z.string().nullable().describe('When it ended'),
})
