import { describe, expect, it } from 'vitest'
import { readReason } from './ledger-reason'

describe('reading a ledger reason back into a message', () => {
  it.each([
    ['signup package', 'signup', {}, []],
    ['Studio synthesis 3f2a', 'studioSynthesis', { id: '3f2a' }, []],
    ['API synthesis 9c1: released', 'apiSynthesis', { id: '9c1' }, ['released']],
    ['API synthesis 9c1: failure', 'apiSynthesis', { id: '9c1' }, ['failed']],
    ['Studio synthesis 7: unused part of the reservation', 'studioSynthesis', { id: '7' }, ['unused']],
    ['Synthesis 12: cancelled', 'synthesis', { id: '12' }, ['cancelled']],
    ['dubbing render', 'dubbingRenderAny', { id: '' }, []],
    ['dubbing render r-1 cancelled', 'dubbingRender', { id: 'r-1' }, ['cancelled']],
    ['dubbing render r-1 failed: released', 'dubbingRender', { id: 'r-1' }, ['failed', 'released']],
    ['dubbing: regenerate a line', 'dubbingLine', {}, []],
    ['call prompts j9 rendered nothing', 'callPrompts', { id: 'j9' }, ['nothing']],
    ['order LQ7K2: BASIC_1M', 'order', { code: 'LQ7K2', package: 'BASIC_1M' }, []],
    ['refund of order LQ7K2: khách đổi ý', 'refund', { code: 'LQ7K2', note: 'khách đổi ý' }, []],
    ['credits expired on 2026-12-01T00:00:00.000Z', 'expired', { date: '2026-12-01' }, []],
  ])('%s', (raw, key, values, outcomes) => {
    expect(readReason(raw)).toEqual({ base: { key, values }, raw, outcomes })
  })

  it('leaves an operator’s own words as they are', () => {
    for (const raw of ['Khách hàng yêu cầu qua hotline', 'bù lỗi hệ thống: released by hand', 'order'])
      expect(readReason(raw)).toEqual({ base: null, raw, outcomes: [] })
  })
})
