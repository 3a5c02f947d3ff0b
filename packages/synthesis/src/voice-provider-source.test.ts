import { voiceProviderSchema } from '@loa/contracts'
import { describe, expect, it } from 'vitest'
import { mergeProviders, type StoredProvider } from './voice-provider-source.ts'

const entry = (id: string, codes: string[], extra: Record<string, unknown> = {}) =>
  voiceProviderSchema.parse({
    id,
    kind: 'openai',
    base_url: 'http://gpu-box:8000/v1',
    voices: codes.map((code) => ({
      code,
      provider_voice: code,
      name: code,
      gender: 'female',
      region: 'north',
    })),
    ...extra,
  })
const row = (
  id: string,
  codes: string[],
  enabled = true,
  extra: Record<string, unknown> = {},
): StoredProvider => ({
  id,
  enabled,
  updatedAt: new Date(0),
  raw: {},
  entry: entry(id, codes, extra),
})

describe('mergeProviders', () => {
  it("keeps the file's providers first and adds the enabled stored ones that take no id or code", () => {
    const file = [entry('file', ['a'])]
    const merged = mergeProviders(
      file,
      [
        row('screen', ['b']),
        row('off', ['c'], false),
        row('file', ['d']),
        row('clash', ['a']),
        row('second', ['b']),
        { id: 'broken', enabled: true, updatedAt: new Date(0), raw: {}, entry: undefined, problem: 'kind' },
      ],
      () => undefined,
    )
    expect(merged.map((p) => p.id)).toEqual(['file', 'screen'])
  })

  it('reads a stored provider’s key from the variable it names, through the reader given', () => {
    const keys: Record<string, string> = { VOICE_KEY_GPU: 'sk-1' }
    const [p] = mergeProviders(
      [],
      [row('gpu', ['a'], true, { api_key_env: 'VOICE_KEY_GPU' })],
      (n) => keys[n],
    )
    expect(p!.apiKey?.()).toBe('sk-1')
    keys.VOICE_KEY_GPU = 'sk-2'
    expect(p!.apiKey?.()).toBe('sk-2')
    expect(JSON.stringify(p)).not.toContain('sk-2')
  })
})
