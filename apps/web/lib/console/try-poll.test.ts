import { describe, expect, it } from 'vitest'
import { audioLinkOf, errorCodeOfAnswer, pollUntilDone, runningRequestId, type TryResponse } from './try-poll'

const answer = (status: string, extra: Record<string, unknown> = {}, http = 200): TryResponse => ({
  status: http,
  body: { requestId: 'r1', status, ...extra },
})

describe('try-it polling (developer API v1)', () => {
  it('follows an accepted request until it is final, reporting each answer', async () => {
    expect(runningRequestId(answer('IN_PROGRESS', {}, 202))).toBe('r1')
    expect(runningRequestId(answer('SUCCESS'))).toBeNull()
    expect(runningRequestId({ status: 401, body: { error: { code: 'APP_TOKEN_INVALID' } } })).toBeNull()
    const answers = [
      answer('IN_PROGRESS', { progress: 50 }),
      answer('SUCCESS', { audioLink: 'https://x/a.mp3' }),
    ]
    const seen: TryResponse[] = []
    const last = await pollUntilDone(
      async () => answers.shift()!,
      (a) => seen.push(a),
      { sleep: async () => {} },
    )
    expect(seen).toHaveLength(2)
    expect(audioLinkOf(last!)).toBe('https://x/a.mp3')
  })

  it('stops on an error answer and reads its v1 code', async () => {
    const refused = { status: 429, body: { error: { code: 'TTS_CCR_MAX_LIMIT_REACHED', message: 'busy' } } }
    const last = await pollUntilDone(
      async () => refused,
      () => undefined,
      { sleep: async () => {} },
    )
    expect(last!.status).toBe(429)
    expect(errorCodeOfAnswer(last!)).toBe('TTS_CCR_MAX_LIMIT_REACHED')
    expect(errorCodeOfAnswer({ status: 502, body: 'Bad gateway' })).toBe('UNKNOWN')
    expect(errorCodeOfAnswer(answer('SUCCESS'))).toBeNull()
  })
})
