import { app as t } from '@loa/db'
import { getTableColumns, sql } from 'drizzle-orm'

export type SynthesisRow = typeof t.synthesisRequests.$inferSelect

/**
 * A request without its (up to 100,000-character) text and dictionary snapshot: what lists and progress read.
 * `voiceCodes` names the voices of its paragraphs instead (issue 17: history shows every voice of an item).
 */
export type SynthesisSummaryRow = Omit<SynthesisRow, 'text' | 'paragraphs' | 'pauses' | 'dictionary'> & {
  voiceCodes: string[]
}

/** The catalogue code a stored paragraph asked for (`voice`), or its engine voice for rows written before. */
const paragraphVoice = (p: unknown): string | null => {
  if (!p || typeof p !== 'object') return null
  const { voice, voiceCode } = p as { voice?: unknown; voiceCode?: unknown }
  return typeof voice === 'string' ? voice : typeof voiceCode === 'string' ? voiceCode : null
}

/** The voices of stored paragraphs, each once, in the order they are first used. */
export const paragraphVoiceCodes = (paragraphs: unknown): string[] =>
  Array.isArray(paragraphs)
    ? [...new Set(paragraphs.map(paragraphVoice).filter((c): c is string => c !== null))]
    : []

/** `paragraphVoiceCodes` in SQL, so a list reads the voices without the paragraphs' text. */
const voiceCodesColumn = sql<string[]>`coalesce((
  select array_agg(v.code order by v.first)
  from (
    select coalesce(e.p->>'voice', e.p->>'voiceCode') as code, min(e.n) as first
    from jsonb_array_elements(case jsonb_typeof(${t.synthesisRequests.paragraphs})
      when 'array' then ${t.synthesisRequests.paragraphs} else '[]'::jsonb end) with ordinality as e(p, n)
    where coalesce(e.p->>'voice', e.p->>'voiceCode') is not null
    group by 1
  ) v
), array[]::text[])`.as('voice_codes')

/** Columns of a SynthesisSummaryRow, for `db.select(summaryColumns)`. */
export const summaryColumns = (() => {
  const {
    text: _text,
    paragraphs: _paragraphs,
    pauses: _pauses,
    dictionary: _dictionary,
    ...rest
  } = getTableColumns(t.synthesisRequests)
  return { ...rest, voiceCodes: voiceCodesColumn }
})()

/** The summary of a full row (what a list would read for it). */
export const toSummaryRow = (row: SynthesisRow): SynthesisSummaryRow => {
  const { text: _text, paragraphs, pauses: _pauses, dictionary: _dictionary, ...rest } = row
  return { ...rest, voiceCodes: paragraphVoiceCodes(paragraphs) }
}
