import type { Storage } from '@loa/storage'
import { CALLBACK_LINK_TTL_SECONDS } from './callback-payload.ts'
import type { RequestRow } from './requests.ts'
import { audioExtensionOf } from './telephony.ts'

/**
 * The callback body of a request made through the FPT.AI-shaped door (`webhook: "fpt"`), as FPT.AI v5 sends it:
 * `{"message": "<audio link>", "success": "true"}`, or `{"message": "<error>", "success": "false"}`.
 */
export const fptCallbackOf = async (row: RequestRow, storage: Storage) =>
  row.status === 'SUCCESS' && row.audioKey
    ? {
        message: await storage.signedDownloadUrl(row.audioKey, {
          expiresInSeconds: CALLBACK_LINK_TTL_SECONDS,
          filename: `${row.id}.${audioExtensionOf(row.audioType)}`,
        }),
        success: 'true',
      }
    : {
        message: `${row.errorCode ?? row.status}: ${row.errorMessage ?? 'the synthesis failed'}`,
        success: 'false',
      }
