// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest'
import { pkceCookieName, saveChallengeRecord } from './challenge-cookie.ts'
import { SsoClient } from './sso-client.ts'
import {
  json,
  recordingEnvironment,
  resetPage,
  ScriptedSso,
  TEST_CONFIG,
  testRecord,
  tokenAnswer,
} from './test-support.ts'

beforeEach(() => resetPage('/'))

test('spec §4 (issue 18): the code exchange writes its state — tokens, listeners — before it reloads the page', async () => {
  const jar = {
    read: () => document.cookie,
    write: (cookie: string) => {
      document.cookie = cookie
    },
  }
  saveChallengeRecord(
    jar,
    { name: pkceCookieName('loa-web', 'localhost:3000'), domain: undefined, secure: false },
    testRecord({ createdAt: Date.now() }),
  )
  window.history.replaceState(null, '', '/studio?code=c&state=state-1')
  const sso = new ScriptedSso().on('/api/v1/oauth/token', () =>
    json(200, tokenAnswer({ sub: 'user-9', nonce: 'nonce-1' })),
  )
  const order: string[] = []
  const env = recordingEnvironment(sso, {
    reload: () => {
      order.push(`reload (signed in: ${client.getSnapshot().auth.authenticated})`)
    },
  })
  const client = new SsoClient(TEST_CONFIG, env)
  client.onTokens((tokens) => order.push(`tokens ${tokens ? 'set' : 'cleared'}`))
  const stop = client.start()
  expect(await client.ready()).toBe(true)
  stop()
  expect(order).toEqual(['tokens set', 'reload (signed in: true)'])
})
