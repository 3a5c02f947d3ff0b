import { describe, expect, it } from 'vitest'
import { audioLinkOf, pollUntilDone, runningRequestId, type TryResponse } from './try-poll'

const answer = (status: string, extra: Record<string, unknown> = {}): TryResponse => ({
  status: 200,
  body: { status: 1, result: { request_id: 'r1', status, ...extra } },
})

describe('try-it polling', () => {
  it('follows an accepted request until it is final, reporting each answer', async () => {
    expect(runningRequestId(answer('IN_PROGRESS'))).toBe('r1')
    expect(runningRequestId(answer('SUCCESS'))).toBeNull()
    expect(runningRequestId({ status: 401, body: { status: 0 } })).toBeNull()
    const answers = [
      answer('IN_PROGRESS', { progress: 50 }),
      answer('SUCCESS', { audio_link: 'https://x/a.mp3' }),
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

  it('stops on an error answer', async () => {
    const last = await pollUntilDone(
      async () => ({ status: 429, body: { status: 0, error_code: 'RATE_LIMITED' } }),
      () => undefined,
      { sleep: async () => {} },
    )
    expect(last!.status).toBe(429)
  })
})
