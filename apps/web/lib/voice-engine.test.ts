import { describe, expect, it } from 'vitest'
import type { Voice } from './api/types'
import { voiceEngineInfo } from './voice-engine'

const voice = (extra: Record<string, unknown>): Voice =>
  ({ code: 'v', name: 'V', gender: 'FEMALE', ...extra }) as Voice

describe('voiceEngineInfo', () => {
  it('marks neural voices and carries the credit line their licence asks for', () => {
    expect(
      voiceEngineInfo(voice({ engine: 'piper', attribution: ' Trained on VAIS-1000 (CC BY 4.0) ' })),
    ).toEqual({
      neural: true,
      attribution: 'Trained on VAIS-1000 (CC BY 4.0)',
    })
  })

  it('leaves eSpeak voices and voices without a credit line plain', () => {
    expect(voiceEngineInfo(voice({ engine: 'espeak', attribution: null }))).toEqual({ neural: false })
    expect(voiceEngineInfo(voice({ engine: 'piper', attribution: '' }))).toEqual({ neural: true })
    expect(voiceEngineInfo(voice({}))).toEqual({ neural: false })
  })
})
