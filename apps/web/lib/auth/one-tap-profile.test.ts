import { describe, expect, test, vi } from 'vitest'
import type { HttpClient } from '../http/client'
import { oneTapPayloadFrom, readOneTapUser, sendOneTapProfile } from './one-tap-profile'

const GOOGLE_INFO = {
  iss: 'https://accounts.google.com',
  sub: '109876543210',
  email: 'lan@example.vn',
  email_verified: 'true',
  given_name: 'Lan',
  family_name: 'Nguyễn',
  picture: 'https://lh3.googleusercontent.com/a/lan',
}

describe('spec §3 "one-tap login payload: firstName, lastName, email, avatar, providerId"', () => {
  test('built from the token-info answer', () => {
    expect(oneTapPayloadFrom(GOOGLE_INFO)).toEqual({
      firstName: 'Lan',
      lastName: 'Nguyễn',
      email: 'lan@example.vn',
      avatar: 'https://lh3.googleusercontent.com/a/lan',
      providerId: '109876543210',
    })
  })

  test('spec §5 "falsy keys are stripped": no empty name or picture is sent; no email or subject → nothing', () => {
    expect(oneTapPayloadFrom({ ...GOOGLE_INFO, family_name: '', picture: undefined })).toEqual({
      firstName: 'Lan',
      email: 'lan@example.vn',
      providerId: '109876543210',
    })
    expect(oneTapPayloadFrom({ ...GOOGLE_INFO, email: '' })).toBeNull()
    expect(oneTapPayloadFrom({ ...GOOGLE_INFO, sub: undefined })).toBeNull()
    expect(oneTapPayloadFrom('nope')).toBeNull()
  })

  test('the token-info read sends the ID token as id_token; a refused token gives null', async () => {
    const fetchImpl = vi.fn(async (input: URL | RequestInfo) => {
      const url = new URL(String(input))
      return new Response(JSON.stringify(GOOGLE_INFO), {
        status: url.searchParams.get('id_token') === 'good' ? 200 : 400,
      })
    })
    const base = 'https://oauth2.googleapis.com/tokeninfo'
    expect(await readOneTapUser(base, 'good', fetchImpl as typeof fetch)).toMatchObject({
      providerId: '109876543210',
    })
    expect(String(fetchImpl.mock.calls[0]![0])).toBe(`${base}?id_token=good`)
    expect(await readOneTapUser(base, 'bad', fetchImpl as typeof fetch)).toBeNull()
  })

  test('POST auths/google-one-tap carries the bearer token and the payload', async () => {
    const request = vi.fn(async () => ({ status: 1 }))
    const http = { baseUrl: 'http://api', request } as unknown as HttpClient
    const payload = oneTapPayloadFrom(GOOGLE_INFO)!
    expect(await sendOneTapProfile(http, 'access', payload)).toBe(true)
    expect(request).toHaveBeenCalledWith('POST', '/api/v1/auths/google-one-tap', {
      token: 'access',
      body: payload,
    })
  })
})
