import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLocalStorage, StorageErrorCode, verifySignedUrl, type LocalStorage } from '@loa/storage'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerFileRoutes } from './file-routes.ts'

const SECRET = 'test-secret-0123456789abcdef'
let dir: string
let storage: LocalStorage
let app: FastifyInstance

const pathOf = (url: string) => {
  const u = new URL(url)
  return `${u.pathname}${u.search}`
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'loa-file-routes-'))
  storage = createLocalStorage({
    root: path.join(dir, 'files'),
    signingSecret: SECRET,
    publicBaseUrl: 'http://localhost:4000/api/v1/files',
    maxObjectBytes: 1024,
  })
  app = Fastify()
  await registerFileRoutes(app, { storage })
})

afterEach(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('signed URLs served by the file routes', () => {
  it('downloads with a valid link, with filename, ranges and HEAD', async () => {
    await storage.put('audio/x.mp3', new Uint8Array([10, 11, 12, 13, 14]), { contentType: 'audio/mpeg' })
    const url = await storage.signedDownloadUrl('audio/x.mp3', { filename: 'Bản tin.mp3' })
    expect(url.startsWith('http://localhost:4000/api/v1/files/audio/x.mp3?')).toBe(true)
    const res = await app.inject({ method: 'GET', url: pathOf(url) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''B%E1%BA%A3n%20tin.mp3")
    expect([...res.rawPayload]).toEqual([10, 11, 12, 13, 14])
    const part = await app.inject({ method: 'GET', url: pathOf(url), headers: { range: 'bytes=1-2' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 1-2/5')
    expect([...part.rawPayload]).toEqual([11, 12])
    const head = await app.inject({ method: 'HEAD', url: pathOf(url) })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe('5')
    const bad = await app.inject({ method: 'GET', url: pathOf(url), headers: { range: 'bytes=9-' } })
    expect(bad.json()).toMatchObject({ status: 0, error_code: StorageErrorCode.FILE_RANGE_INVALID })
  })

  it('rejects tampered, expired, wrong-operation and missing-file links with stable codes', async () => {
    await storage.put('a.bin', new Uint8Array([1]))
    const url = new URL(await storage.signedDownloadUrl('a.bin'))
    const tampered = await app.inject({ method: 'GET', url: pathOf(url.href).replace('a.bin', 'b.bin') })
    expect(tampered.statusCode).toBe(403)
    expect(tampered.json()).toMatchObject({ status: 0, error_code: StorageErrorCode.FILE_URL_INVALID })
    const upload = await app.inject({ method: 'PUT', url: pathOf(url.href), payload: 'x' })
    expect(upload.json().error_code).toBe(StorageErrorCode.FILE_URL_INVALID)
    const expired = await storage.signedDownloadUrl('a.bin', { expiresInSeconds: -5 })
    const res = await app.inject({ method: 'GET', url: pathOf(expired) })
    expect(res.json()).toMatchObject({ error_code: StorageErrorCode.FILE_URL_EXPIRED })
    const gone = await storage.signedDownloadUrl('gone.bin')
    const missing = await app.inject({ method: 'GET', url: pathOf(gone) })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error_code).toBe(StorageErrorCode.FILE_NOT_FOUND)
    const unsigned = await app.inject({ method: 'GET', url: '/api/v1/files/a.bin' })
    expect(unsigned.statusCode).toBe(403)
    expect(() => verifySignedUrl('another-secret-0123456', 'get', 'a.bin', url.searchParams)).toThrow(
      expect.objectContaining({ code: StorageErrorCode.FILE_URL_INVALID }),
    )
  })

  it('accepts uploads within the signed size and content type only', async () => {
    const url = await storage.signedUploadUrl('uploads/u1/sub.srt', {
      contentType: 'text/plain',
      maxBytes: 100,
    })
    const ok = await app.inject({
      method: 'PUT',
      url: pathOf(url),
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: '1\n00:00:01,000 --> 00:00:02,000\nXin chào\n',
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      status: 1,
      result: { key: 'uploads/u1/sub.srt', content_type: 'text/plain' },
    })
    expect(Buffer.from(await storage.getBytes('uploads/u1/sub.srt')).toString()).toContain('Xin chào')
    const wrongType = await app.inject({
      method: 'PUT',
      url: pathOf(url),
      headers: { 'content-type': 'video/mp4' },
      payload: 'x',
    })
    expect(wrongType.statusCode).toBe(415)
    expect(wrongType.json().error_code).toBe(StorageErrorCode.FILE_CONTENT_TYPE_MISMATCH)
    const tooBig = await app.inject({
      method: 'PUT',
      url: pathOf(url),
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(101),
    })
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().error_code).toBe(StorageErrorCode.FILE_TOO_LARGE)
  })
})
