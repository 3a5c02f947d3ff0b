import { app as t } from '@loa/db'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

/**
 * Property: the studio-project writes, fed near-valid bodies (wrong types, sizes, extra keys, odd numbers and
 * text), never answer 5xx; a refused write (4xx) changes no project, and an accepted one keeps the revision rule.
 */
let api: TestApi
let token: string
let id: string
beforeAll(async () => {
  api = await startTestApi({ storage: false })
  token = await api.token('u-proj-fuzz')
  const created = await api.call({
    method: 'POST',
    url: '/api/v1/studio-projects',
    token,
    payload: { title: 'fuzz', paragraphs: [{ text: 'a', voice_code: 'hn_female_thuha_news', speed: 1 }] },
  })
  id = created.json().result.id
})
afterAll(() => api?.close())

const snapshot = async () =>
  (
    await api.database.db
      .select({ f: sql<string>`md5(coalesce(string_agg(x::text, '|' order by x::text), ''))` })
      .from(sql`${t.studioProjects} x`)
  )[0]!.f

const oddValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('nul \u0000 in text'),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(-1),
  fc.constant(1e308),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
)
const paragraph = fc.record(
  {
    text: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 80 }), oddValue),
    voice_code: fc.oneof(fc.constant('hn_female_thuha_news'), oddValue),
    speed: fc.oneof(fc.double({ min: 0, max: 3, noNaN: true }), oddValue),
  },
  { requiredKeys: [] },
)
const body = fc.record(
  {
    revision: fc.oneof(fc.integer({ min: -2, max: 5 }), oddValue),
    title: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 220 }), oddValue),
    paragraphs: fc.oneof(fc.array(paragraph, { maxLength: 4 }), oddValue),
    settings: fc.oneof(
      fc.record(
        { pause_ms: oddValue, audio_type: fc.constantFrom('mp3', 'wav', 'ogg'), extra: oddValue },
        { requiredKeys: [] },
      ),
      oddValue,
    ),
    extra: oddValue,
  },
  { requiredKeys: [] },
)

describe('studio projects: random bodies', () => {
  it('never answer 5xx, and a refused write changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PUT', 'PATCH'), body, async (method, payload) => {
        const before = await snapshot()
        const res = await api.call({
          method: method as 'POST' | 'PUT' | 'PATCH',
          url: method === 'POST' ? '/api/v1/studio-projects' : `/api/v1/studio-projects/${id}`,
          token,
          payload,
        })
        expect(res.statusCode, res.body).toBeLessThan(500)
        if (res.statusCode >= 400) {
          expect(res.json().error_code).toEqual(expect.any(String))
          expect(await snapshot()).toBe(before)
        }
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
