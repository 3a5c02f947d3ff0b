import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ env: { API_UPLOAD_MAX_BYTES: '1024', API_RATE_LIMIT_FORMS: '1000' } })
})
afterAll(() => api.close())

const pathOf = (url: string) => {
  const u = new URL(url)
  return `${u.pathname}${u.search}`
}

const presign = (query: string, token?: string) =>
  api.call({ method: 'GET', url: `/api/v1/support-tickets/presigned-url-for-uploading?${query}`, token })

describe('support attachments', () => {
  it('hands out a signed URL that stores the file, within type and size limits', async () => {
    const token = await api.token('u-sup')
    const res = await presign('extension=png&directory=screens&file_name=Ảnh chụp màn hình.png', token)
    expect(res.statusCode).toBe(200)
    const slot = res.json().result
    expect(slot).toMatchObject({ method: 'PUT', content_type: 'image/png', max_bytes: 1024 })
    expect(slot.key).toMatch(/^support-tickets\/u-[\w-]+\/screens\/Anh-chup-man-hinh-[0-9a-f]{12}\.png$/)
    const put = await api.call({
      method: 'PUT',
      url: pathOf(slot.url),
      headers: { 'content-type': 'image/png' },
      payload: Buffer.alloc(100, 1),
    })
    expect(put.statusCode).toBe(200)
    expect(await api.storage!.exists(slot.key)).toBe(true)

    const fixed = (await presign('extension=pdf&file_name=hoa-don&non_suffix=true', token)).json().result
    expect(fixed.key).toMatch(/\/attachments\/hoa-don\.pdf$/)

    const big = await api.call({
      method: 'PUT',
      url: pathOf(fixed.url),
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.alloc(2048, 1),
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().error_code).toBe('FILE_TOO_LARGE')
    const tampered = await api.call({
      method: 'PUT',
      url: pathOf(fixed.url).replace('hoa-don', 'other'),
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.alloc(10),
    })
    expect(tampered.statusCode).toBe(403)
  })

  it('rejects types off the allow-list, oversize declarations and bad directories', async () => {
    const exe = await presign('extension=exe')
    expect(exe.statusCode).toBe(400)
    expect(exe.json().error_code).toBe('UNSUPPORTED_FILE_TYPE')
    expect((await presign('extension=png&size=999999')).json().error_code).toBe('FILE_TOO_LARGE')
    expect((await presign('extension=png&directory=../etc')).json().error_code).toBe('VALIDATION_FAILED')
    expect((await presign('')).statusCode).toBe(400)
  })
})

describe('support tickets', () => {
  it('creates tickets signed in (with attachments) and as a visitor (email required)', async () => {
    const token = await api.token('u-tk')
    const slot = (await presign('extension=txt', token)).json().result
    await api.call({
      method: 'PUT',
      url: pathOf(slot.url),
      headers: { 'content-type': 'text/plain' },
      payload: 'log lines',
    })
    const created = await api.call({
      method: 'POST',
      url: '/api/v1/support-tickets',
      token,
      payload: {
        category: 'BUG',
        subject: 'Lỗi tải file',
        content: 'Không tải được file MP3 sau khi tổng hợp.',
        attachments: [slot.key],
      },
    })
    expect(created.statusCode).toBe(200)
    const ticket = created.json().result
    expect(ticket).toMatchObject({
      email: 'u-tk@example.vn',
      status: 'OPEN',
      attachments: [{ key: slot.key }],
    })
    const download = await api.call({ method: 'GET', url: pathOf(ticket.attachments[0].url) })
    expect(download.body).toBe('log lines')

    const visitor = await api.call({
      method: 'POST',
      url: '/api/v1/support-tickets',
      payload: { category: 'FEEDBACK', subject: 'Góp ý', content: 'Giao diện rất dễ dùng, cảm ơn!' },
    })
    expect(visitor.json().error_code).toBe('EMAIL_REQUIRED')
    const withEmail = await api.call({
      method: 'POST',
      url: '/api/v1/support-tickets',
      payload: {
        email: 'khach@example.vn',
        category: 'FEEDBACK',
        subject: 'Góp ý',
        content: 'Giao diện rất dễ dùng, cảm ơn!',
      },
    })
    expect(withEmail.statusCode).toBe(200)
    // The customer sees a short code made from the id.
    const visitorTicket = withEmail.json().result
    expect(visitorTicket.code).toMatch(/^LOA-[0-9A-F]{8}$/)
    expect(visitorTicket.id.replace(/-/g, '').toUpperCase().startsWith(visitorTicket.code.slice(4))).toBe(
      true,
    )

    const list = await api.call({ method: 'GET', url: '/api/v1/support-tickets', token })
    expect(list.json().result.items.map((t: { id: string }) => t.id)).toEqual([ticket.id])
    expect(
      (await api.call({ method: 'GET', url: `/api/v1/support-tickets/${ticket.id}`, token })).statusCode,
    ).toBe(200)
    const stranger = await api.call({
      method: 'GET',
      url: `/api/v1/support-tickets/${ticket.id}`,
      token: await api.token('u-stranger'),
    })
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().error_code).toBe('SUPPORT_TICKET_NOT_FOUND')
    expect((await api.call({ method: 'GET', url: '/api/v1/support-tickets' })).statusCode).toBe(401)
  })

  it('refuses attachments that were not uploaded or belong to someone else', async () => {
    const owner = await api.token('u-own')
    const slot = (await presign('extension=txt', owner)).json().result
    const notUploaded = await api.call({
      method: 'POST',
      url: '/api/v1/support-tickets',
      token: owner,
      payload: { category: 'BUG', subject: 'abc', content: '0123456789', attachments: [slot.key] },
    })
    expect(notUploaded.json().error_code).toBe('UPLOAD_NOT_FOUND')
    await api.call({
      method: 'PUT',
      url: pathOf(slot.url),
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    })
    const thief = await api.call({
      method: 'POST',
      url: '/api/v1/support-tickets',
      token: await api.token('u-thief'),
      payload: { category: 'BUG', subject: 'abc', content: '0123456789', attachments: [slot.key] },
    })
    expect(thief.json().error_code).toBe('UPLOAD_NOT_FOUND')
    const badCategory = await api.call({
      method: 'POST',
      url: '/api/v1/support-tickets',
      token: owner,
      payload: { category: 'SPAM', subject: 'abc', content: '0123456789' },
    })
    expect(badCategory.json().error_code).toBe('VALIDATION_FAILED')
  })
})
