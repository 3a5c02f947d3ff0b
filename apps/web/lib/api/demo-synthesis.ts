import { HTTP_TIMEOUT_MS, camelizeKeys } from '@loa/contracts'
import { isSuccessStatus } from '../http/client'

export const DEMO_TEXT_MAX = 300

export type DemoSynthesisResult = { ok: true; audio: Blob } | { ok: false; errorCode: string }

/**
 * Try-it box: `POST {api}/api/v1/demo/synthesis` answers with streamed audio. Reads the stream into one blob.
 * A missing endpoint (404/405) or an unreachable service gives DEMO_SYNTHESIS_UNAVAILABLE; other failures give the
 * server's error code (translated by the caller).
 */
export const requestDemoSynthesis = async (
  apiUrl: string,
  input: { text: string; voiceCode: string },
  fetchImpl: typeof fetch = fetch,
): Promise<DemoSynthesisResult> => {
  let response: Response
  try {
    response = await fetchImpl(`${apiUrl}/api/v1/demo/synthesis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'audio/mpeg, audio/*' },
      body: JSON.stringify({ text: input.text, voice_code: input.voiceCode }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
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
  const audio = await response.blob()
  if (!audio.size) return { ok: false, errorCode: 'DEMO_SYNTHESIS_UNAVAILABLE' }
  return { ok: true, audio }
}
