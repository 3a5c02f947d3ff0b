import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/client'
import { studioErrorKey } from './errors'

describe('studio error keys', () => {
  it('uses the studio translation for codes it knows and the web fallback otherwise', () => {
    expect(studioErrorKey(new HttpError('x', 402, { errorCode: 'INSUFFICIENT_CREDITS' }))).toBe(
      'studio.errors.INSUFFICIENT_CREDITS',
    )
    expect(studioErrorKey(new HttpError('x', 0, { errorCode: 'ERR_NETWORK' }))).toBe(
      'studio.errors.ERR_NETWORK',
    )
    expect(studioErrorKey(new HttpError('x', 429))).toBe('studio.errors.RATE_LIMITED')
    expect(studioErrorKey(new HttpError('x', 500, { errorCode: 'INTERNAL_ERROR' }))).toBe(
      'errors.INTERNAL_ERROR',
    )
    expect(studioErrorKey(new Error('boom'))).toBe('errors.UNKNOWN')
    expect(studioErrorKey('TEXT_TOO_LONG')).toBe('studio.errors.TEXT_TOO_LONG')
  })
})
