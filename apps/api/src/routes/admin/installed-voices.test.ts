/**
 * The back-office's installed voices (issue #26 §1, the /admin Voices screen): install by name from a loopback
 * Piper repository (sizes and MD5s checked) with progress, the voice joins the catalogue with a sample, a bad
 * name fails with its code, remove takes it out of the catalogue; each command audited.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { app as t } from '@loa/db'
import { closeSharedPool, getVoicesDir, setVoicesDir } from '@loa/tts'
import { startTinyRepository, type TinyRepository } from '@loa/tts/test-voices'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

const NAME = 'vi_VN-tiny-x_low'
const dir = mkdtempSync(join(tmpdir(), 'loa-admin-voices-'))
const before = getVoicesDir()
let repository: TinyRepository
let api: TestApi
let admin: string

beforeAll(async () => {
  repository = await startTinyRepository([NAME])
  setVoicesDir(dir)
  api = await startTestApi({ env: { PIPER_VOICES_URL: repository.url } })
  admin = await api.token('u-voice-operator', { roles: ['admin'], email: 'voices@loa.vn' })
})
afterAll(async () => {
  await api.close()
  await closeSharedPool()
  setVoicesDir(before)
  rmSync(dir, { recursive: true, force: true })
  await repository.close()
})

const listing = async () => {
  const res = await api.call({ method: 'GET', url: '/api/v1/admin/installed-voices', token: admin })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result as {
    voices: { name: string; code: string; bytes: number; engine: string; tier: string }[]
    installs: {
      name: string
      state: string
      bytes: number
      total: number
      sample: boolean
      error_code: string
    }[]
  }
}
const finished = async (name: string) => {
  await expect
    .poll(async () => (await listing()).installs.find((i) => i.name === name)?.state, { timeout: 60_000 })
    .not.toBe('RUNNING')
  return (await listing()).installs.find((i) => i.name === name)!
}
const audited = async (action: string) =>
  (await api.database.db.select().from(t.auditLog).where(eq(t.auditLog.action, action))).map(
    (r) => r.targetId,
  )

describe('installed voices in the back-office', () => {
  it('installs by name with progress, joins the catalogue with a sample, and removes', async () => {
    const started = await api.call({
      method: 'POST',
      url: '/api/v1/admin/installed-voices',
      token: admin,
      payload: { source: NAME },
    })
    expect(started.statusCode, started.body).toBe(202)
    expect(started.json().result).toMatchObject({ name: NAME, source: NAME })
    const install = await finished(NAME)
    expect(install).toMatchObject({ state: 'INSTALLED', sample: true, error_code: null })
    expect(install.bytes).toBe(repository.bytesOf(NAME))
    expect(install.total).toBe(repository.bytesOf(NAME))
    const [voice] = (await listing()).voices
    expect(voice).toMatchObject({ name: NAME, engine: 'piper', tier: 'NEURAL' })
    expect(voice!.bytes).toBe(repository.bytesOf(NAME))
    const [row] = await api.database.db.select().from(t.voices).where(eq(t.voices.code, voice!.code))
    expect(row).toMatchObject({
      provider: 'piper',
      active: true,
      level: 'NEURAL',
      isSample: true,
      hasDubbing: true,
    })
    expect(row!.sampleAudioUrl).toMatch(/\/api\/v1\/media\/voices\/samples\//)
    expect(await audited('voice.install')).toContain(NAME)

    const removed = await api.call({
      method: 'DELETE',
      url: `/api/v1/admin/installed-voices/${NAME}`,
      token: admin,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await listing()).voices).toEqual([])
    const [after] = await api.database.db.select().from(t.voices).where(eq(t.voices.code, voice!.code))
    expect(after!.active).toBe(false)
    expect(await audited('voice.remove')).toContain(NAME)
    const again = await api.call({
      method: 'DELETE',
      url: `/api/v1/admin/installed-voices/${NAME}`,
      token: admin,
    })
    expect(again.statusCode).toBe(404)
    expect(again.json().error_code).toBe('VOICE_NOT_INSTALLED')
  })

  it('reports a name the repository does not have as a failed install, with its code', async () => {
    const name = 'vi_VN-nobody-medium'
    const started = await api.call({
      method: 'POST',
      url: '/api/v1/admin/installed-voices',
      token: admin,
      payload: { source: name },
    })
    expect(started.statusCode).toBe(202)
    expect(await finished(name)).toMatchObject({ state: 'FAILED', error_code: 'VOICE_NOT_FOUND' })
    expect((await listing()).voices).toEqual([])
  })
})
