/**
 * The SDK's browser build (`loa.global.js` of packages/sdk/build.mjs) in Chromium, against the product: loaded into a
 * page of the site's origin, it lists voices, synthesizes (sync, audio fetched), reads an HTTP audio stream, speaks
 * through the text-in WebSocket with the browser's own WebSocket (a ticket, no token in the URL), verifies a webhook
 * with Web Crypto (the server's test vectors) and throws typed errors — no Node module anywhere.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type * as LoaSdk from '@loa-voice/sdk'
import { signUpOverHttp } from '@loa/sso/testing'
import { E2E } from './support/env.ts'

test.use({ bypassCSP: true })

const dist = mkdtempSync(path.join(tmpdir(), 'loa-sdk-browser-'))
test.afterAll(() => rmSync(dist, { recursive: true, force: true }))

/** The server's independent signature vectors (packages/synthesis/src/callbacks/signature.test.ts). */
const VECTORS = {
  secret: 'whsec_loa_test_0123456789',
  body: '{"request_id":"5f0c","status":"SUCCESS"}',
  t: 1767225600,
  mac: 'cb7042128ac8cb31a8e8505e6a71cd7ad93a9b0eff51ce853073d88d668ccee3',
}

test('the SDK’s browser build: voices, sync synthesis, an audio stream, the text-in WebSocket, webhooks, errors', async ({
  page,
}) => {
  test.setTimeout(180_000)
  execFileSync(process.execPath, [path.resolve('packages/sdk/build.mjs'), dist], { stdio: 'pipe' })
  const { access_token: access } = await signUpOverHttp({
    ssoUrl: E2E.ssoUrl,
    redirectUri: `${E2E.webUrl}/console/apps`,
    origin: E2E.webUrl,
    name: 'Trình Duyệt',
  })
  const created = await fetch(`${E2E.apiUrl}/api/v1/api-apps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'SDK trong trình duyệt' }),
  })
  expect(created.status).toBe(200)
  const { result } = (await created.json()) as { result: { app: { app_id: string }; token: string } }

  // A page of the site (the API's CORS lets its origin call), with the SDK as a <script> global.
  await page.goto('/')
  await page.addScriptTag({ content: readFileSync(path.join(dist, 'loa.global.js'), 'utf8') })
  const outcome = await page.evaluate(
    async ({ apiUrl, token, appId, vectors }) => {
      const { Loa, verifyWebhook } = (window as unknown as { LoaSDK: typeof LoaSdk }).LoaSDK
      const loa = new Loa({ baseUrl: apiUrl, token, appId })
      const { voices } = await loa.voices.list()
      const voice = voices[0]!.code
      const sync = await loa.tts.create({ text: 'Xin chào từ trình duyệt.', mode: 'sync', voiceCode: voice })
      const audio = new Uint8Array(await (await fetch(sync.audioLink!)).arrayBuffer())
      let streamed = 0
      const stream = await loa.tts.stream({
        input_text: 'Âm thanh theo luồng.',
        voice_code: voice,
        audio_type: 'mp3',
      })
      for await (const chunk of stream) streamed += chunk.byteLength
      const socket = await loa.tts.streamInput({ outputFormat: 'pcm_16000' })
      socket.send('Xin chào, ')
      socket.send('đây là trình duyệt. ')
      socket.end()
      let spoken = 0
      for await (const chunk of socket.audio()) spoken += chunk.byteLength
      socket.close()
      const header = { 'x-loa-signature': `t=${vectors.t},v1=${vectors.mac}` }
      const event = await verifyWebhook(vectors.body, header, vectors.secret, { nowSeconds: vectors.t + 10 })
      const replay = await verifyWebhook(vectors.body, header, vectors.secret, {
        nowSeconds: vectors.t + 301,
      }).then(
        () => 'accepted',
        (e: Error) => e.name,
      )
      const wrong = await new Loa({ baseUrl: apiUrl, token: 'loa_not-a-token', appId }).tts
        .get(sync.requestId)
        .catch((e: { name: string; code: string; status: number }) => ({
          name: e.name,
          code: e.code,
          status: e.status,
        }))
      return {
        voices: voices.length,
        status: sync.status,
        audioHead: Array.from(audio.subarray(0, 3)),
        audioBytes: audio.byteLength,
        streamed,
        spoken,
        event,
        replay,
        wrong,
      }
    },
    { apiUrl: E2E.apiUrl, token: result.token, appId: result.app.app_id, vectors: VECTORS },
  )
  expect(outcome.voices).toBeGreaterThan(0)
  expect(outcome.status).toBe('SUCCESS')
  expect(outcome.audioBytes).toBeGreaterThan(1_000)
  expect(outcome.streamed).toBeGreaterThan(1_000)
  expect(outcome.spoken).toBeGreaterThan(1_000)
  expect(outcome.event).toEqual({ request_id: '5f0c', status: 'SUCCESS' })
  expect(outcome.replay).toBe('LoaWebhookError')
  expect(outcome.wrong).toEqual({ name: 'LoaApiError', code: 'APP_TOKEN_INVALID', status: 401 })
})
