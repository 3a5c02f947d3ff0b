import { app as t } from '@loa/db'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
let admin: string

beforeAll(async () => {
  api = await startTestApi()
  admin = await api.token('u-editor', { roles: ['admin'], email: 'editor@loa.vn' })
  // Any audit row whose reason is this fails: proves a change and its audit row are one transaction.
  await api.database.db.execute(sql`
    create function app.refuse_edit_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit write refused (test)'; end; $$`)
  await api.database.db.execute(sql`
    create trigger refuse_edit_audit before insert on app.audit_log
    for each row when (new.reason = 'audit must fail') execute function app.refuse_edit_audit()`)
})
afterAll(() => api.close())

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  api.call({ method, url: `/api/v1/admin${url}`, token: admin, ...(payload ? { payload } : {}) })

const audit = (targetType: string, targetId: string) =>
  api.database.db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.targetType, targetType), eq(t.auditLog.targetId, targetId)))

describe('voices: attribution, licence, sample', () => {
  it('seeds a credit line and licence on the built-in voices, shown by GET /voices and GET /v1/voices', async () => {
    const [voice] = (
      await api.call({ method: 'GET', url: '/api/v1/voices?code=hn_female_thuha_news' })
    ).json().result.items
    expect(voice.attribution).toContain('eSpeak NG')
    expect(voice.licence).toContain('GPL-3.0')
  })

  it('edits attribution and licence with an audit row; the public lists read the column', async () => {
    const edited = await call('PATCH', '/voices/hn_male_quanganh_news', {
      attribution: 'Giọng thu âm bởi Quang Anh cho Loa',
      licence: 'CC-BY-4.0',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().result).toMatchObject({ attribution: 'Giọng thu âm bởi Quang Anh cho Loa' })
    const [row] = await audit('voice', 'hn_male_quanganh_news')
    expect(row).toMatchObject({ action: 'voice.update', actorEmail: 'editor@loa.vn' })
    expect(row!.before).toMatchObject({ licence: expect.stringContaining('GPL') })
    expect(row!.after).toMatchObject({ licence: 'CC-BY-4.0' })
    const v1 = (await api.call({ method: 'GET', url: '/v1/voices?gender=MALE&region=NORTH' })).json()
    expect(v1.voices.find((v: { code: string }) => v.code === 'hn_male_quanganh_news')).toMatchObject({
      attribution: 'Giọng thu âm bởi Quang Anh cho Loa',
    })
    const shown = (await api.call({ method: 'GET', url: '/api/v1/voices?code=hn_male_quanganh_news' })).json()
    expect(shown.result.items[0]).toMatchObject({ licence: 'CC-BY-4.0' })
  })

  it('sets a tier and a credit factor, shown by both voice lists; refuses other tiers and factors', async () => {
    const edited = await call('PATCH', '/voices/sg_male_trungnghia_book', {
      level: 'PREMIUM',
      credit_factor: 1.5,
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().result).toMatchObject({ level: 'PREMIUM', credit_factor: 1.5 })
    const v1 = (await api.call({ method: 'GET', url: '/v1/voices?gender=MALE&region=SOUTH' })).json()
    expect(v1.voices.find((v: { code: string }) => v.code === 'sg_male_trungnghia_book')).toMatchObject({
      level: 'PREMIUM',
      creditFactor: 1.5,
    })
    for (const body of [
      { level: 'STANDARD' },
      { credit_factor: 0 },
      { credit_factor: 1.234 },
      { credit_factor: 50 },
    ])
      expect((await call('PATCH', '/voices/sg_male_trungnghia_book', body)).statusCode).toBe(400)
    await call('PATCH', '/voices/sg_male_trungnghia_book', { level: 'BASIC', credit_factor: 1 })
  })

  it('refuses unknown fields and over-long credits with a coded error, writing nothing', async () => {
    for (const body of [{ licence: 'x'.repeat(201) }, { attribution: 'ok', owner: 'someone' }]) {
      const res = await call('PATCH', '/voices/hn_female_thuha_news', body)
      expect(res.statusCode).toBe(400)
      expect(res.json().error_code).toBe('VALIDATION_FAILED')
    }
    expect(await audit('voice', 'hn_female_thuha_news')).toHaveLength(0)
  })

  it('regenerates a sample through the start-up code: new playable MP3, audited; unknown voice coded', async () => {
    const [before] = await api.database.db
      .select()
      .from(t.voices)
      .where(eq(t.voices.code, 'hn_female_thuha_news'))
    const res = await call('POST', '/voices/hn_female_thuha_news/sample', { reason: 'Giọng mới' })
    expect(res.statusCode).toBe(200)
    const url = res.json().result.sample_audio_url as string
    expect(url).toMatch(/\/api\/v1\/media\/voices\/samples\/hn_female_thuha_news\.[a-z0-9]+\.mp3$/)
    expect(url).not.toBe(before!.sampleAudioUrl)
    const audio = await api.call({ method: 'GET', url: new URL(url).pathname })
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/mpeg')
    expect(audio.rawPayload.length).toBeGreaterThan(2_000)
    const listed = (await call('GET', '/voices?limit=200')).json().result.items
    expect(listed.find((v: { code: string }) => v.code === 'hn_female_thuha_news').sample_audio_url).toBe(url)
    const rows = await audit('voice', 'hn_female_thuha_news')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'voice.sample',
      reason: 'Giọng mới',
      before: { sample_audio_url: before!.sampleAudioUrl },
      after: { sample_audio_url: url },
    })
    const missing = await call('POST', '/voices/no-such-voice/sample', {})
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error_code).toBe('VOICE_NOT_FOUND')
  }, 120_000)

  it('a voice whose engine voice is not installed answers VOICE_SAMPLE_FAILED and keeps its sample', async () => {
    await call('POST', '/voices', {
      code: 'ghost-voice',
      name: 'Không Cài',
      gender: 'MALE',
      region: 'SOUTH',
      features: ['NEWS'],
      engine_voice: 'not-installed-voice',
      sample_audio_url: 'https://cdn.example.vn/ghost.mp3',
    })
    const res = await call('POST', '/voices/ghost-voice/sample', {})
    expect(res.statusCode).toBe(422)
    expect(res.json().error_code).toBe('VOICE_SAMPLE_FAILED')
    const [row] = await api.database.db.select().from(t.voices).where(eq(t.voices.code, 'ghost-voice'))
    expect(row!.sampleAudioUrl).toBe('https://cdn.example.vn/ghost.mp3')
    expect((await audit('voice', 'ghost-voice')).map((r) => r.action)).toEqual(['voice.create'])
  })
})

describe('edit forms: packages, vouchers, news, sample scripts', () => {
  it('creates and edits a package (integer VND, highlights, English translation, flags), audited', async () => {
    const created = await call('POST', '/packages', {
      code: 'edit-probe',
      name: 'Gói Thử',
      family: 'BASIC',
      type: 'STUDIO',
      kind: 'PREPAID',
      price: 99_000,
      credits: 100_000,
      devices: 1,
      duration_days: 30,
      highlights: ['Một thiết bị'],
      translations: { en: { name: 'Trial pack', highlights: ['One device'] } },
      active: true,
      purchasable: false,
    })
    expect(created.statusCode, created.body).toBe(200)
    const edited = await call('PATCH', '/packages/edit-probe', {
      translations: { en: { name: 'Starter pack' } },
      is_landing_page: true,
    })
    expect(edited.json().result).toMatchObject({
      is_landing_page: true,
      translations: { en: { name: 'Starter pack' } },
    })
    expect((await audit('package', 'edit-probe')).map((r) => r.action).sort()).toEqual([
      'package.create',
      'package.update',
    ])
    const priced = await call('PATCH', '/packages/edit-probe', { price: 99_000.5 })
    expect(priced.json().error_code).toBe('VALIDATION_FAILED')
    const german = await call('PATCH', '/packages/edit-probe', { translations: { de: { name: 'Paket' } } })
    expect(german.json().error_code).toBe('VALIDATION_FAILED')
    expect(await audit('package', 'edit-probe')).toHaveLength(2)
  })

  it('creates and edits a voucher; one of percent or amount, coded otherwise', async () => {
    const body = { code: 'EDITPROBE', title: 'Giảm 10%', discount_percent: 10 }
    expect((await call('POST', '/vouchers', body)).statusCode).toBe(200)
    const both = await call('PATCH', '/vouchers/EDITPROBE', { discount_amount: 5_000 })
    expect(both.json().error_code).toBe('VALIDATION_FAILED')
    const edited = await call('PATCH', '/vouchers/EDITPROBE', {
      discount_percent: null,
      discount_amount: 20_000,
      translations: { en: { title: '20,000 VND off' } },
    })
    expect(edited.json().result).toMatchObject({ discount_amount: 20_000 })
    expect(await audit('voucher', 'EDITPROBE')).toHaveLength(2)
  })

  it('creates and edits a news post and a sample script; a duplicate key is CODE_ALREADY_EXISTS', async () => {
    const post = { slug: 'ban-tin-thu', title: 'Bản tin thử', content: 'Nội dung bản tin.', locale: 'vi' }
    expect((await call('POST', '/news', post)).statusCode).toBe(200)
    expect((await call('POST', '/news', post)).json().error_code).toBe('CODE_ALREADY_EXISTS')
    expect((await call('PATCH', '/news/ban-tin-thu', { title: 'Bản tin mới' })).json().result.title).toBe(
      'Bản tin mới',
    )
    const script = { code: 'script-probe', purpose: 'NEWS', title: 'Thử', text: 'Xin chào.' }
    expect((await call('POST', '/sample-scripts', script)).statusCode).toBe(200)
    const bad = await call('PATCH', '/sample-scripts/script-probe', { text: '', extra: 1 })
    expect(bad.json().error_code).toBe('VALIDATION_FAILED')
    expect(await audit('news', 'ban-tin-thu')).toHaveLength(2)
    expect(await audit('sample_script', 'script-probe')).toHaveLength(1)
  })
})

describe('contact messages: status', () => {
  it('moves NEW → IN_PROGRESS → DONE with audit rows, filterable by status', async () => {
    const sent = await api.call({
      method: 'POST',
      url: '/api/v1/contacts',
      payload: {
        name: 'Phạm Thu',
        email: 'thu@example.vn',
        phone_number: '0912345678',
        purpose: 'Hợp tác',
        content: 'Xin liên hệ lại.',
      },
    })
    const id = sent.json().result.id as number
    const byStatus = async (status: string) =>
      (await call('GET', `/support/contacts?status=${status}`))
        .json()
        .result.items.map((c: { id: number }) => c.id)
    expect(await byStatus('NEW')).toContain(id)
    expect((await call('POST', `/support/contacts/${id}/status`, { status: 'IN_PROGRESS' })).statusCode).toBe(
      200,
    )
    expect(await byStatus('NEW')).not.toContain(id)
    expect(await byStatus('IN_PROGRESS')).toContain(id)
    await call('POST', `/support/contacts/${id}/status`, { status: 'DONE', note: 'Đã gọi lại' })
    const rows = await audit('contact', String(id))
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ status: 'NEW' }, { status: 'IN_PROGRESS' }],
      [{ status: 'IN_PROGRESS' }, { status: 'DONE' }],
    ])
  })

  it('codes bad input and unknown messages; a failing audit write leaves the status unchanged', async () => {
    expect(
      (await call('POST', '/support/contacts/999999/status', { status: 'DONE' })).json().error_code,
    ).toBe('CONTACT_NOT_FOUND')
    const [first] = (await call('GET', '/support/contacts?status=DONE')).json().result.items
    const bad = await call('POST', `/support/contacts/${first.id}/status`, { status: 'CLOSED' })
    expect(bad.json().error_code).toBe('VALIDATION_FAILED')
    const failed = await call('POST', `/support/contacts/${first.id}/status`, {
      status: 'NEW',
      note: 'audit must fail',
    })
    expect(failed.statusCode).toBe(500)
    const [row] = await api.database.db.select().from(t.contacts).where(eq(t.contacts.id, first.id))
    expect(row!.status).toBe('DONE')
  })
})

describe("a user's dubbing projects", () => {
  it('lists name, status (latest render or DRAFT), duration and last render on the user page', async () => {
    await api.call({
      method: 'GET',
      url: '/api/v1/me',
      token: await api.token('u-dubber', { name: 'Dub Ber' }),
    })
    const db = api.database.db
    const [rendered] = await db
      .insert(t.dubbingProjects)
      .values({
        userId: 'u-dubber',
        name: 'Phim tài liệu',
        subtitleFormat: 'srt',
        voiceCode: 'hn_female_thuha_news',
      })
      .returning()
    await db.insert(t.dubbingLines).values([
      { projectId: rendered!.id, position: 0, startMs: 0, endMs: 2_000, text: 'Xin chào' },
      { projectId: rendered!.id, position: 1, startMs: 2_500, endMs: 64_000, text: 'Tạm biệt' },
    ])
    await db.insert(t.dubbingRenders).values({
      projectId: rendered!.id,
      userId: 'u-dubber',
      input: {},
      characters: 16,
      status: 'SUCCESS',
      finishedAt: new Date(),
    })
    await db.insert(t.dubbingProjects).values({
      userId: 'u-dubber',
      name: 'Bản nháp',
      subtitleFormat: 'vtt',
      voiceCode: 'hn_female_thuha_news',
      mediaKind: 'video',
      mediaDurationMs: 90_000,
    })
    const page = (await call('GET', '/users/u-dubber')).json().result
    const byName = Object.fromEntries(page.dubbing_projects.map((p: { name: string }) => [p.name, p]))
    expect(byName['Phim tài liệu']).toMatchObject({
      status: 'SUCCESS',
      duration_ms: 64_000,
      lines: 2,
      last_render: { status: 'SUCCESS', characters: 16 },
    })
    expect(byName['Bản nháp']).toMatchObject({ status: 'DRAFT', duration_ms: 90_000, last_render: null })
  })
})
