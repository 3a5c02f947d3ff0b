import { describe, expect, it } from 'vitest'
import { dailyUsage } from './usage'

describe('daily usage', () => {
  it('groups requests by UTC day over a window, oldest first, dropping older ones', () => {
    const now = new Date('2026-11-21T06:00:00Z')
    const days = dailyUsage(
      [
        { createdAt: '2026-11-21T01:00:00.000Z', characters: 10 },
        { createdAt: '2026-11-21T05:00:00.000Z', characters: 5 },
        { createdAt: '2026-11-19T23:59:59.000Z', characters: 7 },
        { createdAt: '2026-10-01T00:00:00.000Z', characters: 99 },
      ],
      3,
      now,
    )
    expect(days).toEqual([
      { day: '2026-11-19', requests: 1, characters: 7 },
      { day: '2026-11-20', requests: 0, characters: 0 },
      { day: '2026-11-21', requests: 2, characters: 15 },
    ])
  })
})
