import { describe, expect, it } from 'vitest'
import { distinctVoices } from './default-voices.ts'

const catalogue = [
  { code: 'north-female', gender: 'FEMALE', region: 'NORTH' },
  { code: 'north-female-2', gender: 'FEMALE', region: 'NORTH' },
  { code: 'south-male', gender: 'MALE', region: 'SOUTH' },
  { code: 'north-male', gender: 'MALE', region: 'NORTH' },
  { code: 'south-female', gender: 'FEMALE', region: 'SOUTH' },
]

describe('distinct default voices', () => {
  it('gives each speaker its own voice, alternating gender, then region', () => {
    const v = distinctVoices(['Lan', 'Minh', 'Hoa', 'Tuấn'], catalogue, 'north-female')
    expect(v.get('Lan')).toBe('north-female')
    expect(v.get('Minh')).toBe('south-male')
    expect(v.get('Hoa')).toBe('south-female')
    expect(v.get('Tuấn')).toBe('north-male')
    expect(new Set(v.values()).size).toBe(4)
  })

  it('falls back to the project voice when the catalogue runs out', () => {
    const v = distinctVoices(['A', 'B'], [], 'vi-north-female-mai')
    expect([...v.values()]).toEqual(['vi-north-female-mai', 'vi-north-female-mai'])
  })
})
