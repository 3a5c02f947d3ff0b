import { describe, expect, test, vi } from 'vitest'
import { HttpError, type HttpClient } from './http/client'
import { requestAccountDeletion } from './account'

describe('spec §7 "POST /api/v1/request-to-delete-account: contact" from the account area', () => {
  test('sends the contact with the bearer token; the request id comes back', async () => {
    const request = vi.fn(async () => ({ status: 1, result: { id: 7 } }))
    const http = { baseUrl: 'http://api', request } as unknown as HttpClient
    expect(await requestAccountDeletion(http, '  lan@example.vn ', 'tok')).toEqual({ ok: true, id: 7 })
    expect(request).toHaveBeenCalledWith('POST', '/api/v1/request-to-delete-account', {
      token: 'tok',
      body: { contact: 'lan@example.vn' },
    })
  })

  test('a refused request reports the error code', async () => {
    const request = vi.fn(async () => {
      throw new HttpError('Request failed with status code 400', 400, { errorCode: 'VALIDATION_FAILED' })
    })
    const http = { baseUrl: 'http://api', request } as unknown as HttpClient
    expect(await requestAccountDeletion(http, 'x', 'tok')).toEqual({
      ok: false,
      errorCode: 'VALIDATION_FAILED',
    })
  })
})
