import { MAX_PARAGRAPHS, MAX_SYNTHESIS_CHARACTERS } from '@loa/contracts'
import type { app as t } from '@loa/db'
import { SYNTHESIS_RANGES } from '@loa/synthesis'
import { z } from 'zod'
import { line } from '../../lib/wire.ts'
import { pausesBody } from '../synthesis/wire.ts'

export type StudioProjectRow = typeof t.studioProjects.$inferSelect

/** Error codes of studio projects (documented in docs/errors.md, translated by the web). */
export const StudioProjectErrorCode = {
  /** No such project, or someone else's. */
  STUDIO_PROJECT_NOT_FOUND: 'STUDIO_PROJECT_NOT_FOUND',
  /** A save named an older revision than the stored one (the project changed in another tab or browser). */
  STUDIO_PROJECT_REVISION_CONFLICT: 'STUDIO_PROJECT_REVISION_CONFLICT',
  /** The user already keeps MAX_STUDIO_PROJECTS projects. */
  STUDIO_PROJECT_LIMIT_REACHED: 'STUDIO_PROJECT_LIMIT_REACHED',
} as const

/** Projects one user may keep. */
export const MAX_STUDIO_PROJECTS = 200

const REQUEST_ID_EXAMPLE = '5b0e6c1e-2f4a-4c39-9a57-0d8f3f7c9b21'

const paragraph = z
  .object({
    text: z
      .string()
      .max(MAX_SYNTHESIS_CHARACTERS)
      .describe(
        'The paragraph as typed, pause tags (`<break time="500ms"/>`) included; may be empty in a draft',
      ),
    voice_code: z.string().min(1).max(200).describe('The voice that reads this paragraph (a catalogue code)'),
    speed: z
      .number()
      .min(SYNTHESIS_RANGES.speed.min)
      .max(SYNTHESIS_RANGES.speed.max)
      .describe('Reading speed of this paragraph'),
  })
  .strict()

/** The editor's settings kept with a draft; every field optional. */
export const settingsBody = z
  .object({
    audio_type: z.enum(['mp3', 'wav']).optional().describe('Output format the next synthesis uses'),
    bitrate: z
      .number()
      .int()
      .min(SYNTHESIS_RANGES.bitrate.min)
      .max(SYNTHESIS_RANGES.bitrate.max)
      .optional()
      .describe('MP3 bitrate, kbit/s'),
    sample_rate: z
      .number()
      .int()
      .min(SYNTHESIS_RANGES.sampleRate.min)
      .max(SYNTHESIS_RANGES.sampleRate.max)
      .optional()
      .describe('Output sample rate, Hz'),
    pause_ms: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .optional()
      .describe('The pause length the editor inserts with "Insert pause"'),
    pauses: pausesBody.optional().describe('Pauses between sentences and paragraphs, as in POST /synthesis'),
  })
  .strict()
  .describe('Output settings and pauses as the editor holds them')

const title = line(200, 0).describe('The project name shown in the list (may be empty while drafting)')
const paragraphs = z
  .array(paragraph)
  .min(1)
  .max(MAX_PARAGRAPHS)
  .describe(
    `The editor's paragraphs in order (1–${MAX_PARAGRAPHS}); together at most ${MAX_SYNTHESIS_CHARACTERS} characters, the limit of a synthesis`,
  )

const EXAMPLE_PARAGRAPHS = [
  { text: 'Xin chào các bạn.', voice_code: 'hn_female_thuha_news', speed: 1 },
  { text: 'Hôm nay <break time="500ms"/> trời đẹp.', voice_code: 'sg_male_minhhoang_full', speed: 1.25 },
]

export const createBody = z
  .object({ title, paragraphs, settings: settingsBody.optional() })
  .strict()
  .meta({ example: { title: 'Bản tin sáng', paragraphs: EXAMPLE_PARAGRAPHS, settings: { pause_ms: 500 } } })

export const saveBody = z
  .object({
    revision: z
      .number()
      .int()
      .min(1)
      .describe('The revision this save is based on (from the last read or save); an older one answers 409'),
    title,
    paragraphs,
    settings: settingsBody.optional(),
  })
  .strict()
  .meta({ example: { revision: 3, title: 'Bản tin sáng', paragraphs: EXAMPLE_PARAGRAPHS } })

export const renameBody = z
  .object({ title: line(200).describe('The new name (1–200 characters)') })
  .strict()
  .meta({ example: { title: 'Bản tin sáng (bản cuối)' } })

export const listQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Projects to skip'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Projects per page (1–100)'),
})

export const idParams = z.object({ id: z.string().max(100).describe('The project id (a UUID)') })

const common = {
  id: z.string().describe('Project id (UUID)'),
  title: z.string().describe('Project name'),
  revision: z.number().describe('Grows by one on every save or rename; send it back with the next save'),
  created_at: z.string().describe('When the project was created (ISO 8601)'),
  updated_at: z.string().describe('When it was last saved (ISO 8601)'),
}

/** What the summary and the whole project share in their examples. */
const COMMON_EXAMPLE = {
  id: REQUEST_ID_EXAMPLE,
  title: 'Bản tin sáng',
  revision: 3,
  created_at: '2026-11-23T08:00:00.000Z',
  updated_at: '2026-11-23T08:12:30.000Z',
}

export const summaryWire = z
  .object({
    ...common,
    paragraph_count: z.number().describe('How many paragraphs it has'),
    characters: z.number().describe('Characters of all paragraphs together'),
    excerpt: z.string().describe('The first words of the text (up to 120 characters)'),
  })
  .meta({
    example: {
      ...COMMON_EXAMPLE,
      paragraph_count: 2,
      characters: 57,
      excerpt: 'Xin chào các bạn.',
    },
  })

export const projectWire = z
  .object({
    ...common,
    paragraphs: z.array(paragraph).describe("The editor's paragraphs in order"),
    settings: settingsBody,
  })
  .meta({
    example: {
      ...COMMON_EXAMPLE,
      paragraphs: EXAMPLE_PARAGRAPHS,
      settings: { pause_ms: 500 },
    },
  })

export type ParagraphWire = z.infer<typeof paragraph>
export type SettingsWire = z.infer<typeof settingsBody>

export const toProjectWire = (row: StudioProjectRow) => ({
  id: row.id,
  title: row.title,
  revision: row.revision,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  paragraphs: row.paragraphs as ParagraphWire[],
  settings: (row.settings ?? {}) as SettingsWire,
})
