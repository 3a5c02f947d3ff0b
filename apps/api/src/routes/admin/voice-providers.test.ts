/**
 * Voice providers added on the /admin Voices screen (issue #26 §2): an operator adds a provider (kind, base URL,
 * limits, the variable holding its key), tests it, its voices join the catalogue and speak; a disabled provider's
 * voices leave it; the file's providers are read-only; bad input is refused with its code; every change audited;
 * a row saved by another replica is picked up by the re-read. Loopback OpenAI-compatible servers of the test's own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { app as t } from '@loa/db'
import { startLoopbackProvider, type LoopbackProvider } from '@loa/tts/test-providers'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const KEY = 'sk-screen-loopback-0123456789'
const FILE_KEY = 'sk-file-loopback-0123456789'
const CODE = 'vi-south-male-screen-e2e'
const dir = mkdtempSync(join(tmpdir(), 'loa-admin-providers-'))
let api: SynthesisTestApi
let server: LoopbackProvider
let fileServer: LoopbackProvider
let admin: string

beforeAll(async () => {
  server = await startLoopbackProvider('openai', { key: KEY })
  fileServer = await startLoopbackProvider('openai', { key: FILE_KEY })
  const file = join(dir, 'providers.json')
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        {
          id: 'from-file',
          kind: 'openai',
          base_url: `${fileServer.url}/v1`,
          api_key_env: 'FILE_PROVIDER_KEY',
          voices: [
            { code: 'vi-file-voice', provider_voice: 'a', name: 'A', gender: 'male', region: 'north' },
          ],
        },
      ],
    }),
  )
  api = await startSynthesisTestApi({
    env: {
      VOICE_PROVIDERS_FILE: file,
      FILE_PROVIDER_KEY: FILE_KEY,
      VOICE_KEY_SCREEN: KEY,
      VOICE_KEY_WRONG: 'sk-not-the-key',
      // A row saved by "another replica" (written straight into the table) shows within this.
      VOICE_PROVIDERS_REFRESH_MS: '200',
    },
  })
  admin = await api.token('u-provider-operator', { roles: ['admin'] })
}, 120_000)
afterAll(async () => {
  await api?.close()
  await server?.close()
  await fileServer?.close()
  rmSync(dir, { recursive: true, force: true })
})

const provider = (overrides: Record<string, unknown> = {}) => ({
  id: 'gpu-screen',
  kind: 'openai',
  base_url: `${server.url}/v1`,
  api_key_env: 'VOICE_KEY_SCREEN',
  concurrency: 2,
  timeout_ms: 10_000,
  max_retries: 0,
  enabled: true,
  voices: [{ code: CODE, provider_voice: 'minh', name: 'Minh', gender: 'MALE', region: 'SOUTH' }],
  ...overrides,
})
/** The same provider as a PUT body (no id). */
const updated = (overrides: Record<string, unknown> = {}) => {
  const { id: _id, ...body } = provider(overrides)
  return body
}

const add = (body: Record<string, unknown>, token = admin) =>
  api.call({ method: 'POST', url: '/api/v1/admin/voice-providers', token, payload: body })
const put = (id: string, body: Record<string, unknown>) =>
  api.call({ method: 'PUT', url: `/api/v1/admin/voice-providers/${id}`, token: admin, payload: body })
const test = (id: string) =>
  api.call({ method: 'POST', url: `/api/v1/admin/voice-providers/${id}/test`, token: admin, payload: {} })
const listed = async (code: string) =>
  (await api.call({ method: 'GET', url: `/api/v1/voices?code=${code}` })).json().result.items[0] as
    Record<string, unknown> | undefined
const audited = async (action: string) =>
  (await api.database.db.select().from(t.auditLog).where(eq(t.auditLog.action, action))).map(
    (r) => r.targetId,
  )

describe('voice providers on the /admin Voices screen', () => {
  it('needs the operator role', async () => {
    const user = await api.token('u-not-operator')
    expect((await add(provider(), user)).statusCode).toBe(403)
    const list = await api.call({ method: 'GET', url: '/api/v1/admin/voice-providers', token: user })
    expect(list.statusCode).toBe(403)
    expect((await api.call({ method: 'GET', url: '/api/v1/admin/voice-providers' })).statusCode).toBe(401)
  })

  it('refuses bad input with its code', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [provider({ kind: 'telepathy' }), 400, 'VALIDATION_FAILED'],
      [provider({ base_url: 'ftp://gpu-box/v1' }), 400, 'VALIDATION_FAILED'],
      [provider({ concurrency: 0 }), 400, 'VALIDATION_FAILED'],
      [provider({ id: 'Not An Id' }), 400, 'VALIDATION_FAILED'],
      [provider({ voices: [] }), 400, 'VALIDATION_FAILED'],
      // A name outside VOICE_KEY_… would send one of Loa's own secrets to the provider's URL.
      [provider({ api_key_env: 'DATABASE_URL' }), 400, 'VOICE_PROVIDER_KEY_NAME'],
      [provider({ api_key_env: 'VOICE_KEY_NOBODY_SET' }), 400, 'VOICE_PROVIDER_KEY_NOT_SET'],
      [provider({ id: 'from-file' }), 409, 'VOICE_PROVIDER_EXISTS'],
      [
        provider({
          voices: [
            { code: 'vi-file-voice', provider_voice: 'x', name: 'X', gender: 'MALE', region: 'NORTH' },
          ],
        }),
        409,
        'VOICE_CODE_TAKEN',
      ],
      // A voice Loa speaks itself (eSpeak), and a seeded catalogue voice.
      ...['vi-north-female-lan', 'hn_female_thuha_news'].map(
        (code): [Record<string, unknown>, number, string] => [
          provider({ voices: [{ code, provider_voice: 'x', name: 'X', gender: 'MALE', region: 'NORTH' }] }),
          409,
          'VOICE_CODE_TAKEN',
        ],
      ),
    ]
    for (const [body, status, code] of cases) {
      const res = await add(body)
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status)
      expect(res.json()).toMatchObject({ status: 0, error_code: code })
    }
    expect((await put('from-file', updated())).json().error_code).toBe('VOICE_PROVIDER_READ_ONLY')
    expect((await put('nobody', updated())).json().error_code).toBe('VOICE_PROVIDER_NOT_FOUND')
    expect((await test('nobody')).json().error_code).toBe('VOICE_PROVIDER_NOT_FOUND')
  })

  it('adds a provider: listed without its key, tested, its voice in the catalogue and speaking', async () => {
    const created = await add(provider())
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().result).toMatchObject({
      id: 'gpu-screen',
      source: 'screen',
      api_key_env: 'VOICE_KEY_SCREEN',
      key_set: true,
      enabled: true,
      state: 'available',
      problem: null,
    })
    const all = await api.call({ method: 'GET', url: '/api/v1/admin/voice-providers', token: admin })
    expect(all.json().result.providers.map((p: { id: string; source: string }) => [p.id, p.source])).toEqual([
      ['from-file', 'file'],
      ['gpu-screen', 'screen'],
    ])
    expect(all.body).not.toContain(KEY)
    expect(all.body).not.toContain(FILE_KEY)
    expect(await audited('voice_provider.create')).toEqual(['gpu-screen'])
    const [stored] = await api.database.db.select().from(t.voiceProviders)
    expect(JSON.stringify(stored)).not.toContain(KEY)

    // Test connection: one sentence through the provider, with its key.
    const tried = await test('gpu-screen')
    expect(tried.statusCode, tried.body).toBe(200)
    expect(tried.json().result).toMatchObject({ ok: true, voice: CODE, error_code: null })
    expect(tried.json().result.audio_ms).toBeGreaterThan(500)
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`)

    expect(await listed(CODE)).toMatchObject({
      engine: 'provider',
      provider: 'gpu-screen',
      provider_state: 'available',
      level: 'PREMIUM',
    })
    await api.setBalance('u-screen-voice', 1_000)
    const token = await api.token('u-screen-voice')
    const synthesis = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: 'Xin chào từ giọng mới.', voice_code: CODE, audio_type: 'wav' },
    })
    expect(synthesis.statusCode, synthesis.body).toBe(200)
    expect(await api.waitFinal(token, synthesis.json().result.request_id)).toMatchObject({
      status: 'SUCCESS',
    })
    expect(JSON.parse(server.requests.at(-1)!.body)).toMatchObject({ voice: 'minh' })
  })

  it('reports a refused key and an outage with their codes', async () => {
    expect((await put('gpu-screen', updated({ api_key_env: 'VOICE_KEY_WRONG' }))).statusCode).toBe(200)
    expect((await test('gpu-screen')).json().result).toMatchObject({
      ok: false,
      error_code: 'PROVIDER_AUTH_FAILED',
    })
    expect((await put('gpu-screen', updated())).statusCode).toBe(200)
    server.down = true
    expect((await test('gpu-screen')).json().result).toMatchObject({
      ok: false,
      error_code: 'PROVIDER_UNAVAILABLE',
    })
    server.down = false
    // The probe's failures are its own: the live provider is not paused by them.
    expect(await listed(CODE)).toMatchObject({ provider_state: 'available' })
  })

  it('disabled, its voices leave the catalogue; enabled, they come back; deleted, gone', async () => {
    const off = await put('gpu-screen', updated({ enabled: false }))
    expect(off.json().result).toMatchObject({ enabled: false, state: 'off' })
    expect(await listed(CODE)).toBeUndefined()
    // A disabled provider can still be tried before it is enabled again.
    expect((await test('gpu-screen')).json().result).toMatchObject({ ok: true })
    expect((await put('gpu-screen', updated())).json().result).toMatchObject({ state: 'available' })
    expect(await listed(CODE)).toMatchObject({ provider: 'gpu-screen' })
    expect(await audited('voice_provider.update')).toHaveLength(4)

    const gone = await api.call({
      method: 'DELETE',
      url: '/api/v1/admin/voice-providers/gpu-screen',
      token: admin,
    })
    expect(gone.statusCode, gone.body).toBe(200)
    expect(await listed(CODE)).toBeUndefined()
    expect(await audited('voice_provider.delete')).toEqual(['gpu-screen'])
    const fromFile = await api.call({
      method: 'DELETE',
      url: '/api/v1/admin/voice-providers/from-file',
      token: admin,
    })
    expect(fromFile.json().error_code).toBe('VOICE_PROVIDER_READ_ONLY')
  })

  it('picks up a provider saved by another replica within the re-read interval', async () => {
    const { id, enabled: _enabled, ...entry } = provider({ id: 'other-replica' })
    await api.database.db.insert(t.voiceProviders).values({ id, entry: entry as never })
    await expect.poll(() => listed(CODE), { timeout: 10_000 }).toMatchObject({ provider: 'other-replica' })
  })
})
