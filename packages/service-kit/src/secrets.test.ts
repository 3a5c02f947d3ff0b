import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readOrCreateSecret, readStoredSecret, resolveFileSigningSecret, secretsFile } from './secrets.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'loa-secrets-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('secrets.json', () => {
  it('generates a secret once, keeps it, and merges names without losing the others', () => {
    expect(readStoredSecret(dir, 'A')).toBeUndefined()
    const a = readOrCreateSecret(dir, 'A')
    expect(a.length).toBeGreaterThanOrEqual(32)
    expect(readOrCreateSecret(dir, 'A')).toBe(a)
    const b = readOrCreateSecret(dir, 'B', () => 'loa_custom_0123456789abcdef')
    expect(b).toBe('loa_custom_0123456789abcdef')
    expect(JSON.parse(readFileSync(secretsFile(dir), 'utf8'))).toEqual({ A: a, B: b })
    expect(statSync(secretsFile(dir)).mode & 0o777).toBe(0o600)
  })

  it('treats a short or unreadable stored value as missing', () => {
    writeFileSync(secretsFile(dir), '{"A":"short"}')
    expect(readStoredSecret(dir, 'A')).toBeUndefined()
    expect(readOrCreateSecret(dir, 'A')).not.toBe('short')
    writeFileSync(secretsFile(dir), 'not json')
    expect(readStoredSecret(dir, 'A')).toBeUndefined()
  })

  it('prefers FILE_SIGNING_SECRET from the environment', () => {
    expect(resolveFileSigningSecret({ fileSigningSecret: 'from-env-0123456789', dataDir: dir })).toBe(
      'from-env-0123456789',
    )
    const stored = resolveFileSigningSecret({ dataDir: dir })
    expect(resolveFileSigningSecret({ dataDir: dir })).toBe(stored)
  })
})
