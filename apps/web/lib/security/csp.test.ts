import { describe, expect, it } from 'vitest'
import { buildCsp, createNonce, type CspConfig } from './csp'

const base: CspConfig = {
  webUrl: 'https://loa.vn',
  apiUrl: 'https://api.loa.vn',
  ssoUrl: 'https://sso.loa.vn',
  flagsUrl: 'https://flags.loa.vn',
  cdnUrl: 'https://cdn.loa.vn',
  aiSiteUrl: 'https://api.loa.vn',
  googleTokenInfoUrl: 'https://sso.loa.vn/tokeninfo',
  chatEmbedUrl: 'https://loa.vn/support',
}

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []

describe('buildCsp', () => {
  it('allows scripts from this origin and the nonce only; frames only by this origin', () => {
    const csp = buildCsp(base, 'abc')
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'nonce-abc'"])
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'"])
    expect(directive(csp, 'object-src')).toEqual(["'none'"])
    expect(csp).not.toMatch(/google|unsafe-eval/)
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['https://api.loa.vn', 'https://sso.loa.vn', 'https://flags.loa.vn']),
    )
  })

  it('adds the tag manager, analytics and Google sign-in hosts only when they are configured', () => {
    const csp = buildCsp(
      {
        ...base,
        gtmId: 'GTM-X',
        gtmServerContainerUrl: 'https://sgtm.loa.vn/base',
        analyticsTagId: 'G-1',
        googleClientId: 'id.apps.googleusercontent.com',
      },
      'n',
    )
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining([
        'https://sgtm.loa.vn',
        'https://www.googletagmanager.com',
        'https://accounts.google.com/gsi/client',
      ]),
    )
    expect(directive(csp, 'frame-src')).toContain('https://accounts.google.com')
    expect(directive(csp, 'connect-src')).toContain('https://*.google-analytics.com')
  })

  it('lets the dev server eval, and makes a new nonce each time', () => {
    expect(directive(buildCsp(base, 'n', { dev: true }), 'script-src')).toContain("'unsafe-eval'")
    expect(createNonce()).not.toBe(createNonce())
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })
})
