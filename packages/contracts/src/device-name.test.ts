import { describe, expect, it } from 'vitest'
import { deviceName, vietnamTime } from './device-name.ts'

describe('device names and times shown to people', () => {
  it('names a browser and its system from the User-Agent', () => {
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'),
    ).toBe('Chrome · Windows')
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1',
      ),
    ).toBe('Safari · iOS')
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(
      'Edge · Linux',
    )
    expect(deviceName('')).toBe('Browser')
  })

  it('shows times in Vietnam (UTC+7), in the page language', () => {
    const at = new Date('2026-11-23T14:05:00Z')
    expect(vietnamTime(at, 'en')).toContain('21:05')
    expect(vietnamTime(at, 'vi')).toContain('21:05')
    expect(vietnamTime(at, 'en')).toContain('23 Nov 2026')
  })
})
