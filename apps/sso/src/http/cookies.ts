import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SsoConfig } from '../config.ts'
import { constantEquals, hmac, randomToken } from '../lib/crypto.ts'

/**
 * Cookie names. Over https they take the `__Host-` prefix (Secure, Path=/, no Domain). Every cookie is HttpOnly
 * and SameSite=Lax: the SSO and its clients are one site (`sso.example.com` + `app.example.com`, or localhost
 * ports), so fetch with credentials carries them while cross-site POSTs do not.
 */
export const cookieNames = (config: SsoConfig) => {
  const p = config.secureCookies ? '__Host-' : ''
  return {
    session: `${p}loa_sso_session`,
    csrf: `${p}loa_sso_csrf`,
    social: `${p}loa_sso_social`,
    refresh: (clientId: string) => `${p}loa_sso_rt_${clientId}`,
  }
}

export const baseCookie = (config: SsoConfig) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies }) as const

export const setCookie = (
  reply: FastifyReply,
  config: SsoConfig,
  name: string,
  value: string,
  maxAgeSeconds?: number,
) =>
  reply.setCookie(name, value, { ...baseCookie(config), ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) })

export const clearCookie = (reply: FastifyReply, config: SsoConfig, name: string) =>
  reply.setCookie(name, '', { ...baseCookie(config), maxAge: 0, expires: new Date(0) })

export const readCookie = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.cookies[name]
  return typeof v === 'string' && v.length > 0 && v.length <= 4096 ? v : undefined
}

/**
 * CSRF for the HTML forms: a random HttpOnly cookie and, in the form, HMAC(secret, cookie). A cross-site page can
 * neither read the cookie nor compute the HMAC.
 */
export const csrfTokenFor = (
  request: FastifyRequest,
  reply: FastifyReply,
  config: SsoConfig,
  secret: string,
): string => {
  const name = cookieNames(config).csrf
  let value = readCookie(request, name)
  if (!value || !/^[\w-]{20,64}$/.test(value)) {
    value = randomToken(24)
    setCookie(reply, config, name, value)
    request.cookies[name] = value
  }
  return hmac(secret, `csrf:${value}`)
}

export const checkCsrf = (
  request: FastifyRequest,
  config: SsoConfig,
  secret: string,
  submitted: unknown,
): boolean => {
  const value = readCookie(request, cookieNames(config).csrf)
  if (!value || typeof submitted !== 'string' || submitted.length > 100) return false
  return constantEquals(hmac(secret, `csrf:${value}`), submitted)
}
