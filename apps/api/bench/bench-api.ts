/**
 * npm run bench:api — successful (2xx) requests/s and p99 latency of the public catalogue (GET /api/v1/voices, as
 * browsers ask for it, gzip, and uncompressed) and of the signed-in path (GET /api/v1/me, the history list
 * GET /api/v1/synthesis?limit=20, and queuing a 200-character synthesis with POST /api/v1/synthesis) next to a bare
 * Fastify route, measured in the same run on this machine, on PGlite and — when TEST_DATABASE_URL is set — on a
 * scratch PostgreSQL database too. Only 2xx answers count; a case with more than 1% errors or non-2xx answers is not
 * a measurement, and the run fails naming it. Figures are medians of BENCH_RUNS rounds; the targets of issue 34 are
 * printed as met or not, as ratios to the bare route (the machine may be shared: say what else was running).
 *
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_WORKERS=1 BENCH_RUNS=3 TEST_DATABASE_URL=postgres://… npm run bench:api
 *   BENCH_CASES='me|synthesis' npm run bench:api      (only the cases whose name matches, and the bare route)
 *   BENCH_PROFILE=/tmp/prof npm run bench:api          (a CPU profile of each case's first measured run, for DevTools)
 *
 * The API runs as in embedded mode (migrated and seeded, the in-process queue on the same database, local files);
 * tokens are RS256 JWTs verified against a JWKS exactly as with the SSO (a key pair generated here stands in for the
 * SSO's), and the session check asks an introspection endpoint served here (once per session per its cache time).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Session } from 'node:inspector/promises'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose'
import {
  app as t,
  createScratchPostgresDatabase,
  migrateAll,
  openDatabase,
  seedAll,
  type Database,
} from '@loa/db'
import { createInProcessQueue } from '@loa/jobs'
import { createLocalStorage } from '@loa/storage'
import { eq } from 'drizzle-orm'
import { buildApiApp, loadApiConfig } from '../src/index.ts'

const duration = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
// The load generator runs in its own thread (as a client would, in its own process): in the servers' thread it
// took event-loop time from them, and more from an answer with a larger body. BENCH_WORKERS=0 runs it in-process.
const workers = Number(process.env.BENCH_WORKERS ?? 1)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const postgresUrl = process.env.TEST_DATABASE_URL
/** Only the cases whose name matches (a regular expression), besides the bare route: BENCH_CASES='synthesis'. */
const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : undefined
const profileDir = process.env.BENCH_PROFILE
const ISSUER = 'http://bench-sso.local'

interface Case {
  name: string
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Issue 34's target: answers/s on a quiet machine where the bare route answered BARE_QUIET/s. */
  target?: { rps: number; p99?: number }
}
/** The bare route's answers/s on the quiet machine the targets were set on (issue 34). */
const BARE_QUIET = 36_374

const run = (c: Case, seconds = duration) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: c.url,
        method: c.method ?? 'GET',
        connections,
        duration: seconds,
        headers: c.headers ?? {},
        ...(c.body ? { body: c.body } : {}),
        ...(workers > 0 ? { workers } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })

const { privateKey, publicKey } = await generateKeyPair('RS256')
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' }] })
// Shaped like the SSO's access tokens (typ Bearer, audience loa-web), or the API refuses them.
const tokenOf = (sub: string) =>
  new SignJWT({
    typ: 'Bearer',
    aud: 'loa-web',
    azp: 'loa-web',
    email: `${sub}@example.vn`,
    name: sub,
    sid: sub,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey)
const writer = await tokenOf('bench-writer')
const reader = await tokenOf('bench-reader')

// The bare route, and the SSO's introspection endpoint the session check asks (every session active).
const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ status: 1, result: { ok: true } }))
bare.post('/introspect', async () => ({ active: true }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

/** 200 characters of Vietnamese, as a studio user sends them. */
const TEXT_200 = (
  'Hà Nội mùa thu có những con phố rợp bóng cây và gió heo may se lạnh. Người dân thành phố thường dậy sớm tập ' +
  'thể dục bên bờ hồ, rồi ghé quán quen uống một ly cà phê nóng trước giờ làm việc buổi sáng.'
).slice(0, 200)

const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'vi' }
const signedIn = (token: string) => ({ authorization: `Bearer ${token}` })

const casesOf = (apiUrl: string): Case[] =>
  allCasesOf(apiUrl).filter((c, i) => i === 0 || !only || only.test(c.name))
const allCasesOf = (apiUrl: string): Case[] => [
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
    name: 'GET /api/v1/me (signed in: token, session, profile, balances)',
    url: `${apiUrl}/api/v1/me`,
    headers: signedIn(reader),
    target: { rps: 8_000, p99: 10 },
  },
  {
    name: 'GET /api/v1/synthesis?limit=20 (signed-in list)',
    url: `${apiUrl}/api/v1/synthesis?limit=20`,
    headers: signedIn(reader),
    target: { rps: 4_000 },
  },
  {
    name: 'POST /api/v1/synthesis (200 chars, reserved + queued)',
    url: `${apiUrl}/api/v1/synthesis`,
    method: 'POST',
    headers: { ...signedIn(writer), 'content-type': 'application/json' },
    body: JSON.stringify({ text: TEXT_200 }),
    target: { rps: 1_500 },
  },
]

interface Row {
  name: string
  rps: number
  /** Successful answers per second of the servers' busy event loop: what the server could answer at full load. */
  capacity: number
  /** Server CPU (main thread) per successful answer, µs. */
  cpuUs: number
  elu: number
  p99: number
  failed: number
  total: number
}
/**
 * CPU milliseconds this process's main thread (both servers; the load generator has its own thread) has used, from
 * /proc (Linux; NaN elsewhere). Unlike wall time and event-loop utilisation it does not grow when other programs
 * take the cores: CPU per answer is the server's cost on a shared machine.
 */
const serverCpuMs = (): number => {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime are fields 14 and 15 (1-based, counting pid and comm), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}
/** Starts the V8 profiler on this (the servers') thread; the returned function stops it and writes the profile. */
const startProfile = async () => {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return async (file: string) => {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Runs every case `runs` times against an API on `database` (bare and API measured alternately). */
const benchOn = async (database: Database): Promise<Row[]> => {
  await migrateAll(database)
  await seedAll({ db: database.db })
  const filesDir = mkdtempSync(path.join(tmpdir(), 'loa-bench-api-'))
  const storage = createLocalStorage({
    root: filesDir,
    signingSecret: 'bench-signing-secret-0123456789',
    publicBaseUrl: 'http://127.0.0.1/api/v1/files',
  })
  // The API only enqueues (as in scale mode, where workers run the jobs): the queued jobs stay queued.
  const queue = createInProcessQueue({ database })
  const config = loadApiConfig({
    SSO_PUBLIC_URL: ISSUER,
    LOG_LEVEL: 'silent',
    API_SESSION_CHECK_URL: `${bareUrl}/introspect`,
  })
  const api = await buildApiApp({ config, database, storage, queue, jwks })
  const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' })
  const cases = casesOf(apiUrl)
  // Profiles (created on the first call), credits for every write of the run, and a history of 25 for the list.
  for (const token of [writer, reader]) await fetch(`${apiUrl}/api/v1/me`, { headers: signedIn(token) })
  for (const userId of ['bench-writer', 'bench-reader'])
    await database.db
      .update(t.creditWallets)
      .set({ balance: 2_000_000_000 })
      .where(eq(t.creditWallets.userId, userId))
  for (let i = 0; i < 25; i += 1) {
    const res = await fetch(`${apiUrl}/api/v1/synthesis`, {
      method: 'POST',
      headers: { ...signedIn(reader), 'content-type': 'application/json' },
      body: JSON.stringify({ text: `${i}. ${TEXT_200}`.slice(0, 200) }),
    })
    if (!res.ok) throw new Error(`bench:api setup: POST /api/v1/synthesis answered ${res.status}`)
  }
  // Warm up (JIT, caches) before measuring.
  for (const c of cases) await run(c, Math.min(duration, 2))

  const samples = new Map<string, Row[]>()
  for (let round = 1; round <= runs; round += 1) {
    for (const c of cases) {
      // Both servers run in this thread and the load generator in its own: the event loop's utilisation over the
      // case is the servers' share of one core, so 2xx/s ÷ utilisation is the server's rate, not the client's.
      const busyBefore = performance.eventLoopUtilization()
      const cpuBefore = serverCpuMs()
      const profiler = round === 1 && profileDir ? await startProfile() : undefined
      const r = await run(c)
      await profiler?.(path.join(profileDir!, `${database.kind}-${cases.indexOf(c)}.cpuprofile`))
      const elu = performance.eventLoopUtilization(busyBefore).utilization
      const cpuUs = ((serverCpuMs() - cpuBefore) * 1000) / Math.max(1, r['2xx'])
      const ok = r['2xx']
      const failed = r.errors + r.timeouts + r.non2xx
      const rps = ok / r.duration
      const row = {
        name: c.name,
        rps,
        capacity: rps / elu,
        cpuUs,
        elu,
        p99: r.latency.p99,
        failed,
        total: ok + failed,
      }
      samples.set(c.name, [...(samples.get(c.name) ?? []), row])
    }
  }
  await api.close()
  await queue.close()
  rmSync(filesDir, { recursive: true, force: true })
  return cases.map((c) => {
    const all = samples.get(c.name)!
    return {
      name: c.name,
      rps: median(all.map((r) => r.rps)),
      capacity: median(all.map((r) => r.capacity)),
      cpuUs: median(all.map((r) => r.cpuUs)),
      elu: median(all.map((r) => r.elu)),
      p99: median(all.map((r) => r.p99)),
      failed: all.reduce((sum, r) => sum + r.failed, 0),
      total: all.reduce((sum, r) => sum + r.total, 0),
    }
  })
}

const report = (label: string, rows: Row[], cases: Case[]): boolean => {
  const base = rows[0]!
  const columns: [string, number, (r: Row) => string][] = [
    ['case', 62, (r) => r.name],
    ['2xx/s', 9, (r) => r.rps.toFixed(0)],
    ['vs bare', 8, (r) => (r.rps / base.rps).toFixed(2)],
    ['server busy', 12, (r) => `${(r.elu * 100).toFixed(0)}%`],
    ['2xx/busy-s', 11, (r) => r.capacity.toFixed(0)],
    ['vs bare', 8, (r) => (r.capacity / base.capacity).toFixed(2)],
    ['CPU µs/2xx', 11, (r) => r.cpuUs.toFixed(0)],
    ['vs bare', 8, (r) => (base.cpuUs / r.cpuUs).toFixed(2)],
    ['p99 ms', 7, (r) => r.p99.toFixed(1)],
    ['errors', 7, (r) => String(r.failed)],
  ]
  const line = (cell: (column: (typeof columns)[number]) => string) =>
    columns
      .map((column, i) => (i === 0 ? cell(column).padEnd(column[1]) : cell(column).padStart(column[1])))
      .join(' ')
  console.log(`\n${label} — medians of ${runs} runs`)
  console.log(line(([title]) => title))
  for (const r of rows) console.log(line(([, , value]) => value(r)))
  console.log(
    `targets (issue 34), as shares of the bare route (${BARE_QUIET}/s on the quiet machine the targets were set on):\n` +
      '  answers/s and p99 depend on what else runs; CPU per answer (the server thread’s) does not',
  )
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
  rows.forEach((r, i) => {
    const target = cases[i]!.target
    if (!target) return
    const share = target.rps / BARE_QUIET
    const byRate = r.rps / base.rps
    const byCpu = base.cpuUs / r.cpuUs
    console.log(
      `  ${r.name}\n    answers/s ${byRate.toFixed(3)}× bare (≥ ${share.toFixed(3)}×: ${verdict(byRate >= share)}); ` +
        `CPU per answer ${byCpu.toFixed(3)}× bare's rate (≥ ${share.toFixed(3)}×: ${verdict(byCpu >= share)})` +
        (target.p99 === undefined
          ? ''
          : `; p99 ${r.p99.toFixed(1)} ms (≤ ${target.p99} ms: ${verdict(r.p99 <= target.p99)})`) +
        `; ${r.rps.toFixed(0)}/s here (≥ ${target.rps}/s on a quiet machine)`,
    )
  })
  const broken = rows.filter((r) => r.total === 0 || r.failed / r.total > 0.01)
  for (const r of broken)
    console.error(
      `\nbench:api FAILED (${label}): '${r.name}' answered ${r.failed} of ${r.total} requests with an error or non-2xx status (over 1%): its req/s is not a measurement`,
    )
  return broken.length === 0
}

console.log(
  `bench:api — ${duration}s per case, ${connections} connections, load generator ${workers > 0 ? `in ${workers} worker thread(s)` : 'in the servers’ thread'}, Node ${process.version}, databases: PGlite${postgresUrl ? ' and PostgreSQL (TEST_DATABASE_URL)' : ' (set TEST_DATABASE_URL for PostgreSQL too)'}`,
)
const cases = casesOf('')
const pglite = await openDatabase()
const pgliteRows = await benchOn(pglite)
await pglite.close()
let ok = report('PGlite (embedded mode)', pgliteRows, cases)
if (postgresUrl) {
  const scratch = await createScratchPostgresDatabase(postgresUrl, 'loa_bench_api')
  try {
    const postgres = await openDatabase({ url: scratch.url })
    const rows = await benchOn(postgres)
    await postgres.close()
    ok = report('PostgreSQL (scale mode, pool of 10)', rows, cases) && ok
  } finally {
    await scratch.drop()
  }
}
console.log(
  '\n2xx/busy-s: answers per second of the servers’ busy time (2xx/s ÷ event-loop utilisation) — the server’s own cost;\n' +
    '2xx/s is also bounded by the load generator, which parses each answer (/voices: 5.8 KB, 1.1 KB gzip; /bare: 30 bytes).\n' +
    'On PostgreSQL the database server’s own CPU is not in "server busy" (it competes for the same cores).',
)
if (!ok) process.exitCode = 1
await bare.close()
