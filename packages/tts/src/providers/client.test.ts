import { describe, expect, it } from 'vitest'
import { providerMessage, retryAfterMs } from './client.ts'

describe('provider client helpers', () => {
  it('reads Retry-After as milliseconds, seconds or an HTTP date (retry-after-ms first)', () => {
    const now = Date.parse('2026-11-27T00:00:00Z')
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250)
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000)
    expect(retryAfterMs(new Headers({ 'retry-after': 'Fri, 27 Nov 2026 00:00:03 GMT' }), now)).toBe(3000)
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined()
    expect(retryAfterMs(new Headers(), now)).toBeUndefined()
  })

  it("takes the provider's own words from each documented error body", () => {
    expect(providerMessage('{"error":{"message":"Incorrect API key","type":"invalid_request_error"}}')).toBe(
      'Incorrect API key',
    )
    expect(
      providerMessage('{"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED"}}'),
    ).toBe('Quota exceeded')
    expect(providerMessage('{"detail":{"status":"quota_exceeded","message":"No credits left"}}')).toBe(
      'No credits left',
    )
    expect(
      providerMessage('{"detail":[{"loc":["body","text"],"msg":"Field required","type":"missing"}]}'),
    ).toBe('Field required')
    expect(providerMessage('{"error":1,"message":"invalid voice"}')).toBe('invalid voice')
    expect(providerMessage('Service Unavailable\n')).toBe('Service Unavailable')
  })
})
