import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { app as t, createScratchPostgresDatabase, openDatabase, type Database } from '@loa/db'
import { deleteBullmqKeys } from '@loa/jobs'
import { freePort, signUpOverHttp } from '@loa/sso/testing'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3rver, serve, stopAll, waitFor, worker, type Started } from './scale-processes.ts'

/**
 * The README's scale mode, end to end: one database (PostgreSQL), one Redis, one S3 (s3rver), the SSO, two APIs and
 * two workers, each started by its own command as the README says (`loa serve sso|api`, `loa worker`). Work created
 * on one API is rendered once by one of the workers and read on the other API; an idempotent create retried on the
 * other API is charged once; a worker killed mid-job has its job finished by the other, charged once; readiness names
 * the shared dependencies and turns not-ready when one goes away. Its own database, Redis key prefix and bucket:
 * other suites run beside it.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? ''
const redisUrl = process.env.TEST_REDIS_URL ?? ''
if (!databaseUrl || !redisUrl)
  console.warn(
    `\n!!! SKIPPED: scale mode end to end (two APIs, two workers, PostgreSQL + Redis + S3) — ${
      databaseUrl ? 'TEST_REDIS_URL' : 'TEST_DATABASE_URL'
    } is not set (.ci/run sets it) !!!\n`,
  )

const WEB = 'http://localhost:3000'
const BUCKET = 'loa-scale'
const SRT =
  '1\n00:00:00,500 --> 00:00:02,500\nLAN: Xin chào!\n\n2\n00:00:03,000 --> 00:00:05,000\nMINH: Chào em.\n'
/** Sentences that differ (the sentence cache must not make the killed job instant): ~1,900 characters. */
const LONG_TEXT = Array.from(
  { length: 40 },
  (_, i) => `Đoạn thứ ${i + 1} kể về một buổi sáng ${i % 2 ? 'mưa' : 'nắng'} ở phố số ${(i * 37) % 101}.`,
).join(' ')

interface Json {
  status: number
  headers: Headers
  body: { result?: Record<string, unknown>; error_code?: string; status?: string; checks?: Check[] }
}
interface Check {
  name: string
  ok: boolean
}

const call = async (url: string, init: RequestInit & { token?: string } = {}): Promise<Json> => {
  const { token, headers, ...rest } = init
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(rest.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string> | undefined),
    },
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json['body'] }
}

const subOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub

describe.skipIf(!databaseUrl || !redisUrl)(
  'scale mode: two APIs and two workers on PostgreSQL, Redis, S3',
  () => {
    const cleanups: (() => Promise<unknown>)[] = []
    const prefix = `loa-e2e-${process.pid}-${Date.now().toString(36)}`
    let database: Database
    let apiA: string
    let apiB: string
    let workers: { proc: Started; url: string }[]
    let s3: { port: number; directory: string; server: Started }
    let user: { token: string; id: string }

    beforeAll(async () => {
      const t0 = Date.now()
      const scratch = await createScratchPostgresDatabase(databaseUrl, 'loa_scale_e2e')
      cleanups.push(() => scratch.drop())
      cleanups.push(() => deleteBullmqKeys(redisUrl, prefix))
      const dirs = mkdtempSync(path.join(tmpdir(), 'loa-scale-e2e-'))
      cleanups.push(async () => rmSync(dirs, { recursive: true, force: true }))
      const [s3Port, ssoPort, portA, portB, w1, w2] = await Promise.all(
        Array.from({ length: 6 }, () => freePort()),
      )
      s3 = { port: s3Port!, directory: path.join(dirs, 's3'), server: undefined as unknown as Started }
      s3.server = await s3rver(s3.port, s3.directory, BUCKET)
      apiA = `http://127.0.0.1:${portA}`
      apiB = `http://127.0.0.1:${portB}`
      const sso = `http://127.0.0.1:${ssoPort}`
      // The README's scale-mode environment: the same for every process, one DATA_DIR each (never ./data).
      const shared = {
        ...process.env,
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        RATE_LIMIT_REDIS_PREFIX: `${prefix}:rl:`,
        S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        FILE_SIGNING_SECRET: 'scale-e2e-file-signing-secret',
        SSO_OPERATOR_KEY: 'scale-e2e-operator-key-0123',
        FLAGS_ADMIN_KEY: 'scale-e2e-flags-admin-key-0123',
        WEB_PUBLIC_URL: WEB,
        API_PUBLIC_URL: apiA,
        SSO_PUBLIC_URL: sso,
        FLAGS_PUBLIC_URL: 'http://127.0.0.1:9',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // A killed worker's job moves on after 8 s instead of 30 s (shorter leases expire under a loaded machine's
        // stalls while the job is still running); one job at a time per worker.
        JOB_LEASE_MS: '8000',
        WORKER_CONCURRENCY: '1',
      }
      const own = (name: string, more: Record<string, string>) => ({
        ...shared,
        DATA_DIR: path.join(dirs, name),
        ...more,
      })
      const [, , , ...ws] = await Promise.all([
        serve('sso', 'sso', own('sso', { SSO_PORT: String(ssoPort) })),
        serve('api A', 'api', own('api-a', { API_PORT: String(portA) })),
        serve('api B', 'api', own('api-b', { API_PORT: String(portB), API_PUBLIC_URL: apiB })),
        // Workers log at info: one line when a job attempt starts and one when it ends, with the worker's name.
        worker('worker 1', own('worker-1', { WORKER_PORT: String(w1), LOG_LEVEL: 'info' })),
        worker('worker 2', own('worker-2', { WORKER_PORT: String(w2), LOG_LEVEL: 'info' })),
      ])
      workers = ws.map((proc, i) => ({ proc, url: `http://127.0.0.1:${[w1, w2][i]}` }))
      database = await openDatabase({ url: scratch.url, poolSize: 2 })
      cleanups.push(() => database.close())
      const { access_token } = await signUpOverHttp({
        ssoUrl: sso,
        redirectUri: `${WEB}/console/apps`,
        origin: WEB,
        name: 'Người Vận Hành',
      })
      user = { token: access_token, id: subOf(access_token) }
      console.info(`scale mode e2e: six processes started and a user signed up in ${Date.now() - t0} ms`)
    }, 400_000)

    afterAll(async () => {
      await stopAll()
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    }, 60_000)

    /** The ledger entries of one reservation's work (request or render id), oldest first. */
    const entriesOf = async (reference: string) =>
      (
        await database.db
          .select({ kind: t.creditEntries.kind, amount: t.creditEntries.amount })
          .from(t.creditEntries)
          .where(eq(t.creditEntries.reference, reference))
          .orderBy(asc(t.creditEntries.seq))
      ).map((e) => `${e.kind} ${e.amount}`)
    const balance = async (product: string) => {
      const [row] = await database.db
        .select({ balance: t.creditWallets.balance })
        .from(t.creditWallets)
        .where(and(eq(t.creditWallets.userId, user.id), eq(t.creditWallets.product, product)))
      return row?.balance
    }
    /** The job's log lines (`job attempt started` / `finished`) across both workers, each with who printed it. */
    const jobLines = (jobId: string) =>
      workers.flatMap(({ proc }) =>
        proc
          .logLines()
          .filter((l) => l.jobId === jobId && String(l.msg).startsWith('job attempt'))
          .map((l): Record<string, unknown> & { printedBy: string } => ({ ...l, printedBy: proc.name })),
      )
    /** Waits for the job's completed attempt; then every `job attempt finished` line of it. */
    const finishedLines = (jobId: string) =>
      waitFor(`the completed attempt of ${jobId}`, () => {
        const done = jobLines(jobId).filter((l) => l.msg === 'job attempt finished')
        return done.some((l) => l.outcome === 'completed') ? done : undefined
      })
    /** Rendered exactly once: one attempt started, on one worker, and it completed. */
    const expectOneAttempt = async (jobId: string, job: string) => {
      const finished = await finishedLines(jobId)
      const lines = JSON.stringify(jobLines(jobId), null, 1)
      expect(finished, lines).toHaveLength(1)
      expect(finished[0]).toMatchObject({ job, outcome: 'completed', takeover: false })
      expect(
        jobLines(jobId).filter((l) => l.msg === 'job attempt started'),
        lines,
      ).toHaveLength(1)
    }
    const readiness = async (url: string) => {
      const res = await call(`${url}/readyz`)
      return { status: res.status, checks: res.body.checks ?? [] }
    }
    const failing = (checks: Check[]) => checks.filter((c) => !c.ok).map((c) => c.name)
    /**
     * The first `/readyz` answer of `url` whose failing checks are exactly `names` (every check has 1 s: on a loaded
     * machine one answer may miss a healthy dependency, so a few answers are read); what it last saw when none is.
     */
    const readinessFailing = async (url: string, names: string[]) => {
      let last: Awaited<ReturnType<typeof readiness>> | undefined
      return waitFor(
        `${url}/readyz failing ${JSON.stringify(names)}`,
        async () => {
          last = await readiness(url)
          return JSON.stringify(failing(last.checks)) === JSON.stringify(names) ? last : undefined
        },
        30_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; last answer ${JSON.stringify(last)}`)
      })
    }

    it('each API and worker is ready and names the shared database, queue (Redis) and storage (S3)', async () => {
      for (const api of [apiA, apiB]) {
        const { status, checks } = await readinessFailing(api, [])
        expect(status, api).toBe(200)
        expect(checks.map((c) => c.name).sort()).toEqual(['database', 'queue', 'redis', 'storage'])
      }
      for (const { url } of workers) {
        const { status, checks } = await readinessFailing(url, [])
        expect(status, url).toBe(200)
        expect(checks.map((c) => c.name).sort()).toEqual(['database', 'queue', 'storage'])
      }
    })

    it('a studio synthesis created on API A is rendered once by one worker; API B reads its status and download', async () => {
      const create = (api: string) =>
        call(`${api}/api/v1/synthesis`, {
          method: 'POST',
          token: user.token,
          headers: { 'idempotency-key': 'studio-scale-1' },
          body: JSON.stringify({ text: 'Xin chào, đây là chế độ mở rộng.' }),
        })
      const created = await create(apiA)
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      const id = String(created.body.result!.request_id)
      // The same key and body retried on the other replica: the first answer, nothing created again.
      const retried = await create(apiB)
      expect(retried.status).toBe(200)
      expect(retried.headers.get('idempotent-replayed')).toBe('true')
      expect(retried.body.result!.request_id).toBe(id)

      const done = await waitFor('the synthesis to finish (read on API B)', async () => {
        const read = await call(`${apiB}/api/v1/synthesis/${id}`, { token: user.token })
        return read.body.result?.status === 'IN_PROGRESS' ? undefined : read.body.result
      })
      expect(done).toMatchObject({ status: 'SUCCESS', progress: 100 })
      const link = await call(`${apiB}/api/v1/synthesis/${id}/download`, { token: user.token })
      expect(link.status).toBe(200)
      const url = String(link.body.result!.url)
      expect(url.startsWith(`http://127.0.0.1:${s3.port}/${BUCKET}/`), url).toBe(true)
      const audio = await fetch(url)
      expect(audio.status).toBe(200)
      expect(audio.headers.get('content-type')).toBe('audio/mpeg')
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1_000)

      await expectOneAttempt(id, 'synthesis.render')
      const charged = Number(done.charged_characters)
      expect(charged).toBeGreaterThan(0)
      expect(await entriesOf(id)).toEqual([`RESERVATION ${charged}`, `CHARGE ${charged}`])
      expect(await balance('aivoice')).toBe(5_000 - charged)
    }, 120_000)

    it('a developer dubbing create retried on API B with its Idempotency-Key is one render, charged once', async () => {
      const app = await call(`${apiA}/api/v1/api-apps`, {
        method: 'POST',
        token: user.token,
        body: JSON.stringify({ name: 'Lồng tiếng mở rộng' }),
      })
      expect(app.status, JSON.stringify(app.body)).toBe(200)
      const appToken = String(app.body.result!.token)
      const create = (api: string) =>
        call(`${api}/api/v1/dubbing`, {
          method: 'POST',
          token: appToken,
          headers: { 'idempotency-key': 'dub-scale-1' },
          body: JSON.stringify({ subtitle_text: SRT, voice_code: 'hn_female_thuha_news' }),
        })
      const first = await create(apiA)
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      const id = String(first.body.result!.render_id)
      const again = await create(apiB)
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(again.body.result!.render_id).toBe(id)

      const done = await waitFor('the dubbing render to finish (read on API B)', async () => {
        const read = await call(`${apiB}/api/v1/dubbing/${id}`, { token: appToken })
        return read.body.result?.status === 'IN_PROGRESS' ? undefined : read.body.result
      })
      // Charged the span of the subtitles: 0.5 s → 5.0 s is 4.5 s, rounded up to 5.
      expect(done).toMatchObject({ status: 'SUCCESS', seconds_charged: 5 })
      const track = await fetch(String((done.links as Record<string, string>).track_mp3))
      expect(track.status).toBe(200)
      expect((await track.arrayBuffer()).byteLength).toBeGreaterThan(1_000)

      await expectOneAttempt(id, 'dubbing.render')
      expect(await entriesOf(id)).toEqual(['RESERVATION 5', 'CHARGE 5'])
      expect(await balance('aidubbing')).toBe(600 - 5)
      const renders = await database.db
        .select({ id: t.dubbingRenders.id })
        .from(t.dubbingRenders)
        .where(eq(t.dubbingRenders.userId, user.id))
      expect(renders).toHaveLength(1)
    }, 120_000)

    it('a worker killed mid-job: the other worker takes the job over and finishes it, charged once', async () => {
      const before = await balance('aivoice')
      const created = await call(`${apiB}/api/v1/synthesis`, {
        method: 'POST',
        token: user.token,
        body: JSON.stringify({ text: LONG_TEXT }),
      })
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      const id = String(created.body.result!.request_id)
      const first = await waitFor('a worker to start the job', () =>
        jobLines(id).find((l) => l.msg === 'job attempt started'),
      )
      const victim = workers.find((w) => w.proc.name === first.printedBy)!
      const survivor = workers.find((w) => w !== victim)!
      expect(first).toMatchObject({ job: 'synthesis.render', attempt: 1, takeover: false })
      await victim.proc.kill()
      expect(
        jobLines(id).filter((l) => l.msg === 'job attempt finished'),
        'the job finished before the kill: LONG_TEXT is too short to be killed mid-job',
      ).toEqual([])

      const takeover = await waitFor('the surviving worker to take the job over', () =>
        jobLines(id).find((l) => l.msg === 'job attempt started' && l.printedBy === survivor.proc.name),
      )
      expect(takeover).toMatchObject({ takeover: true })
      const done = await waitFor('the synthesis to finish (read on API A)', async () => {
        const read = await call(`${apiA}/api/v1/synthesis/${id}`, { token: user.token })
        return read.body.result?.status === 'IN_PROGRESS' ? undefined : read.body.result
      })
      expect(done).toMatchObject({ status: 'SUCCESS' })
      // Finished once, by the survivor; any other attempt it made was a retry that created nothing (checked below).
      const finished = (await finishedLines(id)).filter((l) => l.outcome === 'completed')
      expect(finished, JSON.stringify(jobLines(id), null, 1)).toHaveLength(1)
      expect(finished[0]).toMatchObject({ printedBy: survivor.proc.name })
      const charged = Number(done.charged_characters)
      expect(await entriesOf(id)).toEqual([`RESERVATION ${charged}`, `CHARGE ${charged}`])
      expect(await balance('aivoice')).toBe(before! - charged)
      expect((await readinessFailing(survivor.url, [])).status).toBe(200)
      workers = [survivor]
    }, 120_000)

    it('readiness is honest: S3 stopped makes both APIs and the worker not-ready naming storage, and back', async () => {
      await s3.server.kill()
      const targets = [apiA, apiB, workers[0]!.url]
      for (const url of targets) expect((await readinessFailing(url, ['storage'])).status, url).toBe(503)
      s3.server = await s3rver(s3.port, s3.directory, BUCKET)
      for (const url of targets) expect((await readinessFailing(url, [])).status, url).toBe(200)
    }, 60_000)
  },
)
