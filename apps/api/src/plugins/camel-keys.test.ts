import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'
import { snakeTopLevelKeys } from './camel-keys.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

describe('spec §7 calls name query keys in camelCase (isLandingPage, isSample…): accepted, never ignored', () => {
  it('GET /voices?isSample=true&languageCode=vi-VN reads both keys', async () => {
    const camel = await api.call({ method: 'GET', url: '/api/v1/voices?isSample=true&languageCode=vi-VN' })
    const snake = await api.call({ method: 'GET', url: '/api/v1/voices?is_sample=true&language_code=vi-VN' })
    const all = await api.call({ method: 'GET', url: '/api/v1/voices' })
    expect(camel.statusCode).toBe(200)
    expect(camel.json().result).toEqual(snake.json().result)
    expect(camel.json().result.total).toBeLessThan(all.json().result.total)
  })

  it('the same key sent both ways with different values is a coded 400', async () => {
    const res = await api.call({
      method: 'GET',
      url: '/api/v1/voices?isSample=true&is_sample=false',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
  })

  it('only lowerCamel names are renamed (third-party keys such as vnp_TxnRef stay)', () => {
    expect(snakeTopLevelKeys({ vnp_TxnRef: '1', isSample: 'true', fn: 'x' }, 'query')).toEqual({
      vnp_TxnRef: '1',
      is_sample: 'true',
      fn: 'x',
    })
  })
})
