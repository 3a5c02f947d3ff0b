import { describe, expect, it } from 'vitest'
import en from '../../messages/admin/en.json'
import vi from '../../messages/admin/vi.json'
import { CATALOGUE_FIELDS, labelKey, serverFieldErrors, toBody, toForm } from './catalogue-fields'

const packages = CATALOGUE_FIELDS.packages!
const row = {
  code: 'STUDIO-BASIC',
  name: 'Gói Cơ Bản',
  family: 'BASIC',
  type: 'STUDIO',
  kind: 'PREPAID',
  cycle: null,
  price: 99_000,
  originalPrice: null,
  credits: 100_000,
  devices: 1,
  voiceClonings: 0,
  durationDays: 30,
  description: 'Mô tả',
  highlights: ['Một thiết bị', 'Hỗ trợ'],
  translations: { en: { name: 'Basic', highlights: ['One device'] } },
  active: true,
  purchasable: true,
  isLandingPage: false,
  rank: 2,
}

describe('catalogue edit forms', () => {
  it('label every field in Vietnamese and English', () => {
    for (const fields of Object.values(CATALOGUE_FIELDS))
      for (const field of fields) {
        const k = labelKey(field.name)
        expect(en.admin.catalogue.fields, field.name).toHaveProperty(k)
        expect(vi.admin.catalogue.fields, field.name).toHaveProperty(k)
      }
  })

  it('an unchanged row sends nothing; a changed English name sends the whole English translation', () => {
    const original = toForm(packages, row)
    expect(original['translations.en.highlights']).toBe('One device')
    expect(toBody(packages, original, original)).toEqual({ body: {}, errors: {} })
    const edited = { ...original, 'translations.en.name': 'Basic plan', isLandingPage: true }
    expect(toBody(packages, edited, original).body).toEqual({
      isLandingPage: true,
      translations: { en: { name: 'Basic plan', highlights: ['One device'] } },
    })
  })

  it('checks integers and required fields before sending; an emptied nullable field clears to null', () => {
    const original = toForm(packages, row)
    const { body, errors } = toBody(
      packages,
      { ...original, price: '99.000,5', name: ' ', originalPrice: '', credits: '-1', highlights: 'A\n\n B ' },
      original,
    )
    expect(errors).toEqual({ price: 'integer', name: 'required', credits: 'notNegative' })
    expect(body).toEqual({ highlights: ['A', 'B'] })
    const cleared = toBody(packages, { ...original, originalPrice: '' }, { ...original, originalPrice: '1' })
    expect(cleared.body).toEqual({ originalPrice: null })
  })

  it('a new row sends every filled field, its key included, and no empty translation', () => {
    const news = CATALOGUE_FIELDS.news!
    const values = { ...toForm(news, null), slug: 'tin-moi', title: 'Tin mới', content: 'Nội dung' }
    const { body, errors } = toBody(news, values, null)
    expect(errors).toEqual({})
    expect(body).toEqual({
      slug: 'tin-moi',
      title: 'Tin mới',
      content: 'Nội dung',
      summary: '',
      thumbnailUrl: null,
      active: true,
    })
  })

  it("maps the API's validation details to the fields they name", () => {
    const body = {
      errorCode: 'VALIDATION_FAILED',
      details: [
        { instancePath: '/price', keyword: 'invalid_type' },
        { instancePath: '/translations/en/name', keyword: 'too_small' },
        { instancePath: '/original_price', keyword: 'something_new' },
        { instancePath: '/', keyword: 'unrecognized_keys' },
      ],
    }
    expect(serverFieldErrors(packages, body)).toEqual({
      price: 'invalid_type',
      'translations.en.name': 'too_small',
      originalPrice: 'invalid',
    })
  })
})
