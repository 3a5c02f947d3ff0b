/**
 * npm run bench:api — successful (2xx) requests/s and p99 latency of GET /api/v1/voices and GET /api/v1/me next
 * to a bare Fastify route, measured in the same run on this machine. Only 2xx answers count; a case with more than
 * 1% errors or non-2xx answers is not a measurement, and the run fails naming it.
 *
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 npm run bench:api
 *
 * The API runs as in embedded mode (PGlite in memory, migrated and seeded); tokens are RS256 JWTs verified
 * against a JWKS exactly as with the SSO (a key pair generated here stands in for the SSO's).
 */
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { migrateAll, openDatabase, seedAll } from '@loa/db'
import { buildApiApp, loadApiConfig } from '../src/index.ts'

const duration = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ISSUER = 'http://bench-sso.local'

const run = (url: string, headers: Record<string, string> = {}) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
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

const cases: { name: string; url: string; headers?: Record<string, string> }[] = [
  { name: 'bare Fastify GET /bare', url: `${bareUrl}/bare` },
  { name: 'GET /api/v1/voices', url: `${apiUrl}/api/v1/voices` },
  {
    name: 'GET /api/v1/voices?gender=FEMALE&features=NEWS',
    url: `${apiUrl}/api/v1/voices?gender=FEMALE&features=NEWS`,
  },
  {
    name: 'GET /api/v1/me (RS256 verify + profile)',
    url: `${apiUrl}/api/v1/me`,
    headers: { authorization: `Bearer ${token}` },
  },
]

console.log(
  `bench:api — ${duration}s per case, ${connections} connections, Node ${process.version}, database ${database.kind}`,
)
const rows: { name: string; rps: number; p99: number; failed: number; total: number }[] = []
for (const c of cases) {
  const r = await run(c.url, c.headers)
  const ok = r['2xx']
  const failed = r.errors + r.timeouts + r.non2xx
  rows.push({ name: c.name, rps: ok / r.duration, p99: r.latency.p99, failed, total: ok + failed })
}
const base = rows[0]!.rps
console.log('')
console.log(
  `${'case'.padEnd(48)} ${'2xx/s'.padStart(10)} ${'p99 ms'.padStart(8)} ${'vs bare'.padStart(8)} ${'errors'.padStart(7)}`,
)
for (const r of rows)
  console.log(
    `${r.name.padEnd(48)} ${r.rps.toFixed(0).padStart(10)} ${r.p99.toFixed(1).padStart(8)} ${(r.rps / base).toFixed(2).padStart(8)} ${String(r.failed).padStart(7)}`,
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
