// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Component, StrictMode, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { TokenSet } from './auth-state.ts'
import { pkceCookieName, saveChallengeRecord } from './challenge-cookie.ts'
import type { SsoConfig } from './config.ts'
import { SSO_CONFIG_MISSING_MESSAGE, USE_AUTH_OUTSIDE_PROVIDER_MESSAGE } from './constants.ts'
import { SSOProvider } from './sso-provider.tsx'
import {
  json,
  recordingEnvironment,
  resetPage,
  ScriptedSso,
  TEST_CONFIG,
  tokenAnswer,
  waitFor,
} from './test-support.ts'
import { useAuthSSO } from './use-auth-sso.ts'

class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error }
  }
  override render(): ReactNode {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children
  }
}

function Status(): ReactNode {
  const auth = useAuthSSO()
  return (
    <p data-testid="status">
      {auth.initialized ? 'initialized' : 'checking'}/{auth.authenticated ? `in:${auth.subject}` : 'out'}/
      {auth.error ?? ''}/{auth.hasResourceRole('viewer') ? 'viewer' : 'no-role'}
    </p>
  )
}

const status = (): string => screen.getByTestId('status').textContent ?? ''

beforeEach(() => {
  resetPage('/')
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('SSOProvider / useAuthSSO', () => {
  test('useAuthSSO outside the provider throws exactly the spec message (H1)', () => {
    render(
      <Catch>
        <Status />
      </Catch>,
    )
    expect(screen.getByRole('alert').textContent).toBe(USE_AUTH_OUTSIDE_PROVIDER_MESSAGE)
    expect(USE_AUTH_OUTSIDE_PROVIDER_MESSAGE).toBe('useAuthSSO must be used within a SSOProvider')
  })

  test.each(['clientId', 'ssoUrl', 'ssoApiUrl', 'clientDomain', 'options'])(
    'a config without %s throws exactly the spec message',
    (field) => {
      const config: Record<string, unknown> = { ...TEST_CONFIG }
      delete config[field]
      render(
        <Catch>
          <SSOProvider config={config as unknown as SsoConfig}>
            <Status />
          </SSOProvider>
        </Catch>,
      )
      expect(screen.getByRole('alert').textContent).toBe(SSO_CONFIG_MISSING_MESSAGE)
      expect(SSO_CONFIG_MISSING_MESSAGE).toBe(
        'Please provide the clientId, ssoUrl, and ssoApiUrl in the config',
      )
    },
  )

  test('renders not initialized first, then the refreshed session; onTokens receives the tokens', async () => {
    const answer = tokenAnswer({ sub: 'user-5' })
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const sso = new ScriptedSso().on('/api/v1/auth/refresh-token', async () => {
      await gate
      return json(200, answer)
    })
    const seen: Array<TokenSet | null> = []
    render(
      <SSOProvider
        config={TEST_CONFIG}
        environment={recordingEnvironment(sso)}
        onTokens={(t) => seen.push(t)}
      >
        <Status />
      </SSOProvider>,
    )
    expect(status()).toBe('checking/out//no-role')
    await act(async () => {
      release()
      await waitFor(() => seen.length === 1)
    })
    expect(status()).toBe('initialized/in:user-5//viewer')
    expect(seen[0]?.accessToken).toBe(answer.result.access_token)
  })

  test('a failed refresh renders initialized and signed out', async () => {
    const sso = new ScriptedSso().on('/api/v1/auth/refresh-token', () => json(401, { status: 0 }))
    render(
      <SSOProvider config={TEST_CONFIG} environment={recordingEnvironment(sso)}>
        <Status />
      </SSOProvider>,
    )
    await act(() => waitFor(() => status().startsWith('initialized')))
    expect(status()).toBe('initialized/out/Request failed with status code 401/no-role')
  })

  test('under StrictMode (effects run twice) the code is exchanged once', async () => {
    const name = pkceCookieName('loa-web', 'localhost:3000')
    saveChallengeRecord(
      { read: () => document.cookie, write: (c) => void (document.cookie = c) },
      { name, domain: undefined, secure: false },
      {
        codeVerifier: 'v'.repeat(43),
        clientId: 'loa-web',
        redirectUri: 'http://localhost:3000/',
        state: 's1',
        nonce: 'n1',
        createdAt: Date.now(),
      },
    )
    window.history.replaceState(null, '', '/?code=c1&state=s1&action=login')
    const sso = new ScriptedSso().on('/api/v1/oauth/token', () => json(200, tokenAnswer({ sub: 'u-strict' })))
    const env = recordingEnvironment(sso)
    render(
      <StrictMode>
        <SSOProvider config={TEST_CONFIG} environment={env}>
          <Status />
        </SSOProvider>
      </StrictMode>,
    )
    await act(() => waitFor(() => env.reloads === 1))
    expect(sso.calls('/api/v1/oauth/token')).toHaveLength(1)
    expect(window.location.search).toBe('')
    expect(status()).toBe('initialized/in:u-strict//viewer')
  })

  test('actions from the hook: login redirects, accountUrl carries client_id', async () => {
    const sso = new ScriptedSso().on('/api/v1/auth/refresh-token', () => json(200, { status: 0 }))
    const env = recordingEnvironment(sso)
    let api: ReturnType<typeof useAuthSSO> | undefined
    function Grab(): ReactNode {
      api = useAuthSSO()
      return null
    }
    render(
      <SSOProvider config={{ ...TEST_CONFIG, myAccountUrl: 'https://id.loa.vn/account' }} environment={env}>
        <Grab />
      </SSOProvider>,
    )
    expect(api?.accountUrl()).toBe('https://id.loa.vn/account?client_id=loa-web')
    await act(() => api!.signup({ username: 'a@b.vn' }))
    const url = new URL(env.redirects[0]!)
    expect(url.pathname).toBe('/authorize')
    expect(url.searchParams.get('action')).toBe('signup')
    expect(url.searchParams.get('username')).toBe('a@b.vn')
    expect(api?.getAuthorizationHeader()).toBeUndefined()
  })
})
