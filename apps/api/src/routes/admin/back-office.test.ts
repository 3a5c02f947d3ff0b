import { app as t } from '@loa/db'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
let admin: string
// Nothing listens on port 9 (discard): the SSO's operator API is unreachable in these tests.
const ssoDown = { SSO_INTERNAL_URL: 'http://127.0.0.1:9', SSO_OPERATOR_KEY: 'operator-key-for-tests-0123' }

beforeAll(async () => {
  api = await startTestApi({ env: ssoDown })
  admin = await api.token('u-operator', { roles: ['admin'], email: 'ops@loa.vn' })
  for (const [sub, name] of [
    ['u-lan', 'Trần Thị Lan'],
    ['u-minh', 'Lê Văn Minh'],
  ] as const)
    await api.call({ method: 'GET', url: '/api/v1/me', token: await api.token(sub, { name }) })
})
afterAll(() => api.close())

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  api.call({ method, url: `/api/v1/admin${url}`, token: admin, ...(payload ? { payload } : {}) })

const auditRows = (targetId: string) =>
  api.database.db.select().from(t.auditLog).where(eq(t.auditLog.targetId, targetId))

const adjust = (userId: string, body: Record<string, unknown>) =>
  call('POST', `/users/${userId}/credits/adjust`, {
    product: 'aivoice',
    reason: 'Bù lỗi hệ thống',
    ...body,
  })

const probeVoice = {
  code: 'audit-probe',
  name: 'Thử Nhật Ký',
  gender: 'FEMALE',
  region: 'NORTH',
  features: ['NEWS'],
  engine_voice: 'espeak:vi+f3',
}

describe('audit log', () => {
  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    await call('POST', '/voices', probeVoice)
    const [row] = await auditRows('audit-probe')
    expect(row).toMatchObject({ action: 'voice.create', actorId: 'u-operator', actorEmail: 'ops@loa.vn' })
    await expect(
      api.database.db.update(t.auditLog).set({ reason: 'edited' }).where(eq(t.auditLog.id, row!.id)),
    ).rejects.toThrow()
    await expect(api.database.db.delete(t.auditLog).where(eq(t.auditLog.id, row!.id))).rejects.toThrow()
    expect(await auditRows('audit-probe')).toHaveLength(1)
  })

  it('records catalogue edits with before and after; a refused write records nothing', async () => {
    await call('PATCH', '/voices/audit-probe', { active: false })
    const rows = await auditRows('audit-probe')
    const update = rows.find((r) => r.action === 'voice.update')!
    expect(update.before).toMatchObject({ code: 'audit-probe', active: true })
    expect(update.after).toMatchObject({ code: 'audit-probe', active: false })
    const dup = await call('POST', '/voices', probeVoice)
    expect(dup.statusCode).toBe(409)
    expect(await auditRows('audit-probe')).toHaveLength(2)
    const listed = await call('GET', '/audit?target_type=voice&target_id=audit-probe&limit=1')
    expect(listed.json().result).toMatchObject({ total: 2, items: [{ action: 'voice.update' }] })
  })
})

describe('catalogue in the back-office', () => {
  it('lists every sample script (active or not), paged; switching one off hides it from the public list', async () => {
    const all = (await call('GET', '/sample-scripts?limit=200')).json().result
    expect(all.total).toBeGreaterThan(0)
    const first = all.items[0] as { code: string; active: boolean }
    expect(first.active).toBe(true)
    expect((await call('PATCH', `/sample-scripts/${first.code}`, { active: false })).statusCode).toBe(200)
    const shown = (await api.call({ method: 'GET', url: '/api/v1/sample-scripts' })).json().result.items
    expect(shown.map((s: { code: string }) => s.code)).not.toContain(first.code)
    const [audit] = await auditRows(first.code)
    expect(audit).toMatchObject({
      action: 'sample_script.update',
      before: { active: true },
      after: { active: false },
    })
    expect((await call('GET', '/sample-scripts?limit=1&offset=1')).json().result.items).toHaveLength(1)
    expect((await call('PATCH', '/sample-scripts/nope', { active: true })).json().error_code).toBe(
      'SAMPLE_SCRIPT_NOT_FOUND',
    )
  })
})

describe('users', () => {
  it('finds users by e-mail, name or id, paged', async () => {
    const byName = await call('GET', '/users?q=lan')
    expect(byName.json().result.items.map((u: { id: string }) => u.id)).toEqual(['u-lan'])
    const byEmail = await call('GET', '/users?q=u-minh@example')
    expect(byEmail.json().result.items[0]).toMatchObject({ id: 'u-minh', name: 'Lê Văn Minh' })
    expect((await call('GET', '/users?q=u-lan')).json().result.items[0].id).toBe('u-lan')
    const paged = await call('GET', '/users?limit=1&offset=1')
    expect(paged.json().result.items).toHaveLength(1)
    expect(paged.json().result.total).toBe(2)
    expect((await call('GET', '/users?limit=1000')).statusCode).toBe(400)
    expect((await call('GET', '/users/nobody')).json().error_code).toBe('USER_NOT_FOUND')
  })

  it('adjusts credits once per idempotency key, with its audit row; the user page shows it', async () => {
    const key = 'adj-lan-0001'
    const [first, second] = await Promise.all([
      adjust('u-lan', { delta: 5_000, idempotency_key: key }),
      adjust('u-lan', { delta: 5_000, idempotency_key: key }),
    ])
    const results = [first.json().result, second.json().result]
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true])
    expect(results[0].entry_id).toBe(results[1].entry_id)
    const page = (await call('GET', '/users/u-lan')).json().result
    const before = page.balances.find((b: { product: string }) => b.product === 'aivoice').balance
    expect(results[0].balance).toBe(before)
    expect(page.entries.items.filter((e: { kind: string }) => e.kind === 'ADJUST')).toHaveLength(1)
    const audit = (await auditRows('u-lan')).filter((r) => r.action === 'user.credits.adjust')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      reason: 'Bù lỗi hệ thống',
      before: { product: 'aivoice', balance: before - 5_000 },
      after: { product: 'aivoice', balance: before },
    })
    expect(page).toHaveProperty('devices')
    expect(page).toHaveProperty('api_apps')
    expect(page.profile).toMatchObject({ id: 'u-lan', name: 'Trần Thị Lan' })

    // The same key for another user is refused, not silently answered with the first user's entry.
    expect((await adjust('u-minh', { delta: 5_000, idempotency_key: key })).json().error_code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    )
  })

  it('refuses an adjustment without a reason, of zero, or below a zero balance; nothing is written', async () => {
    expect(
      (await adjust('u-minh', { delta: 10, reason: '', idempotency_key: 'adj-minh-01' })).statusCode,
    ).toBe(400)
    expect((await adjust('u-minh', { delta: 0, idempotency_key: 'adj-minh-02' })).statusCode).toBe(400)
    const page = (await call('GET', '/users/u-minh')).json().result
    const balance = page.balances.find((b: { product: string }) => b.product === 'aidubbing').balance
    const tooMuch = await adjust('u-minh', {
      product: 'aidubbing',
      delta: -(balance + 1),
      idempotency_key: 'adj-minh-03',
    })
    expect(tooMuch.statusCode).toBe(409)
    expect(await auditRows('u-minh')).toHaveLength(0)
  })

  it('the adjustment and its audit row are one transaction: a failing audit write undoes the credits', async () => {
    await api.database.db.execute(sql`
      create function app.refuse_probe_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit write refused (test)'; end; $$`)
    await api.database.db.execute(sql`
      create trigger refuse_probe_audit before insert on app.audit_log
      for each row when (new.reason = 'audit must fail') execute function app.refuse_probe_audit()`)
    const balance = async () =>
      (await call('GET', '/users/u-minh'))
        .json()
        .result.balances.find((b: { product: string }) => b.product === 'aivoice').balance as number
    const before = await balance()
    const failed = await adjust('u-minh', {
      delta: 700,
      reason: 'audit must fail',
      idempotency_key: 'adj-minh-04',
    })
    expect(failed.statusCode).toBe(500)
    expect(await balance()).toBe(before)
    const retried = await adjust('u-minh', { delta: 700, idempotency_key: 'adj-minh-04' })
    expect(retried.json().result).toMatchObject({ replayed: false, balance: before + 700 })
  })

  it('lock needs the SSO: when it cannot be reached nothing changes (no lock, no audit row)', async () => {
    const locked = await call('POST', '/users/u-minh/lock', { reason: 'Gian lận thanh toán' })
    expect(locked.statusCode).toBe(503)
    expect(locked.json().error_code).toBe('SSO_OPERATOR_UNAVAILABLE')
    expect(await api.database.db.select().from(t.userLocks)).toHaveLength(0)
    expect((await auditRows('u-minh')).filter((r) => r.action === 'user.lock')).toHaveLength(0)
    expect((await call('POST', '/users/u-minh/lock', {})).statusCode).toBe(400)
  })
})

describe('support', () => {
  it('lists tickets by status and changes a status with an audit row; lists contact messages', async () => {
    const visitor = {
      email: 'khach@example.vn',
      category: 'BUG',
      subject: 'Không tải được',
      content: 'Tệp âm thanh lỗi khi tải.',
    }
    const created = await api.call({ method: 'POST', url: '/api/v1/support-tickets', payload: visitor })
    const id = created.json().result.id as string
    const open = (await call('GET', '/support/tickets?status=OPEN')).json().result
    expect(open.items.map((x: { id: string }) => x.id)).toContain(id)
    const moved = await call('POST', `/support/tickets/${id}/status`, {
      status: 'RESOLVED',
      note: 'Đã gửi lại tệp',
    })
    expect(moved.json().result).toEqual({ id, status: 'RESOLVED' })
    expect((await call('GET', '/support/tickets?status=OPEN')).json().result.items).toHaveLength(
      open.items.length - 1,
    )
    const [audit] = await auditRows(id)
    expect(audit).toMatchObject({
      action: 'support_ticket.status',
      before: { status: 'OPEN' },
      after: { status: 'RESOLVED' },
    })
    expect((await call('POST', `/support/tickets/${id}/status`, { status: 'DONE' })).statusCode).toBe(400)
    await api.call({
      method: 'POST',
      url: '/api/v1/contacts',
      payload: {
        name: 'Chị Hoa',
        email: 'hoa@example.vn',
        phone_number: '0912345678',
        purpose: 'SALES',
        content: 'Tư vấn gói doanh nghiệp',
      },
    })
    const contacts = (await call('GET', '/support/contacts')).json().result
    expect(contacts.items[0]).toMatchObject({ email: 'hoa@example.vn' })
    const reply = {
      text: 'Chào chị, bên em gửi bảng giá gói doanh nghiệp.',
      idempotency_key: 'reply-hoa-0001',
    }
    const [first, twice] = await Promise.all([
      call('POST', `/support/contacts/${contacts.items[0].id}/reply`, reply),
      call('POST', `/support/contacts/${contacts.items[0].id}/reply`, reply),
    ])
    expect([first.json().result.queued, twice.json().result.queued].sort()).toEqual([false, true])
    const mails = await api.database.db
      .select()
      .from(t.mailOutbox)
      .where(eq(t.mailOutbox.to, 'hoa@example.vn'))
    expect(mails).toEqual([expect.objectContaining({ kind: 'support_reply', text: reply.text })])
    const toTicket = await call('POST', `/support/tickets/${id}/reply`, {
      text: 'Đã gửi lại tệp.',
      idempotency_key: 'reply-ticket-01',
    })
    expect(toTicket.json().result).toEqual({ to: 'khach@example.vn', queued: true })
    expect(
      (await call('POST', '/support/tickets/nope/reply', { text: 'x y', idempotency_key: 'reply-none-01' }))
        .statusCode,
    ).toBe(404)
  })
})

describe('dashboard', () => {
  it('counts sign-ups, paid orders and revenue, demo plays per Vietnamese day, zero-filled', async () => {
    await api.database.db.insert(t.orders).values([
      {
        userId: 'u-lan',
        packageCode: 'P',
        type: 'STUDIO',
        status: 'PAID',
        price: 99_000,
        total: 99_000,
        paidAt: new Date(),
      },
      { userId: 'u-lan', packageCode: 'P', type: 'STUDIO', status: 'PENDING', price: 99_000, total: 99_000 },
    ])
    await api.database.db.insert(t.demoEvents).values([
      { fingerprint: 'f1', voiceCode: 'v', click: 1 },
      { fingerprint: 'f2', voiceCode: 'v', click: 0 },
    ])
    const answer = await call('GET', '/dashboard?days=7')
    const result = answer.json().result
    expect(result.signups).toHaveLength(7)
    const today = result.to as string
    const on = (series: { date: string }[]) => series.find((d) => d.date === today)
    expect(on(result.signups)).toMatchObject({ signups: 2 })
    expect(on(result.orders)).toMatchObject({ paid_orders: 1, revenue: 99_000 })
    expect(on(result.demo)).toMatchObject({ plays: 2, clicks: 1 })
    expect(result.characters[0]).toEqual({ date: result.from, aivoice: 0, aivoiceapi: 0 })
    expect((await call('GET', '/dashboard?days=12')).statusCode).toBe(400)
  })
})
