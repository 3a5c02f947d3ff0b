import { describe, expect, it } from 'vitest'
import { expiryState, lifetimeOf, lifetimeValue, TOKEN_LIFETIMES, vietnamTime } from './token-expiry'

const NOW = Date.parse('2026-11-23T10:00:00Z')
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString()

describe('token expiry', () => {
  it('offers 7, 30, 60, 90 days and never, each a round trip through its option value', () => {
    expect(TOKEN_LIFETIMES.map(lifetimeValue)).toEqual(['7', '30', '60', '90', 'never'])
    for (const days of TOKEN_LIFETIMES) expect(lifetimeOf(lifetimeValue(days))).toBe(days)
    expect(lifetimeOf('365')).toBe(90)
  })

  it('states: never, expired (at or past the time), within a day, days left (rounded)', () => {
    expect(expiryState(null, NOW)).toEqual({ kind: 'never' })
    expect(expiryState(at(0), NOW)).toEqual({ kind: 'expired', at: at(0) })
    expect(expiryState(at(-48), NOW).kind).toBe('expired')
    expect(expiryState(at(23.9), NOW)).toEqual({ kind: 'soon', at: at(23.9) })
    expect(expiryState(at(24), NOW)).toEqual({ kind: 'active', at: at(24), days: 1 })
    expect(expiryState(at(36), NOW)).toMatchObject({ kind: 'active', days: 2 })
    expect(expiryState(at(7 * 24 - 0.01), NOW)).toMatchObject({ kind: 'active', days: 7 })
    expect(expiryState(at(90 * 24), NOW)).toMatchObject({ kind: 'active', days: 90 })
  })

  it('shows the time in Vietnam (UTC+7) whatever the zone of the browser', () => {
    expect(vietnamTime('2026-11-23T17:05:00Z', 'vi')).toBe('00:05 24/11/2026')
    expect(vietnamTime('2026-11-23T10:05:00Z', 'en')).toMatch(/23 Nov 2026.*17:05/)
  })
})
