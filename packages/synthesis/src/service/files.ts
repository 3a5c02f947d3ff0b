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
import { renderAudioType } from '../pcm.ts'
import { renderSynthesis, type RenderParagraph } from '../render.ts'
import { audioExtensionOf } from '../telephony.ts'
import { sentenceCacheFor, synthesisKeys } from '../requests.ts'
import { assertAudioKept } from '../audio-expired.ts'
import { audioPartKeys } from '../jobs/parts.ts'
import { SynthesisErrorCode } from './errors.ts'
import type { SynthesisRow } from './rows.ts'
import { downloadBaseName } from './file-name.ts'

/**
 * Telephone files a finished request can be downloaded as (made from the sentence cache, not charged): G.711
 * μ-law / A-law at 8 kHz raw (Asterisk `.ulaw`/`.alaw`, Twilio) or WAV (tags 7 / 6), and 16-bit PCM at 8 or
 * 16 kHz raw (Asterisk `.sln`/`.sln16`) or WAV (`wav_8000` is what Asterisk plays as `.wav`).
 */
const TELEPHONE_DOWNLOADS = [
  'ulaw',
  'alaw',
  'ulaw_wav',
  'alaw_wav',
  'pcm_8000',
  'pcm_16000',
  'wav_8000',
  'wav_16000',
] as const
type TelephoneDownload = (typeof TELEPHONE_DOWNLOADS)[number]

/** A telephone download as an audio type and sample rate (`pcm_8000` → pcm at 8 kHz). */
const telephoneRender = (format: TelephoneDownload): { audioType: string; sampleRate: number } => {
  const [type, rate] = format.split('_')
  return rate === '8000' || rate === '16000'
    ? { audioType: type!, sampleRate: Number(rate) }
    : { audioType: format, sampleRate: 8000 }
}

/** The file name extension of a download (`ulaw_wav` and `wav_8000` are `.wav`, `pcm_8000` is `.pcm`). */
const extensionOf = (format: string): string =>
  (TELEPHONE_DOWNLOADS as readonly string[]).includes(format)
    ? audioExtensionOf(telephoneRender(format as TelephoneDownload).audioType)
    : audioExtensionOf(format)

/** How long signed download links stay valid. */
export const LINK_TTL_SECONDS = 60 * 60

export const DOWNLOAD_FORMATS = ['mp3', 'wav', 'srt', 'vtt', 'json', ...TELEPHONE_DOWNLOADS] as const
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]

/** Every file a request may have in storage (the rendered audio, its timeline, the other format, subtitles). */
export const requestFileKeys = (
  row: Pick<SynthesisRow, 'id' | 'audioKey' | 'timelineKey'> & Partial<Pick<SynthesisRow, 'audioParts'>>,
): string[] => {
  const mp3 = synthesisKeys(row.id, 'mp3')
  const keys = [
    row.audioKey,
    row.timelineKey,
    mp3.audio,
    synthesisKeys(row.id, 'wav').audio,
    mp3.srt,
    mp3.vtt,
    ...TELEPHONE_DOWNLOADS.map((f) => synthesisKeys(row.id, f).audio),
    // Parts published while it rendered that the render could not remove (it stopped mid-way).
    ...audioPartKeys(row.id, row.audioParts ?? 0),
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

/** A telephone file: rendered again from the sentence cache (no engine work), not charged. */
const writeTelephone = async (
  storage: Storage,
  row: SynthesisRow,
  format: TelephoneDownload,
  key: string,
) => {
  const { audioType, sampleRate } = telephoneRender(format)
  const rendered = renderAudioType(
    {
      paragraphs: row.paragraphs as RenderParagraph[],
      bitrate: row.bitrate,
      sampleRate,
      pauses: (row.pauses ?? undefined) as Partial<PauseSettings> | undefined,
      dictionary: (row.dictionary ?? undefined) as DictionaryEntry[] | undefined,
      cache: sentenceCacheFor(storage),
    },
    audioType,
  )
  await storage.put(
    key,
    rendered.audio instanceof Uint8Array ? rendered.audio : Readable.from(rendered.audio),
    {
      contentType: rendered.mimeType,
    },
  )
  await rendered.done
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
  const format = requested ?? (row.audioType as DownloadFormat)
  const keys = synthesisKeys(row.id, format)
  let key = keys.audio
  if (format === 'json') key = row.timelineKey
  else if (format === 'srt' || format === 'vtt') {
    key = format === 'srt' ? keys.srt : keys.vtt
    if (!(await storage.exists(key))) await writeSubtitles(storage, row, format, key)
  } else if (!(await storage.exists(key))) {
    if ((TELEPHONE_DOWNLOADS as readonly string[]).includes(format))
      await writeTelephone(storage, row, format as TelephoneDownload, key)
    else await writeAudio(storage, row, format as 'mp3' | 'wav', key)
  }
  const base = downloadBaseName(row.title, row.id)
  const url = await storage.signedDownloadUrl(key, {
    expiresInSeconds: LINK_TTL_SECONDS,
    filename: `${base}.${extensionOf(format)}`,
  })
  return { url, format, expiresAt: new Date(Date.now() + LINK_TTL_SECONDS * 1000) }
}
