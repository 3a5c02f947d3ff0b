import { isIP } from 'node:net'

/**
 * Which IP addresses a callback may be delivered to. Callbacks go to customers' servers on the public
 * internet only: never loopback, private, link-local, carrier-grade NAT, multicast, reserved or cloud
 * metadata addresses (SSRF). The check runs on the addresses DNS returned, and the connection is then
 * made to exactly that vetted address, so a DNS answer cannot change between check and connect.
 */

const parseIpv4 = (ip: string): number[] => ip.split('.').map((part) => Number(part))

const inV4 = (octets: number[], base: number[], prefix: number): boolean => {
  const toInt = (o: number[]) => ((o[0]! << 24) | (o[1]! << 16) | (o[2]! << 8) | o[3]!) >>> 0
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0
  return (toInt(octets) & mask) === (toInt(base) & mask)
}

const BLOCKED_V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local or metadata'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
]

/** Expands an IPv6 address into its eight 16-bit groups. */
const expandIpv6 = (ip: string): number[] => {
  const withoutZone = ip.split('%')[0]!
  let text = withoutZone
  const groups: number[] = []
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/)
  if (v4) {
    const o = parseIpv4(v4[1]!)
    text = `${text.slice(0, -v4[1]!.length)}${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const headParts = head ? head.split(':') : []
  const tailParts = tail ? tail.split(':') : []
  const fill = tail === undefined ? 0 : 8 - headParts.length - tailParts.length
  for (const part of headParts) groups.push(parseInt(part, 16))
  for (let i = 0; i < fill; i++) groups.push(0)
  for (const part of tailParts) groups.push(parseInt(part, 16))
  return groups
}

/** Why an address is not allowed as a callback target, or undefined when it is a public address. */
export const blockedReason = (ip: string): string | undefined => {
  const family = isIP(ip)
  if (family === 4) {
    const octets = parseIpv4(ip)
    for (const [base, prefix, reason] of BLOCKED_V4) if (inV4(octets, parseIpv4(base), prefix)) return reason
    return undefined
  }
  if (family === 6) {
    const g = expandIpv6(ip)
    if (g.every((x) => x === 0)) return 'unspecified'
    if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback'
    // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible addresses are judged as the IPv4 address.
    if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
      return blockedReason(`${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`)
    }
    if ((g[0]! & 0xfe00) === 0xfc00) return 'private (unique local)'
    if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local'
    if ((g[0]! & 0xff00) === 0xff00) return 'multicast'
    if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation'
    if (g[0] === 0x64 && g[1] === 0xff9b) return 'NAT64'
    return undefined
  }
  return 'not an IP address'
}
