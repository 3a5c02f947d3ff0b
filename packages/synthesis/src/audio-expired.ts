import { AppError } from '@loa/contracts'
import type { SynthesisRow } from './service/rows.ts'

export const RetentionErrorCode = {
  /** The request's audio and timeline files were deleted after its retention period. */
  TTS_AUDIO_EXPIRED: 'TTS_AUDIO_EXPIRED',
} as const

export type RetainedRow = Pick<SynthesisRow, 'id' | 'status' | 'audioDeletedAt' | 'retainUntil'>

/**
 * True when the request had audio (it succeeded) and the retention sweep has deleted it. The sweep also stamps
 * requests that failed or were cancelled (clearing anything they left), but those never had audio to lose: they
 * keep answering with their own outcome.
 */
export const audioWasDeleted = (row: RetainedRow): boolean =>
  row.status === 'SUCCESS' && row.audioDeletedAt !== null

/** 410 TTS_AUDIO_EXPIRED for a request whose files the retention sweep deleted. */
export const audioExpired = (row: RetainedRow): AppError =>
  new AppError(
    RetentionErrorCode.TTS_AUDIO_EXPIRED,
    `The audio of request ${row.id} was deleted on ${row.audioDeletedAt?.toISOString() ?? 'its expiry'} ` +
      'after its retention period; synthesize the text again',
    410,
    {
      details: {
        request_id: row.id,
        audio_deleted_at: row.audioDeletedAt?.toISOString() ?? null,
        retain_until: row.retainUntil?.toISOString() ?? null,
      },
    },
  )

/** Throws 410 TTS_AUDIO_EXPIRED when the retention sweep has deleted the audio of a request that succeeded. */
export const assertAudioKept = (row: RetainedRow): void => {
  if (audioWasDeleted(row)) throw audioExpired(row)
}
