import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dubbingJobs } from '@loa/dubbing/server'
import { verifySignature } from '@loa/synthesis'
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callbackReceiver, startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const SRT =
  '1\n00:00:00,500 --> 00:00:02,500\nLAN: Xin chào!\n\n2\n00:00:03,000 --> 00:00:05,000\nMINH: Chào em.\n'
const receiver = callbackReceiver()
const files = createServer((_req, res) => {
  res.setHeader('content-type', 'application/x-subrip')
  res.end(SRT)
})
let api: SynthesisTestApi
let appToken: string
let secret: string
let subtitleUrl: string

beforeAll(async () => {
  api = await startSynthesisTestApi({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' }, runJobs: false })
  api.queue.register(
    dubbingJobs({
      database: api.database,
      storage: api.storage,
      queue: api.queue,
      callbackAllowHosts: ['127.0.0.1'],
    }),
  )
  await api.startJobs(1)
  await api.setBalance('dev-user', 1000, 'aidubbing')
  const callbackUrl = await receiver.listen()
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r))
  subtitleUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/film.srt`
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token('dev-user'),
    payload: { name: 'Lồng tiếng', callback_url: callbackUrl },
  })
  appToken = res.json().result.token
  secret = res.json().result.app.callback_secret
})
afterAll(async () => {
  receiver.close()
  files.close()
  await api?.close()
})

const post = (payload: object, token = appToken) =>
  api.call({ method: 'POST', url: '/api/v1/dubbing', payload, headers: { authorization: `Bearer ${token}` } })

describe('developer dubbing API', () => {
  it('dubs subtitles from a URL with a voice per speaker and posts a signed callback with the links', async () => {
    const res = await post({
      subtitle_url: subtitleUrl,
      speakers: {
        Lan: { voice_code: 'hn_female_thuha_news' },
        MINH: { voice_code: 'sg_male_hoangphuc_film', speed: 1.1 },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const started = res.json().result
    expect(started).toMatchObject({ status: 'IN_PROGRESS', characters: [...'Xin chào!Chào em.'].length })
    for (let i = 0; i < 300 && receiver.received.length === 0; i++)
      await new Promise((r) => setTimeout(r, 100))
    const [delivery] = receiver.received
    expect(delivery).toBeDefined()
    expect(verifySignature(secret, delivery!.body, delivery!.signature, Math.floor(Date.now() / 1000))).toBe(
      true,
    )
    const payload = JSON.parse(delivery!.body)
    expect(payload).toMatchObject({ render_id: started.render_id, status: 'SUCCESS', summary: { lines: 2 } })
    expect(Object.keys(payload.links)).toEqual(expect.arrayContaining(['track_mp3', 'srt', 'report_json']))
    const read = await api.call({
      method: 'GET',
      url: `/api/v1/dubbing/${started.render_id}`,
      headers: { authorization: `Bearer ${appToken}` },
    })
    // Charged the span of the subtitles (0.5 s → 5.0 s = 4.5 s, rounded up to 5), not their characters.
    expect(read.json().result).toMatchObject({ status: 'SUCCESS', seconds_charged: 5 })
    expect(await api.balance('dev-user', 'aidubbing')).toBe(1000 - 5)
  })

  it('a create retried with its Idempotency-Key is one render, charged once (issue 33)', async () => {
    const headers = { authorization: `Bearer ${appToken}`, 'idempotency-key': 'dub-retry-1' }
    const payload = { subtitle_text: SRT, voice_code: 'hn_female_thuha_news' }
    const first = await api.call({ method: 'POST', url: '/api/v1/dubbing', payload, headers })
    expect(first.statusCode, first.body).toBe(200)
    const again = await api.call({ method: 'POST', url: '/api/v1/dubbing', payload, headers })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().result.render_id).toBe(first.json().result.render_id)
    const other = await api.call({
      method: 'POST',
      url: '/api/v1/dubbing',
      payload: { subtitle_text: SRT },
      headers,
    })
    expect(other.statusCode).toBe(409)
    expect(other.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED')
    const renders = await api.database.db
      .select({ id: t.dubbingRenders.id })
      .from(t.dubbingRenders)
      .where(eq(t.dubbingRenders.projectId, first.json().result.project_id))
    expect(renders).toHaveLength(1)
  })

  it('refuses private subtitle URLs, bad subtitles and bad tokens with coded errors', async () => {
    expect((await post({ subtitle_url: 'http://10.0.0.1/x.srt' })).json().error_code).toBe(
      'CALLBACK_URL_FORBIDDEN',
    )
    const bad = await post({ subtitle_text: '1\n00:00:01,000 --> 00:00:0x,000\nSai\n' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error_code: 'DUBBING_BAD_TIMESTAMP', details: { line: 2 } })
    expect((await post({ subtitle_text: SRT }, 'not-a-token')).statusCode).toBe(401)
  })
})
