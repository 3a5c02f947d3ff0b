/**
 * npm run bench:synthesis — figures of the synthesis slice on this machine (printed, never asserted):
 *   1. time to the first audio byte of POST /api/v1/tts/stream (warm pool, texts not in the cache),
 *   2. end-to-end time of a 10,000-character studio request (POST → job → SUCCESS),
 *   3. jobs per minute with 1 and 2 job runners (short requests),
 *   4. event-loop delay of the API process while a 100,000-character job runs in it (embedded mode),
 *   5. issue 34's loaded case: while 8 studio syntheses of 20,000 characters run in the API's process (the embedded
 *      job runner, WORKER_CONCURRENCY's default 2), the longest event-loop stall (target ≤ 30 ms) and GET
 *      /api/v1/me answers/s against the same measurement with nothing running (target ≥ 0.5×).
 *
 *   BENCH_LONG_CHARS=100000 BENCH_JOBS=8 BENCH_LOAD_CHARS=20000 BENCH_LOAD_JOBS=8 npm run bench:synthesis
 *   BENCH_ONLY=5 npm run bench:synthesis     (only the loaded case)
 *
 * Everything runs as in embedded mode: PGlite in memory (migrated + seeded), local files in a temporary
 * directory, the in-process queue and the synthesis jobs in this process, synthesis on the tts pool.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { app as t, migrateAll, openDatabase, seedAll } from '@loa/db'
import { createInProcessQueue, type Queue } from '@loa/jobs'
import { createLocalStorage } from '@loa/storage'
import { synthesisJobs } from '@loa/synthesis'
import { getSharedPool, probeNativeEspeak } from '@loa/tts'
import autocannon from 'autocannon'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { buildApiApp, loadApiConfig } from '../src/index.ts'

const LONG_CHARS = Number(process.env.BENCH_LONG_CHARS ?? 100_000)
const JOBS = Number(process.env.BENCH_JOBS ?? 8)
const LOAD_CHARS = Number(process.env.BENCH_LOAD_CHARS ?? 20_000)
const LOAD_JOBS = Number(process.env.BENCH_LOAD_JOBS ?? 8)
/** BENCH_ONLY=5 runs the loaded case alone (a comma list of case numbers). */
const only = process.env.BENCH_ONLY?.split(',').map(Number)
const runs = (n: number) => !only || only.includes(n)
const ISSUER = 'http://bench-sso.local'

const SENTENCES = [
  'Hà Nội mùa thu có những con phố rợp bóng cây và gió heo may se lạnh',
  'Người dân thành phố thường dậy sớm tập thể dục bên bờ hồ',
  'Giá vàng hôm nay tăng nhẹ so với phiên giao dịch trước',
  'Các nhà khoa học đã công bố kết quả nghiên cứu mới về biến đổi khí hậu',
  'Đội tuyển bóng đá quốc gia chuẩn bị cho trận đấu quan trọng vào cuối tuần',
  'Thư viện mở cửa từ tám giờ sáng đến năm giờ chiều các ngày trong tuần',
]
let serial = 0
/** Unique sentences (a running number in each), so nothing comes from the sentence cache. */
const textOf = (chars: number): string => {
  const parts: string[] = []
  let length = 0
  while (length < chars) {
    serial++
    const s = `Mục ${serial}: ${SENTENCES[serial % SENTENCES.length]}.`
    parts.push(s)
    length += s.length + 1
  }
  return parts.join(' ').slice(0, chars)
}

const ms = (n: number) => `${n.toFixed(0)} ms`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const filesDir = mkdtempSync(path.join(tmpdir(), 'loa-bench-synthesis-'))
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
// Shaped like the SSO's access tokens (typ Bearer, audience loa-web), or the API refuses them.
const token = await new SignJWT({
  typ: 'Bearer',
  aud: 'loa-web',
  azp: 'loa-web',
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

// The api's queue only enqueues; job runners are separate queues on the same database (like workers).
const apiQueue = createInProcessQueue({ database, pollMs: 50 })
const config = loadApiConfig({
  SSO_PUBLIC_URL: ISSUER,
  LOG_LEVEL: 'silent',
  TTS_APP_MAX_CONCURRENT: '100',
  TTS_APP_REQUESTS_PER_MINUTE: '10000',
})
const api = await buildApiApp({ config, database, storage, queue: apiQueue, jwks })
const base = await api.listen({ port: 0, host: '127.0.0.1' })

const startRunner = async (concurrency: number): Promise<Queue> => {
  const queue = createInProcessQueue({ database, pollMs: 50 })
  const definitions = synthesisJobs({ database, storage, queue })
  await queue.start(definitions, { concurrency })
  return queue
}

const call = async (method: string, url: string, body?: unknown, bearer = token) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = (await res.json()) as { status: number; result: Record<string, unknown>; error_code?: string }
  if (json.status !== 1) throw new Error(`${method} ${url}: ${res.status} ${json.error_code}`)
  return json.result
}
/** Waits on the progress event stream (what the studio does), then reads the final request. */
const waitDone = async (id: string) => {
  const res = await fetch(`${base}/api/v1/synthesis/${id}/events`, {
    headers: { authorization: `Bearer ${token}` },
  })
  await res.text()
  const r = await call('GET', `/api/v1/synthesis/${id}`)
  if (r.status !== 'SUCCESS')
    throw new Error(`request ${id} ended ${String(r.status)}: ${String(r.error_message)}`)
  return r
}

await call('GET', '/api/v1/me')
for (const product of ['aivoice', 'aivoiceapi'] as const)
  await database.db
    .insert(t.creditWallets)
    .values({ userId: 'bench-user', product, balance: 100_000_000 })
    .onConflictDoUpdate({
      target: [t.creditWallets.userId, t.creditWallets.product],
      set: { balance: 100_000_000 },
    })
const { app: benchApp, token: appToken } = (await call('POST', '/api/v1/api-apps', { name: 'bench' })) as {
  app: { app_id: string }
  token: string
}

const pool = getSharedPool()
const engine = await pool.warmup()
console.log(
  `\nLoa synthesis bench — engine ${engine.id} ${engine.version} (native espeak-ng: ${(await probeNativeEspeak()) ? 'yes' : 'no'}), ` +
    `pool ${pool.size} threads, PGlite in memory, local files\n`,
)

// 1. Time to first audio byte on the streaming endpoint (warm: the first call is not counted).
if (runs(1)) {
  const ttfb: number[] = []
  const totals: number[] = []
  for (let i = 0; i < 6; i++) {
    const started = performance.now()
    const res = await fetch(`${base}/api/v1/tts/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        app_id: benchApp.app_id,
        input_text: textOf(400),
        voice_code: 'hn_female_thuha_news',
      }),
    })
    if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`)
    const reader = res.body!.getReader()
    let first: number | undefined
    for (;;) {
      const { done, value } = await reader.read()
      if (value && value.length > 0 && first === undefined) first = performance.now() - started
      if (done) break
    }
    if (i > 0) {
      ttfb.push(first ?? NaN)
      totals.push(performance.now() - started)
    }
  }
  console.log(
    `1. POST /api/v1/tts/stream (400 chars, warm): first audio byte median ${ms(median(ttfb))} ` +
      `(min ${ms(Math.min(...ttfb))}, max ${ms(Math.max(...ttfb))}); whole stream median ${ms(median(totals))}`,
  )
}

// 2. End-to-end 10,000-character studio request.
if (runs(2)) {
  const runner = await startRunner(2)
  {
    const started = performance.now()
    const created = await call('POST', '/api/v1/synthesis', { text: textOf(10_000) })
    const done = await waitDone(String(created.request_id))
    const elapsed = performance.now() - started
    console.log(
      `2. studio request of 10,000 characters: SUCCESS in ${ms(elapsed)} ` +
        `(${(Number(done.duration_ms) / 1000).toFixed(0)} s of audio, ${(Number(done.duration_ms) / elapsed || 0).toFixed(1)}× real time)`,
    )
  }
  await runner.close()
}

// 3. Jobs per minute with 1 and 2 job runners (short unique requests of ~300 characters).
if (runs(3)) {
  for (const concurrency of [1, 2]) {
    const runner = await startRunner(concurrency)
    const started = performance.now()
    const ids = await Promise.all(
      Array.from({ length: JOBS }, async () =>
        String((await call('POST', '/api/v1/synthesis', { text: textOf(300) })).request_id),
      ),
    )
    for (const id of ids) await waitDone(id)
    const minutes = (performance.now() - started) / 60_000
    console.log(
      `3. ${JOBS} jobs of 300 characters, ${concurrency} job runner${concurrency > 1 ? 's' : ''}: ${(JOBS / minutes).toFixed(1)} jobs/minute`,
    )
    await runner.close()
  }
}

// 4. Event-loop delay of this (API) process while a long job runs in it.
if (runs(4)) {
  const runner = await startRunner(1)
  {
    const histogram = monitorEventLoopDelay({ resolution: 10 })
    const started = performance.now()
    const created = await call('POST', '/api/v1/synthesis', { text: textOf(LONG_CHARS) })
    histogram.enable()
    // Keep the API busy answering while the job runs, like a studio polling its progress.
    const pings: number[] = []
    let finished = false
    const done = waitDone(String(created.request_id)).finally(() => {
      finished = true
    })
    while (!finished) {
      const t0 = performance.now()
      await fetch(`${base}/healthz`).catch(() => undefined)
      pings.push(performance.now() - t0)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const result = await done
    histogram.disable()
    const e = (n: number) => `${(n / 1e6).toFixed(1)} ms`
    console.log(
      `4. ${LONG_CHARS.toLocaleString('en')}-character job in the API process: ${ms(performance.now() - started)} ` +
        `(${(Number(result.duration_ms) / 60_000).toFixed(1)} min of audio); event-loop delay p50 ${e(histogram.percentile(50))}, ` +
        `p99 ${e(histogram.percentile(99))}, max ${e(histogram.max)}; GET /healthz meanwhile median ${ms(median(pings))}, max ${ms(Math.max(...pings))}`,
    )
  }
  await runner.close()
}

// 5. Issue 34's loaded case: /me answers/s and the longest event-loop stall while 8 long syntheses run here.
if (runs(5)) {
  const SECONDS = 6
  const meRate = () =>
    new Promise<number>((resolve, reject) =>
      autocannon(
        {
          url: `${base}/api/v1/me`,
          connections: 10,
          duration: SECONDS,
          workers: 1,
          headers: { authorization: `Bearer ${token}` },
        },
        (error, result) => {
          if (error) return reject(error)
          const bad = result.non2xx + result.errors + result.timeouts
          if (bad > result.requests.total / 100)
            return reject(new Error(`GET /api/v1/me: ${bad} failed answers`))
          resolve(result['2xx'] / SECONDS)
        },
      ),
    )
  const idle: number[] = []
  for (let i = 0; i < 3; i++) idle.push(await meRate())

  const runner = await startRunner(2)
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const started = performance.now()
  const ids = await Promise.all(
    Array.from({ length: LOAD_JOBS }, async () =>
      String((await call('POST', '/api/v1/synthesis', { text: textOf(LOAD_CHARS) })).request_id),
    ),
  )
  let running = LOAD_JOBS
  const done = Promise.all(ids.map((id) => waitDone(id).finally(() => running--)))
  // Only rounds that ended with every job still running measure "while 8 syntheses run".
  const loaded: number[] = []
  while (running === LOAD_JOBS && loaded.length < 3) {
    const rate = await meRate()
    if (running === LOAD_JOBS) loaded.push(rate)
  }
  await done
  histogram.disable()
  await runner.close()
  const elapsed = performance.now() - started
  const maxStall = histogram.max / 1e6
  const ratio = loaded.length ? median(loaded) / median(idle) : Number.NaN
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met')
  console.log(
    `5. ${LOAD_JOBS} studio syntheses of ${LOAD_CHARS.toLocaleString('en')} characters in the API process ` +
      `(2 job slots): all done in ${ms(elapsed)}; event-loop delay p99 ${(histogram.percentile(99) / 1e6).toFixed(1)} ms, ` +
      `max ${maxStall.toFixed(1)} ms (target ≤ 30 ms: ${verdict(maxStall <= 30)})\n` +
      `   GET /api/v1/me idle ${median(idle).toFixed(0)}/s, during the syntheses ` +
      (loaded.length
        ? `${median(loaded).toFixed(0)}/s (median of ${loaded.length} × ${SECONDS} s) = ${ratio.toFixed(2)}× idle ` +
          `(target ≥ 0.5×: ${verdict(ratio >= 0.5)})`
        : `not measured: the jobs finished before one ${SECONDS} s round did (raise BENCH_LOAD_CHARS)`),
  )
}

await api.close()
await apiQueue.close()
await pool.close()
await database.close()
rmSync(filesDir, { recursive: true, force: true })
process.exit(0)
