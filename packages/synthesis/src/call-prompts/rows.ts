import { billableCharacters } from '@loa/contracts'
import { CsvError, parseCsv } from './csv.ts'
import {
  checkValue,
  fillScript,
  scriptVariables,
  type ScriptVariable,
  type ValueProblem,
} from './template.ts'

/** The most rows one job takes (issue 30 §4) and the longest prompt one row may make. */
export const MAX_CALL_PROMPT_ROWS = 10_000
export const MAX_PROMPT_CHARACTERS = 2_000
/** An optional column naming each row's file (without extension); otherwise rows are numbered 00001, 00002… */
export const FILE_COLUMN = 'file'

export interface CheckedRow {
  /** 1-based, the header not counted (the line a spreadsheet shows is row + 1). */
  row: number
  /** The file's name without extension. */
  file: string
  values: Record<string, string>
  /** The prompt as it will be read. */
  text: string
  characters: number
}

export type RowProblemKind = ValueProblem | 'prompt_empty' | 'prompt_too_long' | 'file_name' | 'file_taken'
export interface RowProblem {
  row: number
  /** The column (variable) at fault; empty for the whole row. */
  column: string
  problem: RowProblemKind
  value?: string
}

export interface RowsCheck {
  variables: ScriptVariable[]
  rows: CheckedRow[]
  problems: RowProblem[]
  /** Columns the script needs and the input lacks (every row would fail). */
  missingColumns: string[]
  /** Columns of the input the script does not use (reported, not an error). */
  unusedColumns: string[]
  characters: number
}

export class RowsInputError extends Error {
  constructor(
    readonly code: 'CALL_PROMPT_CSV_INVALID' | 'CALL_PROMPT_TOO_MANY_ROWS' | 'CALL_PROMPT_NO_ROWS',
    message: string,
  ) {
    super(message)
  }
}

/** Rows of a CSV text: the header line names the columns. */
export const rowsOfCsv = (csv: string): Record<string, string>[] => {
  let records: string[][]
  try {
    records = parseCsv(csv)
  } catch (error) {
    throw new RowsInputError(
      'CALL_PROMPT_CSV_INVALID',
      error instanceof CsvError ? error.message : String(error),
    )
  }
  const [header, ...body] = records
  if (!header) throw new RowsInputError('CALL_PROMPT_NO_ROWS', 'The CSV is empty')
  const names = header.map((h) => h.trim())
  return body.map((fields) => Object.fromEntries(names.map((n, i) => [n, fields[i] ?? ''])))
}

const SAFE_FILE = /^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,79}$/u

/**
 * Checks every row against the script: each typed value (money, date, plate…) parsed, the prompt not empty and
 * not too long, file names safe and unique. Problems are reported by row and column; valid rows are returned.
 */
export const checkRows = (script: string, input: readonly Record<string, string>[]): RowsCheck => {
  const variables = scriptVariables(script)
  if (input.length === 0) throw new RowsInputError('CALL_PROMPT_NO_ROWS', 'There is no row to render')
  if (input.length > MAX_CALL_PROMPT_ROWS)
    throw new RowsInputError(
      'CALL_PROMPT_TOO_MANY_ROWS',
      `At most ${MAX_CALL_PROMPT_ROWS} rows per job (${input.length} given)`,
    )
  const columns = new Set(input.flatMap((r) => Object.keys(r)))
  const missingColumns = variables.map((v) => v.name).filter((n) => !columns.has(n))
  const used = new Set([...variables.map((v) => v.name), FILE_COLUMN])
  const unusedColumns = [...columns].filter((c) => !used.has(c))
  const rows: CheckedRow[] = []
  const problems: RowProblem[] = []
  const files = new Set<string>()
  input.forEach((values, index) => {
    const row = index + 1
    const spoken = new Map<string, string>()
    let ok = true
    for (const v of variables) {
      const raw = values[v.name]
      if (raw === undefined) {
        ok = false
        continue
      }
      const checked = checkValue(v.type, raw)
      if (checked.ok) spoken.set(v.name, checked.spoken)
      else {
        ok = false
        problems.push({ row, column: v.name, problem: checked.reason, value: raw.slice(0, 100) })
      }
    }
    const given = values[FILE_COLUMN]?.trim()
    const file = given || String(row).padStart(5, '0')
    if (given && !SAFE_FILE.test(given)) {
      ok = false
      problems.push({ row, column: FILE_COLUMN, problem: 'file_name', value: given.slice(0, 100) })
    } else if (files.has(file.toLowerCase())) {
      ok = false
      problems.push({ row, column: FILE_COLUMN, problem: 'file_taken', value: file })
    }
    files.add(file.toLowerCase())
    if (!ok) return
    const text = fillScript(script, spoken)
      .replace(/[ \t]+/g, ' ')
      .trim()
    const characters = billableCharacters(text)
    if (characters === 0) problems.push({ row, column: '', problem: 'prompt_empty' })
    else if (text.length > MAX_PROMPT_CHARACTERS)
      problems.push({ row, column: '', problem: 'prompt_too_long' })
    else rows.push({ row, file, values: pick(values, variables), text, characters })
  })
  return {
    variables,
    rows,
    problems,
    missingColumns,
    unusedColumns,
    characters: rows.reduce((sum, r) => sum + r.characters, 0),
  }
}

const pick = (values: Record<string, string>, variables: readonly ScriptVariable[]) =>
  Object.fromEntries(variables.map((v) => [v.name, values[v.name] ?? '']))
