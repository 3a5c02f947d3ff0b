import { describe, expect, it } from 'vitest'
import vi from '../../messages/studio/vi.json'
import en from '../../messages/studio/en.json'
import base from '../../messages/vi.json'
import { STUDIO_ERROR_CODES } from './errors'

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  )

describe('studio translations', () => {
  it('vi and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort())
  })

  it('do not replace any namespace of the web messages they are merged into', () => {
    expect(Object.keys(vi).filter((ns) => ns in base)).toEqual([])
  })

  it('translate every error code the studio claims to know', () => {
    for (const code of STUDIO_ERROR_CODES) expect(vi.studio.errors).toHaveProperty(code)
  })
})
