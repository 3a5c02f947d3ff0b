import { HTTP_TIMEOUT_MS, MAX_DEMO_CHARACTERS, camelizeKeys } from '@loa/contracts/browser'
import { isSuccessStatus } from '../http/client'

export const DEMO_TEXT_MAX = MAX_DEMO_CHARACTERS

export type DemoSynthesisResult = { ok: true; audio: Blob } | { ok: false; errorCode: string }

/** An answered demo synthesis whose audio is still arriving (`response.body` streams the MP3). */
export type DemoSynthesisStream = { ok: true; response: Response } | { ok: false; errorCode: string }

export interface DemoSynthesisInput {
  text: string
  voiceCode: string
  /** The visitor id (the API limits demo requests per IP and per fingerprint). */
  fingerprint?: string
}

const withTimeout = (signal?: AbortSignal): AbortSignal => {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS)
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : timeout
}

/**
 * Try-it box: `POST {api}/api/v1/demo/synthesis` answers with streamed audio. Resolves as soon as the answer's headers
 * are in (the audio body still streaming). A missing endpoint (404/405) or an unreachable service gives
 * DEMO_SYNTHESIS_UNAVAILABLE; other failures give the server's error code (translated by the caller).
 */
export const openDemoSynthesis = async (
  apiUrl: string,
  input: DemoSynthesisInput,
  options: { fetchImpl?: typeof fetch; signal?: AbortSignal } = {},
): Promise<DemoSynthesisStream> => {
  const fetchImpl = options.fetchImpl ?? fetch
  let response: Response
  try {
    response = await fetchImpl(`${apiUrl}/api/v1/demo/synthesis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'audio/mpeg, audio/*' },
      body: JSON.stringify({
        text: input.text,
        voice_code: input.voiceCode,
        ...(input.fingerprint ? { fingerprint: input.fingerprint } : {}),
      }),
      signal: withTimeout(options.signal),
    })
  } catch (error) {
    return {
      ok: false,
      errorCode: (error as Error)?.name === 'TimeoutError' ? 'ECONNABORTED' : 'DEMO_SYNTHESIS_UNAVAILABLE',
    }
  }
  if (response.status === 404 || response.status === 405 || response.status === 501) {
    return { ok: false, errorCode: 'DEMO_SYNTHESIS_UNAVAILABLE' }
  }
  const type = response.headers.get('content-type') ?? ''
  if (!isSuccessStatus(response.status) || type.includes('json')) {
    const body = camelizeKeys<{ errorCode?: string }>(await response.json().catch(() => ({})))
    const fallback = response.status === 429 ? 'RATE_LIMITED' : 'UNKNOWN'
    return { ok: false, errorCode: body?.errorCode ?? fallback }
  }
  return { ok: true, response }
}

/** The demo synthesis read into one blob (callers that play the audio only once it is complete). */
export const requestDemoSynthesis = async (
  apiUrl: string,
  input: DemoSynthesisInput,
  fetchImpl: typeof fetch = fetch,
): Promise<DemoSynthesisResult> => {
  const opened = await openDemoSynthesis(apiUrl, input, { fetchImpl })
  if (!opened.ok) return opened
  const audio = await opened.response.blob().catch(() => null)
  if (!audio?.size) return { ok: false, errorCode: 'DEMO_SYNTHESIS_UNAVAILABLE' }
  return { ok: true, audio }
}
