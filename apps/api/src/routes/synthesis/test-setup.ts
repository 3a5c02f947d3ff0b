/**
 * Test composition of the synthesis slice, the way `loa serve all` composes it: one PGlite test database,
 * local file storage in a temporary directory, the in-process queue, the api and the synthesis jobs as the
 * worker runs them (real synthesis on the tts worker-thread pool). Used by the synthesis, tts and api-apps tests.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { WalletProduct } from '@loa/contracts'
import { app as t, openTestDatabase, type Database } from '@loa/db'
import { createInProcessQueue, type AnyJobDefinition, type JobContext, type Queue } from '@loa/jobs'
import { createLocalStorage, type Storage } from '@loa/storage'
import { SIGNATURE_HEADER, synthesisJobs } from '@loa/synthesis'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApiApp } from '../../app.ts'
import { loadApiConfig } from '../../config.ts'
import { createTestSso, ISSUER } from '../../test/harness.ts'

export interface SynthesisTestApi {
  app: FastifyInstance
  database: Database
  storage: Storage
  queue: Queue
  filesDir: string
  /** Bearer token for a user (roles on loa-api optional, e.g. `['admin']` for the operator document). */
  token: (sub: string, extra?: { roles?: string[] }) => Promise<string>
  call: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>
  /** Creates the user's profile and sets the balance (test set-up, through the ledger's table). */
  setBalance: (sub: string, credits: number, product?: WalletProduct) => Promise<void>
  balance: (sub: string, product?: WalletProduct) => Promise<number>
  /** Polls GET /synthesis/{id} until the request is final. */
  waitFinal: (token: string, id: string, timeoutMs?: number) => Promise<Record<string, unknown>>
  startJobs: (concurrency?: number) => Promise<void>
  /** The worker's job definitions (to run a handler directly, as a second worker would). */
  definitions: AnyJobDefinition[]
  close: () => Promise<void>
}

export const startSynthesisTestApi = async (
  options: {
    env?: Record<string, string>
    runJobs?: boolean
    concurrency?: number
    /** Another queue than the in-process one (BullMQ on a test Redis). */
    queue?: (database: Database) => Queue
    /** Another database than PGlite (migrated and seeded; PostgreSQL suites). */
    database?: () => Promise<Database>
  } = {},
): Promise<SynthesisTestApi> => {
  const database = await (options.database ?? openTestDatabase)()
  const filesDir = mkdtempSync(path.join(tmpdir(), 'loa-synthesis-test-'))
  const config = loadApiConfig({
    SSO_PUBLIC_URL: ISSUER,
    DATA_DIR: filesDir,
    API_SESSION_CHECK: 'false',
    ...options.env,
  })
  const storage = createLocalStorage({
    root: filesDir,
    signingSecret: 'test-signing-secret-0123456789',
    publicBaseUrl: `${config.publicUrl}/api/v1/files`,
  })
  const queue = options.queue?.(database) ?? createInProcessQueue({ database, pollMs: 50 })
  const sso = await createTestSso()
  const app = await buildApiApp({ config, database, storage, queue, jwks: sso.jwks })
  // The synthesis jobs as the worker runs them, with the same callback allow-list as the api.
  const definitions = synthesisJobs({
    database,
    storage,
    queue,
    callbackPolicy: { allowHosts: config.synthesis.callbackAllowHosts },
  })
  queue.register(definitions)
  let started = false
  const startJobs = async (concurrency = options.concurrency ?? 2) => {
    if (started) return
    started = true
    await queue.start(definitions, { concurrency })
  }
  if (options.runJobs ?? true) await startJobs()
  const token = (sub: string, extra: { roles?: string[] } = {}) =>
    sso.sign({
      sub,
      email: `${sub}@example.vn`,
      name: `Người dùng ${sub}`,
      sid: `sid-${sub}`,
      ...(extra.roles ? { resource_access: { 'loa-api': { roles: extra.roles } } } : {}),
    })
  const call = ({ token: bearer, headers, ...rest }: InjectOptions & { token?: string }) =>
    app.inject({
      ...rest,
      headers: { ...(headers ?? {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    })
  const wallet = (sub: string, product: WalletProduct) =>
    and(eq(t.creditWallets.userId, sub), eq(t.creditWallets.product, product))
  const balance = async (sub: string, product: WalletProduct = 'aivoice') => {
    const [row] = await database.db
      .select({ b: t.creditWallets.balance })
      .from(t.creditWallets)
      .where(wallet(sub, product))
    return row?.b ?? 0
  }
  /** Sets one wallet outright (a fixture: the profile is created first, with its sign-up grants). */
  const setBalance = async (sub: string, credits: number, product: WalletProduct = 'aivoice') => {
    await call({ method: 'GET', url: '/api/v1/me', token: await token(sub) })
    await database.db
      .insert(t.creditWallets)
      .values({ userId: sub, product, balance: credits })
      .onConflictDoUpdate({
        target: [t.creditWallets.userId, t.creditWallets.product],
        set: { balance: credits },
      })
  }
  const waitFinal = async (bearer: string, id: string, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs
    for (;;) {
      const res = await call({ method: 'GET', url: `/api/v1/synthesis/${id}`, token: bearer })
      const result = res.json().result as Record<string, unknown>
      if (result.status !== 'IN_PROGRESS') return result
      if (Date.now() > until) throw new Error(`request ${id} still IN_PROGRESS after ${timeoutMs} ms`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    app,
    database,
    storage,
    queue,
    filesDir,
    token,
    call,
    setBalance,
    balance,
    waitFinal,
    startJobs,
    definitions,
    close: async () => {
      await queue.close()
      await app.close()
      await database.close()
      rmSync(filesDir, { recursive: true, force: true })
    },
  }
}

/**
 * A developer's callback URL on loopback: records every delivery (body and signature header) and answers the
 * status codes pushed onto `answers`, in order, then 200. `listen()` resolves with its URL.
 */
export const callbackReceiver = () => {
  /** What the receiver answers next (status codes, in order; then 200). */
  const answers: number[] = []
  const received: { body: string; signature: string }[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ body, signature: String(req.headers[SIGNATURE_HEADER]) })
      res.statusCode = answers.shift() ?? 200
      res.end('ok')
    })
  })
  return {
    answers,
    received,
    listen: async (): Promise<string> => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    },
    close: () => void server.close(),
  }
}

/** A developer with `credits` in the API wallet and one API app: its token, id, callback secret and v1 headers. */
export const developerApp = async (api: SynthesisTestApi, sub: string, credits = 10_000) => {
  await api.setBalance(sub, credits, 'aivoiceapi')
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token(sub),
    payload: { name: `Ứng dụng ${sub}` },
  })
  if (res.statusCode !== 200) throw new Error(`api-apps answered ${res.statusCode}: ${res.body}`)
  const { app, token } = res.json().result as {
    app: { app_id: string; callback_secret: string }
    token: string
  }
  return {
    token,
    appId: app.app_id,
    secret: app.callback_secret,
    headers: { authorization: `Bearer ${token}`, 'app-id': app.app_id },
  }
}

/** What the queue hands a `synthesis.render` run (first attempt, silent log), to run the handler directly. */
export const renderContext = (jobId: string, overrides: Partial<JobContext> = {}): JobContext => ({
  jobId,
  name: 'synthesis.render',
  version: 1,
  attempt: 1,
  maxAttempts: 4,
  signal: new AbortController().signal,
  progress: async () => undefined,
  log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  ...overrides,
})
