/** One answer of the developer API as the console's try-it panel shows it. */
export interface TryResponse {
  status: number
  body: unknown
}

const FINAL = new Set(['SUCCESS', 'FAILURE', 'CANCELLED'])

const resultOf = (answer: TryResponse) =>
  (answer.body as { result?: { request_id?: unknown; status?: unknown; audio_link?: unknown } } | null)
    ?.result

/** The request id of an accepted TTS request still running (the first answer is IN_PROGRESS), else null. */
export const runningRequestId = (answer: TryResponse): string | null => {
  const result = resultOf(answer)
  if (answer.status !== 200 || typeof result?.request_id !== 'string') return null
  return typeof result.status === 'string' && FINAL.has(result.status) ? null : result.request_id
}

/** The audio link of a finished request's answer, else null. */
export const audioLinkOf = (answer: TryResponse): string | null => {
  const link = resultOf(answer)?.audio_link
  return typeof link === 'string' && link ? link : null
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
    const status = resultOf(last)?.status
    if (last.status !== 200 || (typeof status === 'string' && FINAL.has(status))) return last
  }
  return last
}
