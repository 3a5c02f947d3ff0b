import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
let admin: string
let user: string
beforeAll(async () => {
  api = await startTestApi()
  admin = await api.token('u-admin', { roles: ['admin'] })
  user = await api.token('u-plain', { resource_access: { 'loa-flags': { roles: ['admin'] } } })
})
afterAll(() => api.close())

const newVoice = {
  code: 'hn_female_test_news',
  name: 'Thử Nghiệm',
  gender: 'FEMALE',
  region: 'NORTH',
  features: ['NEWS'],
  engine_voice: 'espeak:vi+f3',
  rank: 99,
}

describe('admin writes', () => {
  it('needs the admin role on loa-api (not on another resource)', async () => {
    const anon = await api.call({ method: 'POST', url: '/api/v1/voices', payload: newVoice })
    expect(anon.statusCode).toBe(401)
    const plain = await api.call({ method: 'POST', url: '/api/v1/voices', token: user, payload: newVoice })
    expect(plain.statusCode).toBe(403)
    expect(plain.json().error_code).toBe('FORBIDDEN')
    expect(
      await api.database.db.select().from(t.voices).where(eq(t.voices.code, newVoice.code)),
    ).toHaveLength(0)
  })

  it('creates and edits a voice; duplicates conflict; unknown codes 404', async () => {
    const created = await api.call({ method: 'POST', url: '/api/v1/voices', token: admin, payload: newVoice })
    expect(created.statusCode).toBe(200)
    expect(created.json().result).toMatchObject({ code: newVoice.code, active: true, language_code: 'vi-VN' })
    const dup = await api.call({ method: 'POST', url: '/api/v1/voices', token: admin, payload: newVoice })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().error_code).toBe('CODE_ALREADY_EXISTS')
    const edit = await api.call({
      method: 'PATCH',
      url: `/api/v1/voices/${newVoice.code}`,
      token: admin,
      payload: { active: false, sample_audio_url: 'https://cdn.example/s.mp3' },
    })
    expect(edit.json().result).toMatchObject({
      active: false,
      sample_audio_url: 'https://cdn.example/s.mp3',
      name: 'Thử Nghiệm',
    })
    const list = await api.call({ method: 'GET', url: `/api/v1/voices?code=${newVoice.code}` })
    expect(list.json().result.total).toBe(0)
    expect(
      (
        await api.call({
          method: 'PATCH',
          url: '/api/v1/voices/nope_voice',
          token: admin,
          payload: { active: true },
        })
      ).json().error_code,
    ).toBe('VOICE_NOT_FOUND')
    expect(
      (await api.call({ method: 'PATCH', url: `/api/v1/voices/${newVoice.code}`, token: admin, payload: {} }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await api.call({
          method: 'PATCH',
          url: `/api/v1/voices/${newVoice.code}`,
          token: admin,
          payload: { gender: 'ROBOT' },
        })
      ).statusCode,
    ).toBe(400)
  })

  it('accepts only http(s) action URLs on banners and keeps dates in order', async () => {
    const base = {
      code: 'summer',
      type: 'LANDING_PAGE_POPUP',
      image_url: '/images/summer.png',
      position: 'TOP_RIGHT',
    }
    for (const action_url of [
      'javascript:alert(1)',
      'ftp://x.example/a',
      'data:text/html,hi',
      '//evil.example',
    ])
      expect(
        (
          await api.call({
            method: 'POST',
            url: '/api/v1/banners',
            token: admin,
            payload: { ...base, action_url },
          })
        ).json().error_code,
      ).toBe('VALIDATION_FAILED')
    const bad = await api.call({
      method: 'POST',
      url: '/api/v1/banners',
      token: admin,
      payload: { ...base, starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' },
    })
    expect(bad.statusCode).toBe(400)
    const ok = await api.call({
      method: 'POST',
      url: '/api/v1/banners',
      token: admin,
      payload: { ...base, action_url: 'https://loa.example/sale' },
    })
    expect(ok.statusCode).toBe(200)
    const active = (await api.call({ method: 'GET', url: '/api/v1/banners/active' })).json().result.banners
    expect(active.map((b: { code: string }) => b.code)).toContain('summer')
    await api.call({
      method: 'PATCH',
      url: '/api/v1/banners/summer',
      token: admin,
      payload: { ends_at: '2020-01-01T00:00:00Z' },
    })
    // ends_at before the (absent) start is fine, and it takes the banner off the live list.
    const after = (await api.call({ method: 'GET', url: '/api/v1/banners/active' })).json().result.banners
    expect(after.map((b: { code: string }) => b.code)).not.toContain('summer')
    expect(
      (await api.call({ method: 'GET', url: '/api/v1/banners', token: admin })).json().result.banners.length,
    ).toBeGreaterThan(1)
  })

  it('creates packages, vouchers and news, and grants credits', async () => {
    const pkg = await api.call({
      method: 'POST',
      url: '/api/v1/packages',
      token: admin,
      payload: {
        code: 'STUDIO-STUDENT-MONTH-V1',
        name: 'Sinh viên',
        family: 'BASIC',
        type: 'STUDIO',
        cycle: 'monthly',
        kind: 'AUTO_RENEW',
        price: 49_000,
        credits: 40_000,
        devices: 1,
        duration_days: 30,
        is_landing_page: true,
      },
    })
    expect(pkg.json().result).toMatchObject({
      code: 'STUDIO-STUDENT-MONTH-V1',
      price: 49_000,
      currency: 'VND',
      purchasable: true,
    })
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/api/v1/packages',
          token: admin,
          payload: {
            code: 'X-1',
            name: 'x',
            family: 'GOLD',
            type: 'STUDIO',
            kind: 'PREPAID',
            price: -1,
            credits: 1,
            devices: 1,
            duration_days: 0,
          },
        })
      ).statusCode,
    ).toBe(400)

    const both = await api.call({
      method: 'POST',
      url: '/api/v1/vouchers',
      token: admin,
      payload: { code: 'TET2027', title: 'Tết', discount_percent: 10, discount_amount: 5000 },
    })
    expect(both.statusCode).toBe(400)
    const voucher = await api.call({
      method: 'POST',
      url: '/api/v1/vouchers',
      token: admin,
      payload: { code: 'TET2027', title: 'Tết', discount_percent: 15, show_banner: true },
    })
    expect(voucher.json().result).toMatchObject({ code: 'TET2027', is_public: true })
    const banner = (await api.call({ method: 'GET', url: '/api/v1/vouchers/banner' })).json().result.voucher
    expect(banner.code).toBe('TET2027')

    const post = await api.call({
      method: 'POST',
      url: '/api/v1/news',
      token: admin,
      payload: {
        slug: 'loa-ho-tro-giong-mien-trung',
        title: 'Loa hỗ trợ giọng miền Trung',
        content: 'Nội dung bài viết.',
        published_at: '2026-11-20T00:00:00Z',
      },
    })
    expect(post.statusCode).toBe(200)
    const news = (await api.call({ method: 'GET', url: '/api/v1/news?limit=1' })).json().result.items
    expect(news[0].slug).toBe('loa-ho-tro-giong-mien-trung')
    expect(
      (
        await api.call({
          method: 'PATCH',
          url: '/api/v1/news/loa-ho-tro-giong-mien-trung',
          token: admin,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(200)

    await api.call({ method: 'GET', url: '/api/v1/me', token: user })
    const grant = await api.call({
      method: 'POST',
      url: '/api/v1/users/u-plain/credits',
      token: admin,
      payload: { amount: 1000, reason: 'bồi thường sự cố' },
    })
    expect(grant.json().result.balance).toBe(6000)
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/api/v1/users/nobody/credits',
          token: admin,
          payload: { amount: 1, reason: 'x' },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/api/v1/users/u-plain/credits',
          token: admin,
          payload: { amount: -5, reason: 'x' },
        })
      ).statusCode,
    ).toBe(400)
  })
})
