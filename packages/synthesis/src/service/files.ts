import { Readable } from 'node:stream'
import { AppError } from '@loa/contracts'
import type { Storage } from '@loa/storage'
import {
  MP3_SAMPLE_RATES,
  toSrt,
  toVtt,
  type DictionaryEntry,
  type PauseSettings,
  type Timeline,
} from '@loa/tts'
import { renderSynthesis, type RenderParagraph } from '../render.ts'
import { sentenceCacheFor, synthesisKeys } from '../requests.ts'
import { assertAudioKept } from '../audio-expired.ts'
import { SynthesisErrorCode } from './errors.ts'
import type { SynthesisRow } from './rows.ts'
import { downloadBaseName } from './file-name.ts'

/** How long signed download links stay valid. */
export const LINK_TTL_SECONDS = 60 * 60

export const DOWNLOAD_FORMATS = ['mp3', 'wav', 'srt', 'vtt', 'json'] as const
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]

/** Every file a request may have in storage (the rendered audio, its timeline, the other format, subtitles). */
export const requestFileKeys = (row: Pick<SynthesisRow, 'id' | 'audioKey' | 'timelineKey'>): string[] => {
  const mp3 = synthesisKeys(row.id, 'mp3')
  const keys = [
    row.audioKey,
    row.timelineKey,
    mp3.audio,
    synthesisKeys(row.id, 'wav').audio,
    mp3.srt,
    mp3.vtt,
  ]
  return [...new Set(keys.filter((k): k is string => Boolean(k)))]
}

const putText = (storage: Storage, key: string, body: string, contentType: string) =>
  storage.put(key, new TextEncoder().encode(body), { contentType })

/** Subtitles made from the stored timeline. */
const writeSubtitles = async (storage: Storage, row: SynthesisRow, format: 'srt' | 'vtt', key: string) => {
  const timeline = JSON.parse(new TextDecoder().decode(await storage.getBytes(row.timelineKey!))) as Timeline
  if (format === 'srt') await putText(storage, key, toSrt(timeline), 'application/x-subrip')
  else await putText(storage, key, toVtt(timeline), 'text/vtt')
}

/** The other audio format: rendered again from the sentence cache (no engine work), not charged. */
const writeAudio = async (storage: Storage, row: SynthesisRow, format: 'mp3' | 'wav', key: string) => {
  const rendered = renderSynthesis({
    paragraphs: row.paragraphs as RenderParagraph[],
    format,
    bitrate: row.bitrate,
    sampleRate:
      format === 'wav' || (MP3_SAMPLE_RATES as readonly number[]).includes(row.sampleRate)
        ? row.sampleRate
        : 22050,
    pauses: (row.pauses ?? undefined) as Partial<PauseSettings> | undefined,
    dictionary: (row.dictionary ?? undefined) as DictionaryEntry[] | undefined,
    cache: sentenceCacheFor(storage),
  })
  await storage.put(
    key,
    rendered.audio instanceof Uint8Array ? rendered.audio : Readable.from(rendered.audio),
    {
      contentType: rendered.mimeType,
    },
  )
  await rendered.done
}

/**
 * A signed, expiring link to a finished request's file in `format` (default: its own audio type). Files made
 * on demand (subtitles, the other audio format) are written once under their deterministic key and reused.
 */
export const ensureDownload = async (
  storage: Storage,
  row: SynthesisRow,
  requested?: DownloadFormat,
): Promise<{ url: string; format: DownloadFormat; expiresAt: Date }> => {
  if (row.status !== 'SUCCESS' || !row.timelineKey)
    throw new AppError(SynthesisErrorCode.SYNTHESIS_NOT_READY, `The request is ${row.status}`, 409)
  // Swept by the retention sweep: nothing to sign, and nothing may be rendered again from the cache.
  assertAudioKept(row)
  const format = requested ?? (row.audioType as 'mp3' | 'wav')
  const keys = synthesisKeys(row.id, format)
  let key = keys.audio
  if (format === 'json') key = row.timelineKey
  else if (format === 'srt' || format === 'vtt') {
    key = format === 'srt' ? keys.srt : keys.vtt
    if (!(await storage.exists(key))) await writeSubtitles(storage, row, format, key)
  } else if (!(await storage.exists(key))) await writeAudio(storage, row, format, key)
  const base = downloadBaseName(row.title, row.id)
  const url = await storage.signedDownloadUrl(key, {
    expiresInSeconds: LINK_TTL_SECONDS,
    filename: `${base}.${format}`,
  })
  return { url, format, expiresAt: new Date(Date.now() + LINK_TTL_SECONDS * 1000) }
}
