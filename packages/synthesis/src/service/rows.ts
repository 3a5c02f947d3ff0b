import { app as t } from '@loa/db'
import { getTableColumns } from 'drizzle-orm'

export type SynthesisRow = typeof t.synthesisRequests.$inferSelect

/** A request without its (up to 100,000-character) text and dictionary snapshot: what lists and progress read. */
export type SynthesisSummaryRow = Omit<SynthesisRow, 'text' | 'paragraphs' | 'pauses' | 'dictionary'>

/** Columns of a SynthesisSummaryRow, for `db.select(summaryColumns)`. */
export const summaryColumns = (() => {
  const {
    text: _text,
    paragraphs: _paragraphs,
    pauses: _pauses,
    dictionary: _dictionary,
    ...rest
  } = getTableColumns(t.synthesisRequests)
  return rest
})()
