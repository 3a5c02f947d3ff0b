import type { RowResult } from './jobs-table.ts'

const cell = (value: string | number): string => {
  const s = String(value)
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const MANIFEST_NAME = 'manifest.csv'
export const MANIFEST_COLUMNS = ['row', 'file', 'duration', 'characters', 'status', 'error'] as const

/**
 * The archive's manifest: one line per row in row order — the file in the ZIP (empty when the row failed), its
 * duration in seconds (3 decimals), the characters read, SUCCESS or FAILURE and the error code.
 */
export const manifestCsv = (results: readonly RowResult[]): string =>
  [
    MANIFEST_COLUMNS.join(','),
    ...results.map((r) =>
      [
        r.row,
        r.status === 'SUCCESS' ? r.file : '',
        (r.durationMs / 1000).toFixed(3),
        r.characters,
        r.status,
        r.error ?? '',
      ]
        .map(cell)
        .join(','),
    ),
  ].join('\r\n') + '\r\n'
