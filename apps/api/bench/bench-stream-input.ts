/**
 * npm run bench:stream-input — the text-in WebSocket (issue 30 §2): from a complete first clause sent to its first
 * audio frame, median and p95, with 1 socket (the baseline) and with 20 sockets at once; printed, never asserted.
 * Each socket sends `BENCH_ROUNDS` clauses in turn (a new context each, unique text so nothing comes from the
 * sentence cache), eSpeak voice, pcm_16000.
 *
 *   BENCH_SOCKETS=20 BENCH_ROUNDS=5 npm run bench:stream-input
 *
 * Embedded mode as bench:synthesis: PGlite in memory (migrated + seeded), local files, the tts pool in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { app as t, migrateAll, openDatabase, seedAll } from '@loa/db'
import { createInProcessQueue } from '@loa/jobs'
import { createLocalStorage } from '@loa/storage'
import { getSharedPool, probeNativeEspeak } from '@loa/tts'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose'
import WebSocket from 'ws'
import { buildApiApp, loadApiConfig } from '../src/index.ts'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const ISSUER = 'http://bench-sso.local'
const VOICE = 'hn_female_thuha_news'

const filesDir = mkdtempSync(path.join(tmpdir(), 'loa-bench-stream-input-'))
const database = await openDatabase()
await migrateAll(database)
await seedAll({ db: database.db })
const storage = createLocalStorage({
  root: filesDir,
  signingSecret: 'bench-signing-secret-0123456789',
  publicBaseUrl: 'http://127.0.0.1/api/v1/files',
})
const { privateKey, publicKey } = await generateKeyPair('RS256')
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' }] })
const token = await new SignJWT({
  aud: 'loa-web',
  azp: 'loa-web',
  typ: 'Bearer',
  email: 'bench@example.vn',
  name: 'Bench',
  sid: 'bench-session',
})
  .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
  .setSubject('bench-user')
  .setIssuer(ISSUER)
  .setIssuedAt()
  .setExpirationTime('2h')
  .sign(privateKey)
const config = loadApiConfig({
  SSO_PUBLIC_URL: ISSUER,
  LOG_LEVEL: 'silent',
  API_SESSION_CHECK: 'false',
  TTS_APP_MAX_CONCURRENT: '200',
  TTS_APP_REQUESTS_PER_MINUTE: '100000',
})
const api = await buildApiApp({
  config,
  database,
  storage,
  queue: createInProcessQueue({ database, pollMs: 50 }),
  jwks,
})
const base = await api.listen({ port: 0, host: '127.0.0.1' })

await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })
await database.db
  .insert(t.creditWallets)
  .values({ userId: 'bench-user', product: 'aivoiceapi', balance: 100_000_000 })
  .onConflictDoUpdate({
    target: [t.creditWallets.userId, t.creditWallets.product],
    set: { balance: 100_000_000 },
  })
const created = (await (
  await fetch(`${base}/api/v1/api-apps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  })
).json()) as { result: { token: string } }
if (!created.result) throw new Error(`POST /api/v1/api-apps: ${JSON.stringify(created)}`)
const authorization = `Bearer ${created.result.token}`

const pool = getSharedPool()
const engine = await pool.warmup()
console.log(
  `\nLoa text-in WebSocket bench — engine ${engine.id} ${engine.version} (native espeak-ng: ${(await probeNativeEspeak()) ? 'yes' : 'no'}), ` +
    `pool ${pool.size} threads, voice ${VOICE}, pcm_16000, ${ROUNDS} clauses per socket\n`,
)

let serial = 0
const clause = () => `Dạ, mã số ${++serial} của quý khách đã được ghi nhận. `

/** One socket: ROUNDS times, a complete clause in a new context → ms until its first audio frame. */
const runSocket = async (): Promise<number[]> => {
  const ws = new WebSocket(
    `${base.replace(/^http/, 'ws')}/v1/tts/stream-input?voice=${VOICE}&output_format=pcm_16000`,
    {
      headers: { authorization },
    },
  )
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const context = `c${round}`
    const first = new Promise<number>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        const frame = JSON.parse(data.toString()) as { audio?: string; contextId?: string; isFinal?: boolean }
        if (frame.contextId === context && frame.audio) {
          ws.off('message', onMessage)
          resolve(performance.now())
        }
      }
      ws.on('message', onMessage)
    })
    const done = new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        const frame = JSON.parse(data.toString()) as { contextId?: string; isFinal?: boolean }
        if (frame.contextId === context && frame.isFinal) {
          ws.off('message', onMessage)
          resolve()
        }
      }
      ws.on('message', onMessage)
    })
    const started = performance.now()
    // A complete clause: its end is followed by the start of the next word, so it is spoken at once.
    ws.send(JSON.stringify({ text: `${clause()}Xin`, context_id: context }))
    times.push((await first) - started)
    ws.send(JSON.stringify({ text: '', context_id: context }))
    await done
  }
  ws.close()
  return times
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return {
    median: s[Math.floor(s.length / 2)]!,
    p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!,
  }
}

await runSocket() // warm-up (first use of the voice, the database paths), not counted
const one = stats(await runSocket())
const many = stats((await Promise.all(Array.from({ length: SOCKETS }, runSocket))).flat())
const fmt = (n: number) => `${n.toFixed(0)} ms`.padStart(7)
console.log('first complete clause → its first audio frame')
console.log(`  1 socket (baseline)   median ${fmt(one.median)}   p95 ${fmt(one.p95)}`)
console.log(`  ${SOCKETS} sockets at once   median ${fmt(many.median)}   p95 ${fmt(many.p95)}`)
console.log(
  `  ratio ${SOCKETS}/1            median ×${(many.median / one.median).toFixed(2)}   p95 ×${(many.p95 / one.p95).toFixed(2)}`,
)
console.log(`  issue 30 targets: median ≤ 60 ms (eSpeak), p95 ≤ 120 ms with 20 sockets\n`)

await api.close()
await pool.close()
await database.close()
rmSync(filesDir, { recursive: true, force: true })
process.exit(0)
