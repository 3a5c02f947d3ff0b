import { spawnSync } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApiApp } from '../../app.ts'
import { loadApiConfig } from '../../config.ts'
import { ISSUER } from '../../test/harness.ts'
import { throwawayRedis } from '../../test/throwaway-redis.ts'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

/**
 * Scale mode (issue 30 §2): with `REDIS_URL` the text-in WebSocket's tickets live in Redis, so a browser may open
 * the socket on another replica than the one that issued its ticket — once.
 */
const hasRedis = spawnSync('redis-server', ['--version']).status === 0
if (!hasRedis)
  console.warn('\n!!! SKIPPED: stream tickets across replicas — redis-server is not installed !!!\n')

let redis: Awaited<ReturnType<typeof throwawayRedis>>
let first: SynthesisTestApi
let second: FastifyInstance
let secondWs: string
beforeAll(async () => {
  if (!hasRedis) return
  redis = await throwawayRedis()
  first = await startSynthesisTestApi({ env: { REDIS_URL: redis.url }, runJobs: false })
  // Another replica: the same database, storage and Redis, its own process memory.
  second = await buildApiApp({
    config: loadApiConfig({
      SSO_PUBLIC_URL: ISSUER,
      DATA_DIR: first.filesDir,
      API_SESSION_CHECK: 'false',
      REDIS_URL: redis.url,
    }),
    database: first.database,
    storage: first.storage,
    queue: first.queue,
  })
  secondWs = (await second.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')
}, 120_000)
afterAll(async () => {
  await second?.close()
  await first?.close()
  await redis?.stop()
})

const handshake = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('open', () => {
      socket.close()
      resolve(101)
    })
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    socket.once('error', reject)
  })

describe.skipIf(!hasRedis)('stream tickets across replicas (Redis)', () => {
  it('a ticket from one replica opens the socket on another, once', async () => {
    await first.setBalance('ws-replicas', 1_000, 'aivoiceapi')
    const made = await first.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token: await first.token('ws-replicas'),
      payload: { name: 'Hai máy chủ' },
    })
    const authorization = `Bearer ${made.json().result.token as string}`
    const issued = await first.call({
      method: 'POST',
      url: '/v1/tts/stream-tickets',
      headers: { authorization },
    })
    expect(issued.statusCode, issued.body).toBe(200)
    const { url } = issued.json() as { url: string }
    expect(await handshake(`${secondWs}${url}`)).toBe(101)
    // Used: refused on either replica.
    expect(await handshake(`${secondWs}${url}`)).toBe(401)
    const firstWs = (await first.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')
    expect(await handshake(`${firstWs}${url}`)).toBe(401)
  })
})
