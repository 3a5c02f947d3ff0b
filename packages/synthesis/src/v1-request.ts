import type { Storage } from '@loa/storage'
import { audioExpired, audioWasDeleted } from './audio-expired.ts'
import { synthesisKeys } from './requests.ts'
import { audioExtensionOf } from './telephony.ts'
import { ensureDownload } from './service/files.ts'
import type { SynthesisRow } from './service/rows.ts'

/**
 * A request in the shape of the developer API v1 (`GET /v1/tts/requests/{id}`, and the webhook of requests made
 * through `POST /v1/tts`). The api's zod schema of it (apps/api/src/routes/v1/wire.ts) documents each field.
 */
export interface V1Request {
  requestId: string
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE'
  progress: number
  voiceCode: string
  outputFormat: string
  sampleRate: number
  characters: number
  charactersCharged: number | null
  audioLink: string | null
  linkExpiresAt: string | null
  timeline: { srt: string; vtt: string; words: string } | null
  retainUntil: string | null
  audioDeleted: boolean
  audioDeletedAt: string | null
  durationMs: number | null
  errorCode: string | null
  errorMessage: string | null
  createdAt: string
  finishedAt: string | null
}

/** CANCELLED (by the owner in the console) reads as a failure to a v1 client, with its own error code. */
const statusOf = (row: SynthesisRow): V1Request['status'] =>
  row.status === 'SUCCESS' ? 'SUCCESS' : row.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'FAILURE'

/** Signed, short-lived links to a finished request's audio and timeline (subtitles are written once). */
const linksOf = async (storage: Storage, row: SynthesisRow, ttlSeconds: number) => {
  const sign = (key: string, ext: string) =>
    storage.signedDownloadUrl(key, { expiresInSeconds: ttlSeconds, filename: `${row.id}.${ext}` })
  const keys = synthesisKeys(row.id, row.audioType)
  // ensureDownload writes the SRT/VTT files from the stored timeline the first time they are asked for.
  await ensureDownload(storage, row, 'srt')
  await ensureDownload(storage, row, 'vtt')
  return {
    audioLink: await sign(row.audioKey!, audioExtensionOf(row.audioType)),
    linkExpiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
    timeline: {
      srt: await sign(keys.srt, 'srt'),
      vtt: await sign(keys.vtt, 'vtt'),
      words: await sign(row.timelineKey!, 'json'),
    },
  }
}

/**
 * A synthesis request in the v1 shape (camelCase, no envelope); links (valid `linkTtlSeconds`: the api's
 * TTS_V1_LINK_TTL_SECONDS on the poll, a day in the webhook) only once it succeeded and until the retention sweep deleted its files
 * (`audioDeleted`, `errorCode: "TTS_AUDIO_EXPIRED"`).
 */
export const v1RequestOf = async (
  row: SynthesisRow,
  storage: Storage | undefined,
  linkTtlSeconds: number,
): Promise<V1Request> => {
  const status = statusOf(row)
  // Only a request that succeeded had audio to lose; a failed or cancelled one keeps its own error code.
  const deleted = audioWasDeleted(row)
  const links =
    status === 'SUCCESS' && !deleted && storage && row.audioKey && row.timelineKey
      ? await linksOf(storage, row, linkTtlSeconds)
      : { audioLink: null, linkExpiresAt: null, timeline: null }
  const expired = deleted ? audioExpired(row) : null
  return {
    requestId: row.id,
    status,
    progress: row.progress,
    voiceCode: row.voiceCode,
    outputFormat: row.audioType,
    sampleRate: row.sampleRate,
    characters: row.characters,
    charactersCharged: row.chargedCharacters,
    ...links,
    retainUntil: row.retainUntil?.toISOString() ?? null,
    audioDeleted: deleted,
    audioDeletedAt: deleted ? row.audioDeletedAt!.toISOString() : null,
    durationMs: row.durationMs,
    errorCode: row.status === 'CANCELLED' ? 'CANCELLED' : (expired?.code ?? row.errorCode),
    errorMessage:
      row.status === 'CANCELLED' ? 'The request was cancelled' : (expired?.message ?? row.errorMessage),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
