import { describe, expect, it } from 'vitest'
import { stripFalsy } from '@loa/contracts/browser'
import { mediaUrl } from './media'
import { responsiveSrcSet } from './images'

describe('media paths', () => {
  it('prepends the CDN base to paths that are not absolute http(s) addresses', () => {
    expect(mediaUrl('/images/a.png', 'https://cdn.loa.vn')).toBe('https://cdn.loa.vn/images/a.png')
    expect(mediaUrl('images/a.png', 'https://cdn.loa.vn/')).toBe('https://cdn.loa.vn/images/a.png')
    expect(mediaUrl('//evil.example/x.png', 'https://cdn.loa.vn')).toBe(
      'https://cdn.loa.vn/evil.example/x.png',
    )
  })

  it('keeps absolute http and https addresses, and gives an empty string for nothing', () => {
    expect(mediaUrl('https://other.example/a.mp3', 'https://cdn.loa.vn')).toBe('https://other.example/a.mp3')
    expect(mediaUrl('HTTP://other.example/a.mp3', 'https://cdn.loa.vn')).toBe('HTTP://other.example/a.mp3')
    expect(mediaUrl(null, 'https://cdn.loa.vn')).toBe('')
  })

  it('responsive srcset: one optimizer URL per width step 640–3840 for the web’s own files only', () => {
    const set = responsiveSrcSet('http://localhost:3000/images/news/a.png', 'http://localhost:3000')!
    expect(set.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '640w',
      '750w',
      '828w',
      '1080w',
      '1200w',
      '1920w',
      '2048w',
      '3840w',
    ])
    expect(set).toContain('/_next/image?url=%2Fimages%2Fnews%2Fa.png&w=640&q=75 640w')
    expect(responsiveSrcSet('https://cdn.loa.vn/a.png', 'http://localhost:3000')).toBeUndefined()
  })
})

describe('falsy-key stripping', () => {
  it('drops keys whose values are falsy and keeps the rest as they are', () => {
    expect(stripFalsy({ a: 1, b: 0, c: '', d: null, e: undefined, f: false, g: 'x', h: [], i: {} })).toEqual({
      a: 1,
      g: 'x',
      h: [],
      i: {},
    })
  })
})
