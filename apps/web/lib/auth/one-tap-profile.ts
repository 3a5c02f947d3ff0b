/**
 * After a Google One Tap sign-in (spec §7): the One Tap user is read from a token-info endpoint with the Google ID
 * token (Google's own, or our SSO's compatible `/tokeninfo` in the embedded mode), shaped as the spec's One Tap login
 * payload, and sent to the product API (`POST auths/google-one-tap`, bearer), which fills the profile with it.
 */
import { HTTP_TIMEOUT_MS, stripFalsy } from '@loa/contracts/browser'
import { createHttpClient, type HttpClient } from '../http/client'

/** Spec §3 "One-tap login payload". */
export interface OneTapLoginPayload {
  firstName?: string
  lastName?: string
  email: string
  avatar?: string
  providerId: string
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined)

/** Google's token-info answer (string claims) as the payload; null when it lacks a subject or an email. */
export const oneTapPayloadFrom = (info: unknown): OneTapLoginPayload | null => {
  if (!info || typeof info !== 'object') return null
  const claims = info as Record<string, unknown>
  const email = text(claims.email)
  const providerId = text(claims.sub)
  if (!email || !providerId) return null
  // Spec §5: falsy keys are stripped (an account without a picture or a family name sends none).
  return {
    ...stripFalsy({
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
      avatar: text(claims.picture),
    }),
    email,
    providerId,
  }
}

/** `GET {tokenInfoUrl}?id_token=…` → the One Tap login payload, or null when the token is not accepted. */
export const readOneTapUser = async (
  tokenInfoUrl: string,
  credential: string,
  fetchImpl: typeof fetch = fetch,
): Promise<OneTapLoginPayload | null> => {
  try {
    const url = new URL(tokenInfoUrl)
    url.searchParams.set('id_token', credential)
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), cache: 'no-store' })
    return response.ok ? oneTapPayloadFrom(await response.json()) : null
  } catch {
    return null
  }
}

/** `POST /api/v1/auths/google-one-tap` (bearer) with the payload; resolves whether the profile was updated. */
export const sendOneTapProfile = async (
  http: HttpClient,
  token: string,
  payload: OneTapLoginPayload,
): Promise<boolean> => {
  try {
    const answer = await http.request<{ status?: number }>('POST', '/api/v1/auths/google-one-tap', {
      token,
      body: payload,
    })
    return answer.status === 1
  } catch {
    return false
  }
}

/** The whole follow-up of a One Tap sign-in: read the One Tap user, then fill the profile (when both work). */
export const fillProfileAfterOneTap = async (
  config: { googleTokenInfoUrl: string; apiUrl: string },
  credential: string,
  token: string | undefined,
): Promise<boolean> => {
  if (!token) return false
  const payload = await readOneTapUser(config.googleTokenInfoUrl, credential)
  return payload ? sendOneTapProfile(createHttpClient(config.apiUrl), token, payload) : false
}
