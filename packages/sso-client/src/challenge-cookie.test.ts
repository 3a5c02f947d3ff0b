// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest'
import {
  cookieDomainFor,
  pkceCookieName,
  readChallengeRecord,
  removeChallengeRecord,
  saveChallengeRecord,
  type CookieJar,
} from './challenge-cookie.ts'
import { resetPage, testRecord } from './test-support.ts'

const documentJar: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    document.cookie = cookie
  },
}

function recordingJar(): CookieJar & { written: string[] } {
  const written: string[] = []
  return { written, read: () => '', write: (cookie) => void written.push(cookie) }
}

const record = testRecord()

beforeEach(() => resetPage('/'))

describe('challenge cookie name (spec §9, H2, H3)', () => {
  test('prefix pkce, client id and client domain joined by _', () => {
    expect(pkceCookieName('loa-web', 'loa.vn')).toBe('pkce_loa-web_loa.vn')
  })

  test('separators not allowed in cookie names are replaced (port, slash, equals, space)', () => {
    expect(pkceCookieName('loa-web', 'localhost:3000')).toBe('pkce_loa-web_localhost_3000')
    const name = pkceCookieName('a=b c', 'x/y;z,w"q')
    expect(name).toBe('pkce_a_b_c_x_y_z_w_q')
    expect(name).toMatch(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/)
  })
})

describe('cookie Domain attribute', () => {
  test('a dotted client domain is used when the page belongs to it', () => {
    expect(cookieDomainFor('loa.vn', 'app.loa.vn')).toBe('loa.vn')
    expect(cookieDomainFor('.loa.vn', 'loa.vn')).toBe('loa.vn')
    expect(cookieDomainFor('loa.vn:443', 'loa.vn')).toBe('loa.vn')
  })

  test('host-only for localhost, IP addresses and foreign domains', () => {
    expect(cookieDomainFor('localhost:3000', 'localhost')).toBeUndefined()
    expect(cookieDomainFor('127.0.0.1', '127.0.0.1')).toBeUndefined()
    expect(cookieDomainFor('evil.com', 'loa.vn')).toBeUndefined()
    expect(cookieDomainFor('oa.vn', 'loa.vn')).toBeUndefined()
  })
})

describe('challenge record in the cookie (spec §3, §9, H4)', () => {
  test('written with path /, SameSite=Lax, a far expiry, Secure only on https', () => {
    const jar = recordingJar()
    saveChallengeRecord(jar, { name: 'pkce_a_b', domain: undefined, secure: false }, record)
    const [cookie] = jar.written
    expect(cookie).toMatch(/^pkce_a_b=[^;]+; /)
    expect(cookie).toContain('path=/')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('expires=Fri, 31 Dec 9999 23:59:59 GMT')
    expect(cookie).not.toContain('Secure')
    expect(cookie).not.toContain('domain=')

    saveChallengeRecord(jar, { name: 'pkce_a_b', domain: 'loa.vn', secure: true }, record)
    expect(jar.written[1]).toContain('Secure')
    expect(jar.written[1]).toContain('domain=loa.vn')
  })

  test('round-trips through document.cookie and is removed', () => {
    const scope = { name: pkceCookieName('loa-web', 'localhost:3000'), domain: undefined, secure: false }
    saveChallengeRecord(documentJar, scope, record)
    expect(readChallengeRecord(documentJar, scope.name)).toEqual(record)
    removeChallengeRecord(documentJar, scope)
    expect(readChallengeRecord(documentJar, scope.name)).toBeUndefined()
    expect(document.cookie).not.toContain(scope.name)
  })

  test('unreadable or incomplete values are ignored', () => {
    document.cookie = 'pkce_x_y=%7Bnot-json; path=/'
    expect(readChallengeRecord(documentJar, 'pkce_x_y')).toBeUndefined()
    document.cookie = `pkce_x_y=${encodeURIComponent(JSON.stringify({ codeVerifier: 'v' }))}; path=/`
    expect(readChallengeRecord(documentJar, 'pkce_x_y')).toBeUndefined()
  })
})
