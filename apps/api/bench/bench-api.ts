/**
 * npm run bench:api — successful (2xx) requests/s and p99 latency of GET /api/v1/voices (as browsers ask for it, gzip,
 * and uncompressed) and GET /api/v1/me next
 * to a bare Fastify route, measured in the same run on this machine. Only 2xx answers count; a case with more than
 * 1% errors or non-2xx answers is not a measurement, and the run fails naming it.
 *
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_WORKERS=1 BENCH_RUNS=3 npm run bench:api
 *
 * The API runs as in embedded mode (PGlite in memory, migrated and seeded); tokens are RS256 JWTs verified
 * against a JWKS exactly as with the SSO (a key pair generated here stands in for the SSO's).
 */
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { migrateAll, openDatabase, seedAll } from '@loa/db'
import { buildApiApp, loadApiConfig } from '../src/index.ts'

const duration = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
// The load generator runs in its own thread (as a client would, in its own process): in the servers' thread it
// took event-loop time from them, and more from an answer with a larger body. BENCH_WORKERS=0 runs it in-process.
const workers = Number(process.env.BENCH_WORKERS ?? 1)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const ISSUER = 'http://bench-sso.local'

const run = (url: string, headers: Record<string, string> = {}) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers, ...(workers > 0 ? { workers } : {}) },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })

const database = await openDatabase()
await migrateAll(database)
await seedAll({ db: database.db })

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
  .setExpirationTime('1h')
  .sign(privateKey)

// No SSO runs here: the session check (one introspection per session per 5 s) is left out of the figures.
const config = loadApiConfig({ SSO_PUBLIC_URL: ISSUER, LOG_LEVEL: 'silent', API_SESSION_CHECK: 'false' })
const api = await buildApiApp({ config, database, jwks })
const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' })

const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ status: 1, result: { ok: true } }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

// Warm up (profile creation on the first /me, JIT) before measuring.
await run(`${apiUrl}/api/v1/me`, { authorization: `Bearer ${token}` }).catch(() => undefined)

const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'vi' }
const cases: { name: string; url: string; headers?: Record<string, string> }[] = [
  { name: 'bare Fastify GET /bare', url: `${bareUrl}/bare` },
  // As a browser asks for it (Accept-Encoding: the stored answer goes out gzip-compressed), and without compression.
  { name: 'GET /api/v1/voices (gzip, as browsers ask)', url: `${apiUrl}/api/v1/voices`, headers: BROWSER },
  { name: 'GET /api/v1/voices (uncompressed)', url: `${apiUrl}/api/v1/voices` },
  {
    name: 'GET /api/v1/voices?gender=FEMALE&features=NEWS (gzip)',
    url: `${apiUrl}/api/v1/voices?gender=FEMALE&features=NEWS`,
    headers: BROWSER,
  },
  {
    name: 'GET /api/v1/me (RS256 verify + profile)',
    url: `${apiUrl}/api/v1/me`,
    headers: { authorization: `Bearer ${token}` },
  },
]

console.log(
  `bench:api — ${duration}s per case, ${connections} connections, load generator ${workers > 0 ? `in ${workers} worker thread(s)` : 'in the servers’ thread'}, Node ${process.version}, database ${database.kind}`,
)
interface Row {
  name: string
  rps: number
  /** Successful answers per second of the servers' busy event loop: what the server could answer at full load. */
  capacity: number
  elu: number
  p99: number
  failed: number
  total: number
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const samples = new Map<string, Row[]>()
for (let round = 1; round <= runs; round += 1) {
  for (const c of cases) {
    // Both servers run in this thread and the load generator in its own: the event loop's utilisation over the
    // case is the servers' share of one core, so 2xx/s ÷ utilisation is the server's rate, not the client's.
    const busyBefore = performance.eventLoopUtilization()
    const r = await run(c.url, c.headers)
    const elu = performance.eventLoopUtilization(busyBefore).utilization
    const ok = r['2xx']
    const failed = r.errors + r.timeouts + r.non2xx
    const rps = ok / r.duration
    const row = {
      name: c.name,
      rps,
      capacity: rps / elu,
      elu,
      p99: r.latency.p99,
      failed,
      total: ok + failed,
    }
    samples.set(c.name, [...(samples.get(c.name) ?? []), row])
  }
}
const rows: Row[] = cases.map((c) => {
  const all = samples.get(c.name)!
  return {
    name: c.name,
    rps: median(all.map((r) => r.rps)),
    capacity: median(all.map((r) => r.capacity)),
    elu: median(all.map((r) => r.elu)),
    p99: median(all.map((r) => r.p99)),
    failed: all.reduce((sum, r) => sum + r.failed, 0),
    total: all.reduce((sum, r) => sum + r.total, 0),
  }
})
const base = rows[0]!
const columns: [string, number, (r: Row) => string][] = [
  ['case', 56, (r) => r.name],
  ['2xx/s', 9, (r) => r.rps.toFixed(0)],
  ['vs bare', 8, (r) => (r.rps / base.rps).toFixed(2)],
  ['server busy', 12, (r) => `${(r.elu * 100).toFixed(0)}%`],
  ['2xx/busy-s', 11, (r) => r.capacity.toFixed(0)],
  ['vs bare', 8, (r) => (r.capacity / base.capacity).toFixed(2)],
  ['p99 ms', 7, (r) => r.p99.toFixed(1)],
  ['errors', 7, (r) => String(r.failed)],
]
const line = (cell: (column: (typeof columns)[number]) => string) =>
  columns
    .map((column, i) => (i === 0 ? cell(column).padEnd(column[1]) : cell(column).padStart(column[1])))
    .join(' ')
console.log(`\nmedians of ${runs} runs`)
console.log(line(([title]) => title))
for (const r of rows) console.log(line(([, , value]) => value(r)))
console.log(
  '\n2xx/busy-s: answers per second of the servers’ busy time (2xx/s ÷ event-loop utilisation) — the server’s own cost;\n' +
    '2xx/s is also bounded by the load generator, which parses each answer (/voices: 5.8 KB, 1.1 KB gzip; /bare: 30 bytes).',
)
const broken = rows.filter((r) => r.total === 0 || r.failed / r.total > 0.01)
for (const r of broken)
  console.error(
    `\nbench:api FAILED: '${r.name}' answered ${r.failed} of ${r.total} requests with an error or non-2xx status (over 1%): its req/s is not a measurement`,
  )
if (broken.length) process.exitCode = 1

await api.close()
await bare.close()
await database.close()
