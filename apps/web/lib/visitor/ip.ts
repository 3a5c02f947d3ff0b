import { DEFAULT_COUNTRY } from '@loa/contracts/browser'

/** Header names in the order the visitor IP is looked up (spec §7 "Server-side visitor data"). */
export const IP_HEADERS = [
  'cloudfront-viewer-address',
  'x-original-forwarded-for',
  'x-forwarded-for',
  'x-real-ip',
] as const
export const COUNTRY_HEADERS = ['cloudfront-viewer-country', 'x-vercel-ip-country', 'cf-ipcountry'] as const

type HeaderGetter = { get(name: string): string | null }

/**
 * One address as it appears in a header → the bare IP. Handles `1.2.3.4:5678`, `[2001:db8::1]:443`,
 * `2001:db8::1` (no port: several colons), the CloudFront `2001:db8::1:443` form (viewer-address always appends
 * the port after a colon) and IPv4-mapped IPv6 (`::ffff:1.2.3.4`).
 */
export const stripPort = (raw: string, alwaysHasPort = false): string => {
  let value = raw.trim().replace(/^"|"$/g, '')
  if (!value) return ''
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  if (bracketed) value = bracketed[1] ?? ''
  else {
    const colons = value.split(':').length - 1
    if (colons === 1) value = value.slice(0, value.indexOf(':'))
    else if (colons > 1 && alwaysHasPort) value = value.slice(0, value.lastIndexOf(':'))
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value)
  return (mapped ? mapped[1] : value)?.toLowerCase() ?? ''
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/
const IPV6 = /^[0-9a-f:]+(:\d+\.\d+\.\d+\.\d+)?$/i

export const isIp = (value: string): boolean => IPV4.test(value) || (value.includes(':') && IPV6.test(value))

/** First valid IP from the headers, in order; within a list header the left-most (the client) wins. */
export const extractIp = (headers: HeaderGetter): string | null => {
  for (const name of IP_HEADERS) {
    const header = headers.get(name)
    if (!header) continue
    for (const part of header.split(',')) {
      const ip = stripPort(part, name === 'cloudfront-viewer-address')
      if (ip && isIp(ip)) return ip
    }
  }
  return null
}

export const extractCountry = (headers: HeaderGetter): string => {
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase()
    if (value && /^[A-Z]{2}$/.test(value)) return value
  }
  return DEFAULT_COUNTRY
}

export interface VisitorData {
  ip: string | null
  country: string
}

export const readVisitor = (headers: HeaderGetter): VisitorData => ({
  ip: extractIp(headers),
  country: extractCountry(headers),
})
