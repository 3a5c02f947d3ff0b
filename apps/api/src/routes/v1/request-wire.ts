import type { Storage } from '@loa/storage'
import { ensureDownload, synthesisKeys, type SynthesisRow } from '@loa/synthesis'
import type { V1Request } from './wire.ts'

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
    audioLink: await sign(row.audioKey!, row.audioType),
    linkExpiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
    timeline: {
      srt: await sign(keys.srt, 'srt'),
      vtt: await sign(keys.vtt, 'vtt'),
      words: await sign(row.timelineKey!, 'json'),
    },
  }
}

/**
 * A synthesis request in the v1 shape (camelCase, no envelope); links (valid `linkTtlSeconds`, from
 * TTS_V1_LINK_TTL_SECONDS) only once it succeeded.
 */
export const v1RequestOf = async (
  row: SynthesisRow,
  storage: Storage | undefined,
  linkTtlSeconds: number,
): Promise<V1Request> => {
  const status = statusOf(row)
  const links =
    status === 'SUCCESS' && storage && row.audioKey && row.timelineKey
      ? await linksOf(storage, row, linkTtlSeconds)
      : { audioLink: null, linkExpiresAt: null, timeline: null }
  return {
    requestId: row.id,
    status,
    progress: row.progress,
    voiceCode: row.voiceCode,
    outputFormat: row.audioType,
    characters: row.characters,
    charactersCharged: row.chargedCharacters,
    ...links,
    durationMs: row.durationMs,
    errorCode: row.status === 'CANCELLED' ? 'CANCELLED' : row.errorCode,
    errorMessage: row.status === 'CANCELLED' ? 'The request was cancelled' : row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
