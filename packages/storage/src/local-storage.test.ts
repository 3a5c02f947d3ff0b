import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalStorage, StorageErrorCode, type LocalStorage } from './index.ts'

const SECRET = 'test-secret-0123456789abcdef'
let dir: string
let storage: LocalStorage

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'loa-storage-'))
  storage = createLocalStorage({
    root: path.join(dir, 'files'),
    signingSecret: SECRET,
    publicBaseUrl: 'http://localhost:4000/api/v1/files',
    maxObjectBytes: 1024,
  })
})

afterEach(async () => {
  rmSync(dir, { recursive: true, force: true })
})

describe('local storage', () => {
  it('stores, reads, lists existence and deletes objects', async () => {
    await storage.put('audio/u1/a.mp3', new Uint8Array([1, 2, 3]), { contentType: 'audio/mpeg' })
    expect(await storage.exists('audio/u1/a.mp3')).toBe(true)
    expect(Array.from(await storage.getBytes('audio/u1/a.mp3'))).toEqual([1, 2, 3])
    expect(await storage.meta('audio/u1/a.mp3')).toEqual({ contentType: 'audio/mpeg', size: 3 })
    await storage.put('audio/u1/b.txt', Readable.from([Buffer.from('xin '), Buffer.from('chào')]))
    expect(Buffer.from(await storage.getBytes('audio/u1/b.txt')).toString()).toBe('xin chào')
    await storage.delete('audio/u1/a.mp3')
    expect(await storage.exists('audio/u1/a.mp3')).toBe(false)
    await expect(storage.getBytes('audio/u1/a.mp3')).rejects.toMatchObject({
      code: StorageErrorCode.FILE_NOT_FOUND,
    })
    await expect(storage.get('nope.bin')).rejects.toMatchObject({ code: StorageErrorCode.FILE_NOT_FOUND })
  })

  it('refuses keys that could escape its directory', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      '.meta/x.json',
      'a/./b',
      'a\\b',
      '',
      'a/.hidden',
    ])
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toMatchObject({
        code: StorageErrorCode.FILE_KEY_INVALID,
      })
    expect(readdirSync(dir)).toEqual([])
  })

  it('enforces the size limit without leaving partial files', async () => {
    await expect(storage.put('big.bin', new Uint8Array(2048))).rejects.toMatchObject({
      code: StorageErrorCode.FILE_TOO_LARGE,
    })
    expect(await storage.exists('big.bin')).toBe(false)
    expect(readdirSync(path.join(dir, 'files', '.tmp'))).toEqual([])
  })
})
