import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'

/**
 * Property: every write endpoint, fed random bodies (random JSON, near-valid records with wrong types or
 * sizes, malformed JSON text), never answers 5xx, and when it rejects (4xx) nothing in the app schema changed.
 */
let api: TestApi
let userToken: string
let adminToken: string

const TABLES = [
  'voices',
  'sample_scripts',
  'packages',
  'banners',
  'vouchers',
  'news',
  'users',
  'devices',
  'affiliate_marketers',
  'credit_entries',
  'credit_reservations',
  'demo_events',
  'contacts',
  'shortlinks',
  'delete_account_requests',
  'orders',
  'user_vouchers',
  'support_tickets',
  'upload_slots',
  'pronunciation_entries',
]

const fingerprint = async (): Promise<string> => {
  const parts = TABLES.map((name) =>
    sql.raw(`(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from app.${name} x)`),
  )
  const result = (await api.database.db.execute(
    sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as f`,
  )) as unknown as {
    rows: { f: string }[]
  }
  return result.rows[0]!.f
}

interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH'
  url: string
  fields: string[]
  auth: 'none' | 'user' | 'admin'
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/api/v1/demo-events',
    fields: ['fingerprint', 'voice_code', 'duration', 'click'],
    auth: 'none',
  },
  {
    method: 'PUT',
    url: '/api/v1/affiliateMarketer/increase-number-of-clicks',
    fields: ['code'],
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/contacts',
    fields: ['name', 'email', 'phone_number', 'purpose', 'content'],
    auth: 'none',
  },
  { method: 'POST', url: '/api/v1/request-to-delete-account', fields: ['contact'], auth: 'none' },
  {
    method: 'POST',
    url: '/api/v1/support-tickets',
    fields: ['email', 'name', 'category', 'subject', 'content', 'attachments'],
    auth: 'none',
  },
  {
    method: 'PUT',
    url: '/api/v1/users/update-affiliate-marketer',
    fields: ['affiliate_code', 'affiliate_time'],
    auth: 'user',
  },
  {
    method: 'PUT',
    url: '/api/v1/users/update-ads-provider',
    fields: ['ads_provider', 'ads_provider_time'],
    auth: 'user',
  },
  { method: 'POST', url: '/api/v1/devices/check', fields: ['device_id', 'device_name'], auth: 'user' },
  {
    method: 'POST',
    url: '/api/v1/pronunciation-dictionary',
    fields: ['word', 'reading', 'region'],
    auth: 'user',
  },
  {
    method: 'PUT',
    url: '/api/v1/pronunciation-dictionary/00000000-0000-4000-8000-000000000000',
    fields: ['word', 'reading', 'region'],
    auth: 'user',
  },
  {
    method: 'POST',
    url: '/api/v1/devices/logout-devices',
    fields: ['device_ids', 'device_id'],
    auth: 'user',
  },
  {
    method: 'POST',
    url: '/api/v1/voices',
    fields: ['code', 'name', 'gender', 'region', 'features', 'engine_voice', 'sample_audio_url', 'rank'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/voices/hn_female_thuha_news',
    fields: ['name', 'gender', 'features', 'active', 'rank'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/banners',
    fields: ['code', 'type', 'image_url', 'action_url', 'position', 'starts_at', 'ends_at'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/banners/landing-popup',
    fields: ['image_url', 'action_url', 'position', 'ends_at'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/packages',
    fields: [
      'code',
      'name',
      'family',
      'type',
      'cycle',
      'kind',
      'price',
      'credits',
      'devices',
      'duration_days',
    ],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/packages/STUDIO-FREE-V3',
    fields: ['price', 'credits', 'kind', 'active'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/vouchers',
    fields: ['code', 'title', 'discount_percent', 'discount_amount', 'audience'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/vouchers/LOA10',
    fields: ['discount_percent', 'discount_amount', 'starts_at', 'ends_at'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/news',
    fields: ['slug', 'title', 'content', 'published_at', 'locale'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/news/tich-hop-api-loa-trong-5-phut',
    fields: ['title', 'content', 'published_at'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/users/u-prop/credits',
    fields: ['amount', 'reason', 'reference'],
    auth: 'admin',
  },
]

const awkwardValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 5_000, maxLength: 12_000 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1e21, Number.MAX_SAFE_INTEGER, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 5 }),
  fc.constantFrom(
    'NEWS',
    'MALE',
    'NORTH',
    'javascript:alert(1)',
    '2026-13-45T99:99:99Z',
    '../../etc/passwd',
    "'; drop table app.users; --",
    '\u0000',
    'DOITAC2026',
  ),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
)

const bodyFor = (fields: string[]) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .record(Object.fromEntries(fields.map((f) => [f, awkwardValue])), { requiredKeys: [] })
        .map((b) => ({ json: b })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((b) => ({ json: b })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ raw })) },
  )

beforeAll(async () => {
  api = await startTestApi({
    env: { API_RATE_LIMIT_FORMS: '100000', API_RATE_LIMIT_PUBLIC_WRITES: '100000' },
  })
  userToken = await api.token('u-prop')
  adminToken = await api.token('u-prop-admin', { roles: ['admin'] })
  // Profiles exist before the run, so a rejected call has nothing legitimate to create.
  await api.call({ method: 'GET', url: '/api/v1/me', token: userToken })
  await api.call({ method: 'GET', url: '/api/v1/me', token: adminToken })
})
afterAll(() => api.close())

describe('write endpoints under random input', () => {
  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.url}`, e] as const))(
    '%s: no 5xx, no change on rejection',
    async (_name, endpoint) => {
      const token = endpoint.auth === 'user' ? userToken : endpoint.auth === 'admin' ? adminToken : undefined
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint.fields), async (body) => {
          const before = await fingerprint()
          const res = await api.call({
            method: endpoint.method,
            url: endpoint.url,
            token,
            headers: { 'content-type': 'application/json' },
            payload: 'raw' in body ? body.raw : JSON.stringify(body.json),
          })
          expect(res.statusCode, res.body).toBeLessThan(500)
          const parsed = res.json()
          if (res.statusCode >= 400) {
            expect(parsed.status).toBe(0)
            expect(typeof parsed.error_code).toBe('string')
            expect(await fingerprint()).toBe(before)
          } else expect(parsed.status).toBe(1)
        }),
        { numRuns: 30 },
      )
    },
  )
})
