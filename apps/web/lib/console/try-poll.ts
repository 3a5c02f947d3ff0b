/** One answer of the developer API v1 (`/v1/tts…`) as the console's try-it panel shows it. */
export interface TryResponse {
  status: number
  body: unknown
}

const FINAL = new Set(['SUCCESS', 'FAILURE', 'CANCELLED'])

interface V1Request {
  requestId?: unknown
  status?: unknown
  audioLink?: unknown
}
interface V1Error {
  error?: { code?: unknown }
}

const requestOf = (answer: TryResponse) => (answer.body ?? null) as V1Request | null

/** The request id of an accepted request still running (202 IN_PROGRESS, or a sync wait that ran out), else null. */
export const runningRequestId = (answer: TryResponse): string | null => {
  const request = requestOf(answer)
  if (answer.status >= 300 || typeof request?.requestId !== 'string') return null
  return typeof request.status === 'string' && FINAL.has(request.status) ? null : request.requestId
}

/** The audio link of a finished request's answer, else null. */
export const audioLinkOf = (answer: TryResponse): string | null => {
  const link = requestOf(answer)?.audioLink
  return typeof link === 'string' && link ? link : null
}

/** The v1 error code of a refused call (`{ error: { code, message } }`), else null. */
export const errorCodeOfAnswer = (answer: TryResponse): string | null => {
  if (answer.status < 400) return null
  const code = ((answer.body ?? null) as V1Error | null)?.error?.code
  return typeof code === 'string' ? code : 'UNKNOWN'
}

/**
 * Asks for the request's status every `intervalMs` until it is final (or a call fails, or `timeoutMs` passes),
 * reporting each answer; returns the last one.
 */
export const pollUntilDone = async (
  ask: () => Promise<TryResponse>,
  onAnswer: (answer: TryResponse) => void,
  {
    intervalMs = 1_000,
    timeoutMs = 120_000,
    sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  } = {},
): Promise<TryResponse | null> => {
  const deadline = Date.now() + timeoutMs
  let last: TryResponse | null = null
  while (Date.now() < deadline) {
    await sleep(intervalMs)
    last = await ask()
    onAnswer(last)
    const status = requestOf(last)?.status
    if (last.status >= 300 || (typeof status === 'string' && FINAL.has(status))) return last
  }
  return last
}
