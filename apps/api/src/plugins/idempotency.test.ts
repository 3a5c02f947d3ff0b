import { DEFAULT_VOICE } from '@loa/contracts'
import { app as t, createScratchPostgresDatabase, migrateAll, openDatabase, seedAll } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../routes/synthesis/test-setup.ts'

const TEXT = 'Một câu để thử khoá chống trùng lặp.'
const postgresUrl = process.env.TEST_DATABASE_URL ?? ''
if (!postgresUrl)
  console.warn(
    '\n!!! SKIPPED: Idempotency-Key on PostgreSQL — TEST_DATABASE_URL is not set (.ci/run sets it) !!!\n',
  )

const databases = [
  { name: 'PGlite', enabled: true, open: undefined },
  {
    name: 'PostgreSQL',
    enabled: Boolean(postgresUrl),
    open: async () => {
      const scratch = await createScratchPostgresDatabase(postgresUrl, 'loa_idempotency')
      const database = await openDatabase({ url: scratch.url })
      await migrateAll(database)
      await seedAll({ db: database.db })
      const close = database.close
      return Object.assign(database, { close: async () => (await close(), await scratch.drop()) })
    },
  },
]

describe.each(databases)('Idempotency-Key on $name', ({ enabled, open }) => {
  let api: SynthesisTestApi
  beforeAll(async () => {
    if (enabled) api = await startSynthesisTestApi({ database: open })
  }, 90_000)
  afterAll(() => api?.close())

  const requestsOf = async (sub: string) =>
    api.database.db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.userId, sub))
  const reservationsOf = async (sub: string) =>
    api.database.db.select().from(t.creditReservations).where(eq(t.creditReservations.userId, sub))

  it.runIf(enabled)(
    'a studio synthesis retried with the same key is charged once; another body is a 409; no key creates again',
    async () => {
      await api.setBalance('u-idem', 1_000)
      const token = await api.token('u-idem')
      const create = (key: string | undefined, payload: object) =>
        api.call({
          method: 'POST',
          url: '/api/v1/synthesis',
          token,
          payload,
          headers: key ? { 'idempotency-key': key } : {},
        })
      // A client that timed out sends the same call again, twice at once and once later.
      const first = await create('retry-1', { text: TEXT })
      expect(first.statusCode).toBe(200)
      const again = await Promise.all([create('retry-1', { text: TEXT }), create('retry-1', { text: TEXT })])
      for (const res of again) {
        expect(res.statusCode).toBe(200)
        expect(res.headers['idempotent-replayed']).toBe('true')
        expect(res.json()).toEqual(first.json())
      }
      const id = first.json().result.request_id as string
      expect((await api.waitFinal(token, id)).status).toBe('SUCCESS')
      expect((await create('retry-1', { text: TEXT })).json().result.request_id).toBe(id)
      expect(await requestsOf('u-idem')).toHaveLength(1)
      const reservations = await reservationsOf('u-idem')
      expect(reservations).toHaveLength(1)
      const [request] = await requestsOf('u-idem')
      expect(await api.balance('u-idem')).toBe(1_000 - (request!.chargedCharacters ?? 0))

      const other = await create('retry-1', { text: `${TEXT} Khác.` })
      expect(other.statusCode).toBe(409)
      expect(other.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED')
      expect(await requestsOf('u-idem')).toHaveLength(1)

      // Another user may pick the same key: keys belong to their caller.
      await api.setBalance('u-idem-2', 1_000)
      const theirs = await api.call({
        method: 'POST',
        url: '/api/v1/synthesis',
        token: await api.token('u-idem-2'),
        payload: { text: TEXT },
        headers: { 'idempotency-key': 'retry-1' },
      })
      expect(theirs.statusCode).toBe(200)
      expect(theirs.json().result.request_id).not.toBe(id)

      // An error answer is not kept: nothing was created, so the same key runs again once the cause is fixed.
      await api.setBalance('u-idem-3', 1)
      const poor = await api.token('u-idem-3')
      const refused = await api.call({
        method: 'POST',
        url: '/api/v1/synthesis',
        token: poor,
        payload: { text: TEXT },
        headers: { 'idempotency-key': 'k-3' },
      })
      expect(refused.statusCode).toBe(402)
      await api.setBalance('u-idem-3', 1_000)
      const paid = await api.call({
        method: 'POST',
        url: '/api/v1/synthesis',
        token: poor,
        payload: { text: TEXT },
        headers: { 'idempotency-key': 'k-3' },
      })
      expect(paid.statusCode).toBe(200)
      expect(paid.headers['idempotent-replayed']).toBeUndefined()

      const bad = await create('has spaces', { text: TEXT })
      expect(bad.statusCode).toBe(400)
      // Without the header every call creates (the old behaviour).
      await create(undefined, { text: TEXT })
      expect(await requestsOf('u-idem')).toHaveLength(2)
    },
    120_000,
  )

  it.runIf(enabled)(
    'the developer APIs (/v1/tts, /api/v1/tts): a retry is one request and one reservation; a key is per route',
    async () => {
      await api.setBalance('u-dev', 1_000, 'aivoiceapi')
      const created = await api.call({
        method: 'POST',
        url: '/api/v1/api-apps',
        token: await api.token('u-dev'),
        payload: { name: 'Idempotency' },
      })
      const { app, token } = created.json().result as { app: { app_id: string }; token: string }
      const headers = (key: string) => ({
        authorization: `Bearer ${token}`,
        'app-id': app.app_id,
        'idempotency-key': key,
      })
      const v1 = (key: string) =>
        api.call({ method: 'POST', url: '/v1/tts', headers: headers(key), payload: { text: TEXT } })
      const first = await v1('dev-1')
      expect(first.statusCode).toBe(202)
      const retried = await v1('dev-1')
      expect(retried.statusCode).toBe(202)
      expect(retried.json().requestId).toBe(first.json().requestId)
      // The same key on another route is another request: refused, not run.
      const elsewhere = await api.call({
        method: 'POST',
        url: '/api/v1/tts',
        headers: headers('dev-1'),
        payload: { input_text: TEXT, voice_code: DEFAULT_VOICE },
      })
      expect(elsewhere.statusCode).toBe(409)
      expect(elsewhere.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED')
      const old = () =>
        api.call({
          method: 'POST',
          url: '/api/v1/tts',
          headers: headers('dev-2'),
          payload: { input_text: TEXT, voice_code: DEFAULT_VOICE },
        })
      const [a, b] = [await old(), await old()]
      expect(a.statusCode).toBe(200)
      expect(b.json().result.request_id).toBe(a.json().result.request_id)
      expect(await requestsOf('u-dev')).toHaveLength(2)
      expect(await reservationsOf('u-dev')).toHaveLength(2)
    },
    120_000,
  )
})
