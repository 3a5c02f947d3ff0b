import { describe, expect, it } from 'vitest'
import { isProductionHost, requestHost } from './host'
import { serializeJsonLd } from './json-ld'
import { isDemoPath, routeUrl, stripLocale } from '../routes'
import { errorKey } from '../errors'
import { HttpError } from '../http/client'

describe('host, routes and error keys', () => {
  it('indexable only on the production landing domain', () => {
    expect(isProductionHost(requestHost(new Headers({ host: 'loa.vn:443' })), 'loa.vn')).toBe(true)
    expect(isProductionHost('www.loa.vn', 'https://loa.vn/')).toBe(true)
    expect(isProductionHost(requestHost(new Headers({ host: 'staging.loa.vn' })), 'loa.vn')).toBe(false)
    expect(requestHost(new Headers({ host: 'internal:3000', 'x-forwarded-host': 'LOA.VN, proxy' }))).toBe(
      'loa.vn',
    )
  })

  it('locale paths: English adds /en, Vietnamese has no prefix; /demo in both', () => {
    expect(routeUrl('https://loa.vn', 'vi', '/')).toBe('https://loa.vn')
    expect(routeUrl('https://loa.vn', 'en', '/')).toBe('https://loa.vn/en')
    expect(routeUrl('https://loa.vn', 'en', '/studio/text-to-speech')).toBe(
      'https://loa.vn/en/studio/text-to-speech',
    )
    expect(stripLocale('/en/demo')).toBe('/demo')
    expect(stripLocale('/english')).toBe('/english')
    expect(isDemoPath('/en/demo')).toBe(true)
    expect(isDemoPath('/demos')).toBe(false)
  })

  it('error codes map to translation keys, unknown ones to UNKNOWN', () => {
    expect(errorKey({ status: 0, errorCode: 'RATE_LIMITED' })).toBe('RATE_LIMITED')
    expect(errorKey(new HttpError('x', 429))).toBe('RATE_LIMITED')
    expect(errorKey('SOMETHING_NEW')).toBe('UNKNOWN')
    expect(errorKey(new HttpError('x', 500, { errorCode: 'INTERNAL_ERROR' }))).toBe('INTERNAL_ERROR')
  })

  it('structured data cannot close its script element', () => {
    expect(serializeJsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})
