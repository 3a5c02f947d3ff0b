import type { Storage } from '@loa/storage'
import type { RequestRow } from './requests.ts'
import { audioExtensionOf } from './telephony.ts'

/** How long the audio link in a callback stays valid. */
export const CALLBACK_LINK_TTL_SECONDS = 24 * 60 * 60

/** A developer-API request in Vbee's fields: what `POST /tts` answers and every callback body starts with. */
export const vbeeRequestFields = (row: RequestRow) => ({
  app_id: row.apiAppId,
  request_id: row.id,
  characters: row.characters,
  voice_code: row.voiceCode,
  audio_type: row.audioType,
  speed_rate: row.speedRate,
  bitrate: row.bitrate,
  sample_rate: row.sampleRate,
  created_at: row.createdAt.toISOString(),
})

/** The callback body (Vbee's fields). */
export const callbackPayload = async (row: RequestRow, storage: Storage) => ({
  ...vbeeRequestFields(row),
  status: row.status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE',
  audio_link:
    row.status === 'SUCCESS' && row.audioKey
      ? await storage.signedDownloadUrl(row.audioKey, {
          expiresInSeconds: CALLBACK_LINK_TTL_SECONDS,
          filename: `${row.id}.${audioExtensionOf(row.audioType)}`,
        })
      : null,
  ...(row.status !== 'SUCCESS' ? { error_code: row.errorCode ?? row.status } : {}),
})
