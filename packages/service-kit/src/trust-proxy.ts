import { isIP } from 'node:net'
import { z } from 'zod'

/**
 * Fastify's `trustProxy`: false (none), true (any), a comma-separated list of addresses/CIDRs, or a function
 * (a hop count: Fastify itself fails closed on a bare number, so hops become `(addr, i) => i < hops`).
 */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean)

const trustHops = (hops: number) => {
  const trust = (_address: string, hop: number) => hop < hops
  return Object.defineProperty(trust, 'name', { value: `trust${hops}Hops` })
}

const isAddressOrCidr = (entry: string): boolean => {
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined || !address || !isIP(address)) return false
  if (bits === undefined) return true
  const max = isIP(address) === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

/**
 * The `TRUST_PROXY` setting of a service (docs/config.md): unset or `false` trusts no proxy (the default: a
 * client-sent `X-Forwarded-For` is ignored); a comma-separated list of addresses/CIDRs trusts only those
 * proxies (preferred: it checks the immediate peer); a number `N` trusts the N nearest hops whoever they are,
 * and `true` trusts any sender: both are only safe when nothing but your proxy can reach the service.
 */
export const trustProxySetting = () =>
  z
    .string()
    .default('false')
    .transform((raw, ctx): TrustProxy => {
      const value = raw.trim().toLowerCase()
      if (value === 'false' || value === '0' || value === 'no') return false
      if (value === 'true' || value === 'yes') return true
      if (/^\d+$/.test(value)) {
        const hops = Number(value)
        if (hops >= 1 && hops <= 20) return trustHops(hops)
      }
      const entries = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries.join(',')
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, true, a hop count (1–20) or a comma-separated list of IP addresses/CIDRs',
      })
      return z.NEVER
    })
