/**
 * Account deletion request (spec §7 `POST /api/v1/request-to-delete-account: contact`): an operator deletes the
 * account after reaching the requester at `contact`. Sent with the bearer token so the request names the account.
 */
import { HttpError, type HttpClient } from './http/client'

export type DeletionRequestOutcome = { ok: true; id: number } | { ok: false; errorCode?: string }

export const requestAccountDeletion = async (
  http: HttpClient,
  contact: string,
  token: string | undefined,
): Promise<DeletionRequestOutcome> => {
  try {
    const answer = await http.request<{ status: number; result?: { id: number } }>(
      'POST',
      '/api/v1/request-to-delete-account',
      { token, body: { contact: contact.trim() } },
    )
    return answer.status === 1 && answer.result ? { ok: true, id: answer.result.id } : { ok: false }
  } catch (error) {
    return { ok: false, ...(error instanceof HttpError && error.code ? { errorCode: error.code } : {}) }
  }
}
