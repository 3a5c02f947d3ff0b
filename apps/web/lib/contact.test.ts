import { describe, expect, it } from 'vitest'
import { validateContact } from './contact'

const valid = {
  name: 'Nguyễn Văn A',
  email: 'a@example.vn',
  phoneNumber: '0912 345 678',
  purpose: 'TTS',
  content: 'Xin báo giá gói doanh nghiệp.',
}

describe('contact form validation', () => {
  it('accepts a complete form (Vietnamese numbers with spaces, dots or +84)', () => {
    expect(validateContact(valid)).toEqual({})
    expect(validateContact({ ...valid, phoneNumber: '+84 912.345.678' })).toEqual({})
  })

  it('reports each wrong field', () => {
    expect(
      validateContact({ name: ' ', email: 'a@b', phoneNumber: '123', purpose: 'X', content: 'short' }),
    ).toEqual({
      name: 'nameRequired',
      email: 'emailInvalid',
      phoneNumber: 'phoneInvalid',
      purpose: 'purposeRequired',
      content: 'contentRequired',
    })
    expect(validateContact({ ...valid, content: 'x'.repeat(2001) })).toEqual({ content: 'tooLong' })
  })
})
