import { describe, expect, it } from 'vitest'
import { extractCountry, extractIp, readVisitor, stripPort } from './ip'

const headers = (values: Record<string, string>) => new Headers(values)

describe('visitor IP from headers', () => {
  it('takes the headers in order: viewer address, original forwarded-for, forwarded-for, real-ip', () => {
    const all = {
      'cloudfront-viewer-address': '1.1.1.1:443',
      'x-original-forwarded-for': '2.2.2.2',
      'x-forwarded-for': '3.3.3.3',
      'x-real-ip': '4.4.4.4',
    }
    expect(extractIp(headers(all))).toBe('1.1.1.1')
    const { ['cloudfront-viewer-address']: _a, ...noViewer } = all
    expect(extractIp(headers(noViewer))).toBe('2.2.2.2')
    const { ['x-original-forwarded-for']: _b, ...noOriginal } = noViewer
    expect(extractIp(headers(noOriginal))).toBe('3.3.3.3')
    expect(extractIp(headers({ 'x-real-ip': '4.4.4.4' }))).toBe('4.4.4.4')
    expect(extractIp(headers({}))).toBeNull()
  })

  it('uses the client (left-most) address of a list and strips ports', () => {
    expect(extractIp(headers({ 'x-forwarded-for': '198.51.100.23:51234, 10.0.0.1, 10.0.0.2' }))).toBe(
      '198.51.100.23',
    )
    expect(extractIp(headers({ 'x-forwarded-for': ' 203.0.113.9 ' }))).toBe('203.0.113.9')
  })

  it('handles IPv6: bare, bracketed with port, CloudFront address with port, IPv4-mapped', () => {
    expect(extractIp(headers({ 'x-forwarded-for': '2001:db8::1' }))).toBe('2001:db8::1')
    expect(extractIp(headers({ 'x-forwarded-for': '[2001:db8::1]:8443' }))).toBe('2001:db8::1')
    expect(extractIp(headers({ 'cloudfront-viewer-address': '2001:db8:85a3::8a2e:370:7334:443' }))).toBe(
      '2001:db8:85a3::8a2e:370:7334',
    )
    expect(extractIp(headers({ 'cloudfront-viewer-address': '[2001:DB8::7]:443' }))).toBe('2001:db8::7')
    expect(extractIp(headers({ 'x-real-ip': '::ffff:192.0.2.128' }))).toBe('192.0.2.128')
  })

  it('skips values that are not addresses and falls through to the next header', () => {
    expect(extractIp(headers({ 'x-original-forwarded-for': 'unknown', 'x-real-ip': '4.4.4.4' }))).toBe(
      '4.4.4.4',
    )
    expect(extractIp(headers({ 'x-forwarded-for': '999.1.1.1' }))).toBeNull()
    expect(stripPort('')).toBe('')
  })

  it('country from the viewer-country header, VN by default', () => {
    expect(extractCountry(headers({ 'cloudfront-viewer-country': 'us' }))).toBe('US')
    expect(extractCountry(headers({}))).toBe('VN')
    expect(extractCountry(headers({ 'cloudfront-viewer-country': 'nowhere' }))).toBe('VN')
    expect(readVisitor(headers({}))).toEqual({ ip: null, country: 'VN' })
  })
})
