import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StorageError } from './errors.ts'
import { createS3Storage, S3_TIMEOUTS } from './s3-storage.ts'

// A dead S3 (issue 37): a loopback server that accepts connections and never answers. Without a bound on the
// SDK's requests every call would hang; with it each call fails STORAGE_UNAVAILABLE after S3_TIMEOUTS.attempts
// silent tries (about 1.6–1.9 s with the defaults, docs/notes/issue-37.md).
let server: Server
let port: number
const sockets = new Set<Socket>()

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.resume() // read the request, answer nothing
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
})

const storageAt = (endpoint: string) =>
  createS3Storage({
    endpoint,
    bucket: 'loa-dead',
    region: 'us-east-1',
    accessKeyId: 'test',
    secretAccessKey: 'test',
  })

const failure = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(StorageError)
  return error as StorageError & { cause?: { name?: string; message?: string } }
}

describe('S3 that accepts and never answers', () => {
  it('answers STORAGE_UNAVAILABLE, after the bounded tries, for every kind of call', async () => {
    const storage = storageAt(`http://127.0.0.1:${port}`)
    let connections = 0
    server.on('connection', () => connections++)
    for (const call of [
      () => storage.ping(),
      () => storage.exists('a/b.wav'),
      () => storage.getBytes('a/b.wav'),
      () => storage.put('a/b.wav', new Uint8Array([1, 2, 3])),
    ]) {
      const before = connections
      const error = await failure(call())
      expect(error.code).toBe('STORAGE_UNAVAILABLE')
      expect(error.httpStatus).toBe(503)
      expect(error.cause?.name).toBe('TimeoutError')
      expect(error.cause?.message).toContain(`${S3_TIMEOUTS.idleMs} ms of inactivity`)
      expect(connections - before).toBe(S3_TIMEOUTS.attempts)
    }
  })

  it('answers STORAGE_UNAVAILABLE when nothing listens', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadPort = (closed.address() as { port: number }).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await failure(storageAt(`http://127.0.0.1:${deadPort}`).ping())
    expect(error.code).toBe('STORAGE_UNAVAILABLE')
  })
})
