import { REGIONS } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import type { Storage } from '@loa/storage'
import {
  audioExpired,
  audioExtensionOf,
  audioWasDeleted,
  LINK_TTL_SECONDS,
  summaryColumns,
  toSummaryRow,
  type SynthesisRow,
  type SynthesisSummaryRow,
} from '@loa/synthesis'
import type { DictionaryEntry, SourceSpan } from '@loa/tts'
import { desc, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { iso } from '../../lib/wire.ts'

export const STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILURE', 'CANCELLED'] as const

export const pausesBody = z
  .object({
    sentence_ms: z.number().optional(),
    major_ms: z.number().optional(),
    medium_ms: z.number().optional(),
    paragraph_ms: z.number().optional(),
  })
  .strict()

export type PausesBody = z.infer<typeof pausesBody>

export const toPauses = (p: PausesBody | undefined) =>
  p
    ? {
        ...(p.sentence_ms !== undefined ? { sentenceMs: p.sentence_ms } : {}),
        ...(p.major_ms !== undefined ? { majorMs: p.major_ms } : {}),
        ...(p.medium_ms !== undefined ? { mediumMs: p.medium_ms } : {}),
        ...(p.paragraph_ms !== undefined ? { paragraphMs: p.paragraph_ms } : {}),
      }
    : undefined

export const synthesisWire = z.object({
  request_id: z.string(),
  title: z.string(),
  source: z.string(),
  /** The API app of an API/stream request (null for the studio). */
  api_app_id: z.string().nullable(),
  status: z.enum(STATUSES),
  progress: z.number(),
  /** MP3 parts published so far while it renders (GET /synthesis/{id}/parts/{n}); issue 31. */
  audio_parts: z.number(),
  characters: z.number(),
  charged_characters: z.number().nullable(),
  voice_code: z.string(),
  /** Every voice of the request's paragraphs, each once, in the order first used (issue 17). */
  voice_codes: z.array(z.string()),
  audio_type: z.string(),
  bitrate: z.number(),
  sample_rate: z.number(),
  speed_rate: z.number(),
  duration_ms: z.number().nullable(),
  cache_hits: z.number().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  audio_link: z.string().nullable(),
  timeline_link: z.string().nullable(),
  links_expire_at: z.string().nullable(),
})

export const synthesisDetailWire = synthesisWire.extend({
  text: z.string(),
  paragraphs: z.array(z.object({ text: z.string(), voice_code: z.string(), speed: z.number() })),
  pauses: z.record(z.string(), z.number()).nullable(),
  /** The pronunciation entries the request was read with (snapshot taken when it was accepted). */
  dictionary: z.array(
    z.object({
      word: z.string(),
      reading: z.string(),
      region: z.enum(REGIONS).nullable(),
    }),
  ),
})

/**
 * One page of the requests matching `where`, newest first, with how many match in all (the studio's history and
 * an API app's requests).
 */
export const requestPage = async (
  db: Db,
  storage: Storage | undefined,
  where: SQL | undefined,
  page: { offset: number; limit: number },
) => {
  const r = t.synthesisRequests
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(r)
      .where(where)
      .orderBy(desc(r.createdAt))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(r)
      .where(where),
  ])
  return {
    total: count?.n ?? 0,
    items: await Promise.all(rows.map((row) => toSynthesisWire(row, storage))),
  }
}

const signed = async (storage: Storage | undefined, key: string | null, filename: string) =>
  storage && key ? storage.signedDownloadUrl(key, { expiresInSeconds: LINK_TTL_SECONDS, filename }) : null

/**
 * A request as the studio sees it; links are signed and expire after LINK_TTL_SECONDS. A developer API request
 * whose files the retention sweep deleted has no links (they would only answer 410) and says why as the v1 poll
 * does: `error_code` TTS_AUDIO_EXPIRED, its status still SUCCESS.
 */
export const toSynthesisWire = async (full: SynthesisSummaryRow | SynthesisRow, storage?: Storage) => {
  const row = 'voiceCodes' in full ? full : toSummaryRow(full)
  const expired = audioWasDeleted(row) ? audioExpired(row) : null
  const ready = row.status === 'SUCCESS' && !expired
  return {
    request_id: row.id,
    title: row.title,
    source: row.source,
    api_app_id: row.apiAppId,
    status: row.status as (typeof STATUSES)[number],
    progress: row.progress,
    audio_parts: row.audioParts,
    characters: row.characters,
    charged_characters: row.chargedCharacters,
    voice_code: row.voiceCode,
    voice_codes: row.voiceCodes,
    audio_type: row.audioType,
    bitrate: row.bitrate,
    sample_rate: row.sampleRate,
    speed_rate: row.speedRate,
    duration_ms: row.durationMs,
    cache_hits: row.cacheHits,
    error_code: expired?.code ?? row.errorCode,
    error_message: expired?.message ?? row.errorMessage,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
    audio_link: ready
      ? await signed(storage, row.audioKey, `${row.id}.${audioExtensionOf(row.audioType)}`)
      : null,
    timeline_link: ready ? await signed(storage, row.timelineKey, `${row.id}.timeline.json`) : null,
    links_expire_at: ready ? new Date(Date.now() + LINK_TTL_SECONDS * 1000).toISOString() : null,
  }
}

export const toSynthesisDetailWire = async (row: SynthesisRow, storage?: Storage) => ({
  ...(await toSynthesisWire(row, storage)),
  text: row.text,
  paragraphs: (row.paragraphs as { text: string; voiceCode: string; voice?: string; speed: number }[]).map(
    (p) => ({
      text: p.text,
      voice_code: p.voice ?? p.voiceCode,
      speed: p.speed,
    }),
  ),
  pauses: (row.pauses as Record<string, number> | null) ?? null,
  dictionary: ((row.dictionary as DictionaryEntry[] | null) ?? []).map((e) => ({
    word: e.word,
    reading: e.reading,
    region: e.region ?? null,
  })),
})

export const previewWire = z.object({
  text: z.string(),
  characters: z.number(),
  spans: z.array(
    z.object({
      kind: z.string(),
      text: z.string(),
      source: z.string(),
      src_start: z.number(),
      src_end: z.number(),
      out_start: z.number(),
      out_end: z.number(),
      doubt: z
        .enum(['unknown-acronym', 'capitalised-word', 'code', 'date-or-number', 'ambiguous-abbreviation'])
        .nullable(),
    }),
  ),
})

/** How a text will be read: the normalized text and its source map. */
export const toPreviewWire = (preview: {
  text: string
  characters: number
  spans: readonly SourceSpan[]
}) => ({
  text: preview.text,
  characters: preview.characters,
  spans: preview.spans.map((s) => ({
    kind: s.kind,
    text: s.text,
    source: s.source,
    src_start: s.srcStart,
    src_end: s.srcEnd,
    out_start: s.outStart,
    out_end: s.outEnd,
    doubt: s.doubt ?? null,
  })),
})
