import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBackend, httpBackend, runFlagsCli } from './cli.ts'
import { TEST_ADMIN_KEY, startFlags, type RunningFlags } from './testing/harness.ts'

let flags: RunningFlags
beforeAll(async () => {
  flags = await startFlags()
})
afterAll(async () => {
  await flags.close()
})

const run = async (args: string[], via: 'http' | 'db') => {
  const lines: string[] = []
  const backend = via === 'http' ? httpBackend(flags.url, TEST_ADMIN_KEY) : databaseBackend(flags.database.db)
  const code = await runFlagsCli(args, backend, (l) => lines.push(l))
  return { code, out: lines.join('\n') }
}

describe('loa flags (through the running service, or on the database directly)', () => {
  for (const via of ['http', 'db'] as const) {
    it(`keys lists the client keys, the web's included (${via})`, async () => {
      const { code, out } = await run(['keys'], via)
      expect(code).toBe(0)
      expect(out).toMatch(/^KEY\s+ENVIRONMENT/)
      expect(out).toMatch(/sdk-loa-web\s+production\s+Loa web/)
      expect(out).toMatch(/sdk-loa-dev\s+development/)
    })
  }

  it('set changes a default (globally or per environment), visible in the payload and in list', async () => {
    expect(await run(['set', 'tracking-gtm-v2', 'true'], 'http')).toMatchObject({ code: 0 })
    expect(await run(['set', 'tracking-gtm-v2', 'false', '--env', 'development'], 'db')).toMatchObject({
      code: 0,
    })
    const prod = (await (await fetch(`${flags.url}/api/features/sdk-loa-web`)).json()) as {
      features: Record<string, { defaultValue: unknown }>
    }
    expect(prod.features['tracking-gtm-v2']).toEqual({ defaultValue: true })
    const dev = (await (await fetch(`${flags.url}/api/features/sdk-loa-dev`)).json()) as typeof prod
    expect(dev.features['tracking-gtm-v2']).toEqual({ defaultValue: false })
    const { out } = await run(['list'], 'http')
    expect(out).toMatch(/tracking-gtm-v2\s+boolean\s+true\s+false\s+true/)
    const audit = await flags.admin<{ result: { entries: { actor: string }[] } }>('GET', '/audit?limit=2')
    expect(audit.body.result.entries.map((e) => e.actor)).toEqual(['cli', 'operator'])
  })

  it('reports bad input with exit code 2 and the error code', async () => {
    expect(await run(['set', 'chatbot', 'maybe'], 'http')).toMatchObject({
      code: 2,
      out: expect.stringContaining('FLAG_VALUE_TYPE_MISMATCH'),
    })
    expect(await run(['set', 'no-such-flag', 'true'], 'db')).toMatchObject({
      code: 2,
      out: expect.stringContaining('FLAG_NOT_FOUND'),
    })
    expect((await run(['frobnicate'], 'db')).code).toBe(2)
    const wrongKey = await runFlagsCli(
      ['keys'],
      httpBackend(flags.url, 'not-the-operator-key'),
      () => undefined,
    )
    expect(wrongKey).toBe(2)
  })
})
