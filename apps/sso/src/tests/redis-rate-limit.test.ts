import { randomUUID } from 'node:crypto'
import { deleteRedisKeys } from '@loa/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar, createHarness, pkcePair, submitAuthForm, type Harness } from '../testing/harness.ts'

/** Scale mode: the per-IP limit of checklist row E8 holds across SSO replicas (counted in Redis). */
const redisUrl = process.env.TEST_REDIS_URL ?? ''
if (!redisUrl)
  console.warn('\n!!! SKIPPED: SSO per-IP limits shared through Redis — TEST_REDIS_URL is not set !!!\n')

describe.skipIf(!redisUrl)('SSO per-IP rate limits across replicas (TEST_REDIS_URL)', () => {
  const prefix = `loa-test-sso-rl-${randomUUID().slice(0, 8)}:`
  const replicas: Harness[] = []
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_REDIS_PREFIX: prefix, SSO_LOGIN_RATE_LIMIT: '4' }
    replicas.push(await createHarness(env), await createHarness(env))
  })
  afterAll(async () => {
    await Promise.all(replicas.map((h) => h.close()))
    await deleteRedisKeys(redisUrl, prefix)
  })

  it('E8 across replicas: one IP spraying logins through both replicas gets 429 after the shared budget', async () => {
    const ip = '198.51.100.23'
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const h = replicas[i % 2]!
      const res = await submitAuthForm(
        h,
        new CookieJar(),
        { email: `spray${i}@example.com`, password: 'Password123' },
        { challenge: pkcePair().challenge },
        { ip },
      )
      statuses.push(res.statusCode)
    }
    // Each replica saw only three attempts; together they are over the limit of four per minute.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401])
    expect(statuses.slice(4)).toEqual([429, 429])
  })
})
