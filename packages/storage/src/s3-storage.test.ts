import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createS3Storage, StorageErrorCode, type Storage } from './index.ts'

/** The S3 contract, run against s3rver on loopback and, when TEST_S3_ENDPOINT is set, a real server. */
const s3Suite = (
  label: string,
  setup: () => Promise<{ storage: Storage; teardown: () => Promise<void> }>,
) => {
  describe(label, () => {
    let storage: Storage
    let teardown: () => Promise<void>
    beforeAll(async () => {
      ;({ storage, teardown } = await setup())
    })
    afterAll(async () => {
      await teardown()
    })

    it('puts, gets, checks and deletes objects', async () => {
      await storage.ping()
      await storage.put('audio/t/a.mp3', new Uint8Array([1, 2, 3, 4]), { contentType: 'audio/mpeg' })
      expect(await storage.exists('audio/t/a.mp3')).toBe(true)
      expect(Array.from(await storage.getBytes('audio/t/a.mp3'))).toEqual([1, 2, 3, 4])
      await storage.delete('audio/t/a.mp3')
      expect(await storage.exists('audio/t/a.mp3')).toBe(false)
      await expect(storage.getBytes('audio/t/a.mp3')).rejects.toMatchObject({
        code: StorageErrorCode.FILE_NOT_FOUND,
      })
      await expect(storage.put('../escape', new Uint8Array([1]))).rejects.toMatchObject({
        code: StorageErrorCode.FILE_KEY_INVALID,
      })
    })

    it('serves presigned GET and PUT URLs to a plain HTTP client', async () => {
      const put = await storage.signedUploadUrl('uploads/t/voice.wav', { contentType: 'audio/wav' })
      expect(put).toContain('X-Amz-Signature=')
      const body = new Uint8Array(Buffer.from('RIFF....WAVEfmt '))
      const uploaded = await fetch(put, { method: 'PUT', body, headers: { 'content-type': 'audio/wav' } })
      expect(uploaded.status).toBe(200)
      expect(Array.from(await storage.getBytes('uploads/t/voice.wav'))).toEqual(Array.from(body))
      const get = await storage.signedDownloadUrl('uploads/t/voice.wav', { filename: 'giọng.wav' })
      const downloaded = await fetch(get)
      expect(downloaded.status).toBe(200)
      expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(body)
      expect(downloaded.headers.get('content-disposition')).toContain('attachment')
    })
  })
}

// s3rver speaks the S3 protocol but checks no credentials or signatures: this suite proves our requests
// and presigned URLs are well-formed S3, not that a server would accept our signatures.
s3Suite('S3 storage against s3rver (loopback; no auth checks)', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'loa-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'loa-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    createBucket: true,
  })
  return {
    storage,
    teardown: async () => {
      storage.client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
})

const endpoint = process.env.TEST_S3_ENDPOINT
if (endpoint) {
  s3Suite(`S3 storage against ${endpoint} (real server)`, async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: process.env.TEST_S3_BUCKET ?? `loa-test-${randomUUID().slice(0, 8)}`,
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      createBucket: true,
    })
    return { storage, teardown: async () => storage.client.destroy() }
  })
} else {
  console.warn('\n!!! SKIPPED: S3 suite against a real server — TEST_S3_ENDPOINT is not set !!!\n')
}
