// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import {
  hasRecord,
  REFRESH,
  saveRecord,
  setup,
  TOKEN,
  resetClientPageEachTest,
} from './sso-client.test-support.ts'
import { json, ScriptedSso, tokenAnswer } from './test-support.ts'

resetClientPageEachTest()

describe('on load: code exchange', () => {
  const exchangeSso = (answer = tokenAnswer({ sub: 'user-2', nonce: 'nonce-1' })): ScriptedSso =>
    new ScriptedSso().on(TOKEN, () => json(200, answer))

  test.each([false, true])(
    'autoLogin=%s: the saved record is read and the code exchanged; code/action removed, page reloaded',
    async (autoLogin) => {
      const record = saveRecord()
      window.history.replaceState(
        null,
        '',
        '/studio?lang=vi&code=the-code&state=state-1&action=signup&iss=http%3A%2F%2Flocalhost%3A4100',
      )
      const { client, sso, env, start } = setup({
        config: { options: { autoLogin, useSSO: true } },
        sso: exchangeSso(),
      })
      start()
      expect(await client.ready()).toBe(true)
      const [call] = sso.calls(TOKEN)
      expect(call?.body).toEqual({
        grant_type: 'authorization_code',
        client_id: 'loa-web',
        code_verifier: record.codeVerifier,
        code: 'the-code',
        redirect_uri: record.redirectUri,
      })
      expect(call?.init.credentials).toBe('include')
      expect(sso.calls(REFRESH)).toHaveLength(0)
      expect(client.getSnapshot().auth).toMatchObject({
        initialized: true,
        authenticated: true,
        subject: 'user-2',
      })
      expect(window.location.pathname + window.location.search).toBe('/studio?lang=vi')
      expect(env.reloads).toBe(1)
      expect(hasRecord()).toBe(false)
    },
  )

  test('a state different from the saved one: no token request, error surfaced, cookie cleared (H5)', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=forged')
    const { client, sso, env, start } = setup({ sso: exchangeSso() })
    start()
    expect(await client.ready()).toBe(false)
    expect(sso.requests).toEqual([])
    expect(client.getSnapshot().error).toBe('invalid_state')
    expect(client.getSnapshot().auth.initialized).toBe(true)
    expect(hasRecord()).toBe(false)
    expect(env.reloads).toBe(0)
  })

  test('a missing state is rejected like a wrong one', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c')
    const { client, sso, start } = setup({ sso: exchangeSso() })
    start()
    await client.ready()
    expect(sso.requests).toEqual([])
    expect(client.getSnapshot().error).toBe('invalid_state')
  })

  test('an iss other than the SSO is rejected (mix-up)', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=state-1&iss=https%3A%2F%2Fevil.example')
    const { client, sso, start } = setup({ sso: exchangeSso() })
    start()
    await client.ready()
    expect(sso.requests).toEqual([])
    expect(client.getSnapshot().error).toBe('invalid_issuer')
  })

  test('no saved record, a record of another client, or a stale record: no exchange', async () => {
    window.history.replaceState(null, '', '/?code=c&state=state-1')
    for (const prepare of [
      () => undefined,
      () => saveRecord({ clientId: 'other-app' }),
      () => saveRecord({ createdAt: Date.now() - 2 * 60 * 60 * 1000 }),
    ]) {
      prepare()
      const { client, sso, start } = setup({ sso: exchangeSso() })
      start()
      expect(await client.ready()).toBe(false)
      expect(sso.requests).toEqual([])
      expect(client.getSnapshot().auth).toMatchObject({ initialized: true, authenticated: false })
      expect(hasRecord()).toBe(false)
    }
  })

  test('a failed exchange: signed out, error kept, record consumed, no reload', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=state-1')
    const { client, env, start } = setup({
      sso: new ScriptedSso().on(TOKEN, () => json(400, { error: 'invalid_grant' })),
    })
    start()
    expect(await client.ready()).toBe(false)
    expect(client.getSnapshot().error).toBe('Request failed with status code 400')
    expect(env.reloads).toBe(0)
    expect(hasRecord()).toBe(false)
  })

  test('an ID token whose nonce differs from the saved one is rejected', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=state-1')
    const { client, env, start } = setup({ sso: exchangeSso(tokenAnswer({ nonce: 'another' })) })
    start()
    expect(await client.ready()).toBe(false)
    expect(client.getSnapshot().error).toBe('Invalid nonce.')
    expect(client.getSnapshot().auth.authenticated).toBe(false)
    expect(env.reloads).toBe(0)
  })
})
