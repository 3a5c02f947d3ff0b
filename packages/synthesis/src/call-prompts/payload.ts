import type { Storage } from '@loa/storage'
import type { CallPromptJobRow, RowResult } from './jobs-table.ts'

const LINK_TTL_SECONDS = 24 * 60 * 60
const FAILURES_SHOWN = 100

/**
 * A job as the API shows it and its callback posts it (snake_case): counts, progress, what was reserved and
 * charged, a signed link to the ZIP once it succeeded, and the first failed rows with their codes.
 */
export const callPromptPayload = async (row: CallPromptJobRow, storage: Storage) => {
  const results = (row.results as RowResult[] | null) ?? []
  return {
    id: row.id,
    source: row.source,
    app_id: row.apiAppId,
    title: row.title,
    status: row.status,
    progress: row.progress,
    format: row.format,
    voice_code: row.voice,
    speed: row.speed,
    row_count: row.rowCount,
    done_rows: row.status === 'SUCCESS' ? row.rowCount : row.doneRows,
    failed_rows: results.length > 0 ? results.filter((r) => r.status === 'FAILURE').length : row.failedRows,
    characters: row.characters,
    characters_charged: row.status === 'SUCCESS' ? row.charged : 0,
    zip_url:
      row.status === 'SUCCESS' && row.archiveKey
        ? await storage.signedDownloadUrl(row.archiveKey, {
            expiresInSeconds: LINK_TTL_SECONDS,
            filename: `call-prompts-${row.id.slice(0, 8)}.zip`,
            contentType: 'application/zip',
          })
        : null,
    failures: results
      .filter((r) => r.status === 'FAILURE')
      .slice(0, FAILURES_SHOWN)
      .map((r) => ({ row: r.row, error_code: r.error })),
    error_code: row.errorCode,
    error_message: row.errorMessage,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  }
}
export type CallPromptPayload = Awaited<ReturnType<typeof callPromptPayload>>
