/**
 * The FPT.AI-shaped door with FPT.AI v5's documented request, answer and callback (shared/reference/
 * voice-providers.md §5a): raw text body, `api-key`/`api_key`, `voice`, `speed`, `format`, `callback_url` headers;
 * `{async, error: 0, message, request_id}`; the callback `{"message": "<link>", "success": "true"}`.
 */
import { verifySignature } from '@loa/synthesis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callbackReceiver,
  developerApp,
  startSynthesisTestApi,
  type SynthesisTestApi,
} from '../synthesis/test-setup.ts'
import { fptVoiceMap, FPT_VOICES, loaSpeedOf } from './voices.ts'

let api: SynthesisTestApi
const receiver = callbackReceiver()
let callbackUrl: string

beforeAll(async () => {
  api = await startSynthesisTestApi({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' }, runJobs: false })
  callbackUrl = await receiver.listen()
}, 240_000)
afterAll(async () => {
  receiver.close()
  await api?.close()
})

const newApp = (sub: string, credits: number) => developerApp(api, sub, credits)

/** FPT's request: the text as the body, everything else in headers. */
const fpt = (text: string, headers: Record<string, string>) =>
  api.call({
    method: 'POST',
    url: '/hmi/tts/v5',
    payload: text,
    headers: { 'content-type': 'text/plain', ...headers },
  })

describe('POST /hmi/tts/v5 (FPT.AI v5 shape)', () => {
  it('answers the async link at once, calls back as FPT does, serves the audio there and bills the API wallet', async () => {
    const { token, secret, appId } = await newApp('fpt-user', 1_000)
    const text = 'Xin chào, đây là giọng đọc thay cho FPT.'
    const res = await fpt(text, {
      'api-key': token,
      voice: 'lannhi',
      speed: '-1',
      format: 'wav',
      callback_url: callbackUrl,
    })
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json()
    expect(answer).toEqual({
      async: expect.stringMatching(/^http.*audio\.wav/),
      error: 0,
      message: expect.any(String),
      request_id: expect.any(String),
    })
    const link = new URL(answer.async)
    // Not rendered yet (no worker runs): the link is there but the file is not.
    expect((await api.call({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(404)
    await api.startJobs()
    for (let i = 0; i < 300 && receiver.received.length === 0; i++)
      await new Promise((r) => setTimeout(r, 100))
    const [delivery] = receiver.received
    expect(JSON.parse(delivery!.body)).toEqual({ message: expect.stringMatching(/^http/), success: 'true' })
    expect(verifySignature(secret, delivery!.body, delivery!.signature, Math.floor(Date.now() / 1000))).toBe(
      true,
    )
    const audio = await api.call({ method: 'GET', url: link.pathname + link.search })
    expect(audio.statusCode).toBe(200)
    expect(audio.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF')
    // Billed like /v1/tts: the API wallet pays the characters; the request reads back in Loa's own API.
    const row = await api.call({
      method: 'GET',
      url: `/v1/tts/requests/${answer.request_id}`,
      headers: { authorization: `Bearer ${token}`, 'app-id': appId },
    })
    expect(row.json()).toMatchObject({
      status: 'SUCCESS',
      outputFormat: 'wav',
      charactersCharged: expect.any(Number),
    })
    expect(await api.balance('fpt-user', 'aivoiceapi')).toBe(1_000 - row.json().charactersCharged)
  }, 120_000)

  it('takes `api_key` as FPT documents it, any content type, Idempotency-Key, and answers failures with error ≠ 0', async () => {
    const { token } = await newApp('fpt-other', 1_000)
    const ok = await api.call({
      method: 'POST',
      url: '/hmi/tts/v5',
      payload: 'Một câu ngắn.',
      headers: { api_key: token, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().error).toBe(0)
    // A retry with its Idempotency-Key is the same request (charged once), as on /v1/tts.
    const keyed = { 'api-key': token, 'idempotency-key': 'fpt-retry-1' }
    const first = await fpt('Một câu thử lại.', keyed)
    const retried = await fpt('Một câu thử lại.', keyed)
    expect(retried.headers['idempotent-replayed']).toBe('true')
    expect(retried.json().request_id).toBe(first.json().request_id)
    const noKey = await fpt('Một câu ngắn.', {})
    expect(noKey.statusCode).toBe(401)
    expect(noKey.json()).toMatchObject({ error: 401, error_code: 'APP_TOKEN_INVALID', async: '' })
    expect((await fpt('ab', { 'api-key': token })).json()).toMatchObject({
      error: 400,
      error_code: 'VALIDATION_FAILED',
    })
    expect((await fpt('Một câu.', { 'api-key': token, speed: '7' })).statusCode).toBe(400)
    expect((await fpt('Một câu.', { 'api-key': token, voice: 'khong-co' })).json()).toMatchObject({
      error: 400,
      error_code: 'VOICE_NOT_FOUND',
    })
  })
})

describe('FPT voices and speed', () => {
  it('each FPT voice speaks with a Loa voice of its region and gender; speed −3…3 reads 0.7…1.3', () => {
    const local = [
      { code: 'n-f', region: 'NORTH', gender: 'FEMALE', level: 'BASIC' },
      { code: 'n-f-neural', region: 'NORTH', gender: 'FEMALE', level: 'NEURAL' },
      { code: 'n-m', region: 'NORTH', gender: 'MALE', level: 'BASIC' },
      { code: 'c-f', region: 'CENTRAL', gender: 'FEMALE', level: 'BASIC' },
      { code: 'c-m', region: 'CENTRAL', gender: 'MALE', level: 'BASIC' },
      { code: 's-f', region: 'SOUTH', gender: 'FEMALE', level: 'BASIC' },
    ]
    const map = fptVoiceMap(local)
    expect(map).toEqual({
      banmai: 'n-f-neural',
      thuminh: 'n-f',
      leminh: 'n-m',
      myan: 'c-f',
      giahuy: 'c-m',
      lannhi: 's-f',
      linhsan: 's-f',
    })
    expect(Object.keys(map)).toEqual(Object.keys(FPT_VOICES))
    expect([-3, 0, 1, 3].map(loaSpeedOf)).toEqual([0.7, 1, 1.1, 1.3])
  })
})
