import { describe, expect, it } from 'vitest'
import { shortlinkTarget } from './shortlink'

describe('short links', () => {
  it('go to the http(s) target and carry the attribution parameters', () => {
    expect(shortlinkTarget({ url: 'https://loa.vn/studio' }, { aff: 'DOITAC2026', other: 'x' })).toBe(
      'https://loa.vn/studio?aff=DOITAC2026',
    )
    expect(shortlinkTarget({ url: 'https://loa.vn/?aff=KEEP' }, { aff: 'NEW' })).toBe(
      'https://loa.vn/?aff=KEEP',
    )
  })

  it('refuse other schemes and missing targets', () => {
    expect(shortlinkTarget({ url: 'javascript:alert(1)' }, {})).toBeUndefined()
    expect(shortlinkTarget(undefined, {})).toBeUndefined()
    expect(shortlinkTarget({ url: 'not a url' }, {})).toBeUndefined()
  })
})
