import {
  buildAuthState,
  hasRealmRole,
  hasResourceRole,
  INITIAL_AUTH_STATE,
  isTokenExpired,
  readStatus,
  readTokenSet,
  secondsUntilExpiry,
  unauthenticatedState,
  type AuthState,
  type TokenSet,
} from './auth-state.ts'
import {
  cookieDomainFor,
  pkceCookieName,
  readChallengeRecord,
  removeChallengeRecord,
  saveChallengeRecord,
  type CookieJar,
  type CookieScope,
  type LoginChallengeRecord,
} from './challenge-cookie.ts'
import { assertSsoConfig, type SsoConfig } from './config.ts'
import {
  DEFAULT_LOGOUT_FAILED_MESSAGE,
  DEFAULT_MIN_VALIDITY_S,
  DEFAULT_REFRESH_FAILED_MESSAGE,
  LEFTOVER_CODE_TIMEOUT_MS,
  LOGIN_RECORD_MAX_AGE_MS,
  PKCE_METHOD,
  PROACTIVE_REFRESH_MARGIN_S,
  PROACTIVE_RETRY_MS,
  REFRESH_FROM_TOKEN_FAILED_MESSAGE,
  SHARED_TOKENS_WAIT_MS,
  USER_ALREADY_EXISTS,
  CALLBACK_PARAMS,
} from './constants.ts'
import { postJson, SsoHttpError, type FetchLike } from './http.ts'
import { createCodeChallenge, createCodeVerifier, createRandomToken } from './pkce.ts'
import { withCrossTabLock, type LockManagerLike, type StorageLike } from './refresh-lock.ts'
import {
  AFTER_ERROR_PARAMS,
  AFTER_EXCHANGE_PARAMS,
  currentPageUri,
  parseHttpUrl,
  resolveAppUrl,
  withoutParams,
  withoutTrailingSlash,
} from './urls.ts'

/** A cross-tab message channel (`BroadcastChannel`). */
export interface ChannelLike {
  postMessage(message: unknown): void
  onmessage: ((event: MessageEvent) => void) | null
  close(): void
}

/** The browser facilities the client uses; defaults to the real window. Tests replace navigation. */
export interface SsoEnvironment {
  fetch: FetchLike
  currentUrl(): string
  /** Leaves the page for another address (login, logout). */
  redirect(url: string): void
  /** Changes the address without navigating (`history.replaceState`). */
  replaceUrl(url: string): void
  reload(): void
  now(): number
  logger: Pick<Console, 'error' | 'warn'>
  cookies: CookieJar
  locks?: LockManagerLike | undefined
  storage?: StorageLike | undefined
  createChannel?: ((name: string) => ChannelLike | undefined) | undefined
}

export type AuthAction = 'login' | 'signup'

export interface LoginOptions {
  /** Prefills the sign-on form (`username` parameter). */
  username?: string
  /** Where the SSO sends the user back; defaults to the current page (origin + path). */
  redirectUri?: string
}

export interface SocialLoginOptions {
  redirectUri?: string
}

export interface LogoutOptions {
  fingerprint?: string
  /** Where to go after a successful logout (must be a registered post-logout URI of the client). */
  redirectUri: string
}

export interface GoogleOneTapOptions {
  /** The Google ID token (GIS `credential`). */
  token: string
  affiliateCode?: string
}

/** What the provider exposes besides the auth state. */
export interface SsoSnapshot {
  auth: AuthState
  /**
   * The last sign-on error: an `error` parameter returned by the SSO (e.g. `user_already_exists`),
   * `invalid_state`/`invalid_issuer` for a rejected callback, or the message of a failed exchange/refresh/logout.
   */
  error: string | null
}

type TokensListener = (tokens: TokenSet | null) => void

/** `at`: when the sender obtained the tokens (or logged out); older news than ours is ignored. */
type ChannelMessage =
  | { type: 'tokens'; from: string; at: number; tokens: TokenSet; timeSkew: number | null }
  | { type: 'logout'; from: string; at: number }

/** Errors of the spec that mean "the session is gone" (tokens are cleared) rather than "try again later". */
class RefreshRejectedError extends Error {
  override name = 'RefreshRejectedError'
}

/** Errors recognised as authentication errors when returned in the `error` parameter (spec §4, §8). */
export const AUTHENTICATION_ERRORS: readonly string[] = [USER_ALREADY_EXISTS]

export function isAuthenticationError(error: string | null | undefined): boolean {
  return typeof error === 'string' && AUTHENTICATION_ERRORS.includes(error)
}

const MAX_TIMER_MS = 2_147_483_647

function browserEnvironment(): SsoEnvironment {
  let storage: StorageLike | undefined
  try {
    storage = typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    storage = undefined // storage disabled (privacy mode): refreshes are then serialised within the tab only
  }
  const locks =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { locks?: LockManagerLike }).locks
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    currentUrl: () => window.location.href,
    redirect: (url) => window.location.assign(url),
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    reload: () => window.location.reload(),
    now: () => Date.now(),
    logger: console,
    cookies: {
      read: () => document.cookie,
      write: (cookie) => {
        document.cookie = cookie
      },
    },
    locks: locks && typeof locks.request === 'function' ? locks : undefined,
    storage,
    createChannel: (name) =>
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined,
  }
}

/**
 * The framework-free sign-on client behind `SSOProvider`: spec §4 transitions, PKCE login, code exchange,
 * cookie refresh (serialised across tabs), proactive refresh, logout, role checks. One instance per page.
 */
export class SsoClient {
  readonly config: SsoConfig
  private readonly environmentOverrides: Partial<SsoEnvironment>
  private environment: SsoEnvironment | undefined
  private snapshot: SsoSnapshot = { auth: INITIAL_AUTH_STATE, error: null }
  private readonly listeners = new Set<() => void>()
  private readonly tokenListeners = new Set<TokensListener>()
  private readonly tabId = createRandomToken()
  private initPromise: Promise<boolean> | undefined
  private inflightRefresh: Promise<void> | undefined
  private tokenGeneration = 0
  /** When the current tokens were obtained (or cleared), in this tab or the tab that broadcast them. */
  private tokensObtainedAt = 0
  private generationWaiters: Array<() => void> = []
  private channel: ChannelLike | undefined
  private started = false
  private proactiveTimer: ReturnType<typeof setTimeout> | undefined
  private leftoverTimer: ReturnType<typeof setTimeout> | undefined

  constructor(config: SsoConfig, environment: Partial<SsoEnvironment> = {}) {
    assertSsoConfig(config)
    this.config = config
    this.environmentOverrides = environment
  }

  private get env(): SsoEnvironment {
    this.environment ??= { ...browserEnvironment(), ...this.environmentOverrides }
    return this.environment
  }

  private get apiBase(): string {
    return withoutTrailingSlash(this.config.ssoApiUrl)
  }

  private get lockName(): string {
    return `loa-sso-refresh:${this.config.clientId}`
  }

  private get refreshedKey(): string {
    return `loa-sso-refreshed:${this.config.clientId}`
  }

  /** Name, Domain and Secure flag of the challenge cookie on this page. */
  cookieScope(): CookieScope {
    const url = new URL(this.env.currentUrl())
    return {
      name: pkceCookieName(this.config.clientId, this.config.clientDomain),
      domain: cookieDomainFor(this.config.clientDomain, url.hostname),
      secure: url.protocol === 'https:',
    }
  }

  // ---- state store (useSyncExternalStore) ----

  getSnapshot = (): SsoSnapshot => this.snapshot

  getServerSnapshot = (): SsoSnapshot => SERVER_SNAPSHOT

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** Called with the tokens after every sign-in/refresh and with null when they are cleared. */
  onTokens = (listener: TokensListener): (() => void) => {
    this.tokenListeners.add(listener)
    return () => {
      this.tokenListeners.delete(listener)
    }
  }

  private setSnapshot(next: SsoSnapshot): void {
    this.snapshot = next
    for (const listener of [...this.listeners]) listener()
  }

  private emitTokens(tokens: TokenSet | null): void {
    for (const listener of [...this.tokenListeners]) {
      try {
        listener(tokens)
      } catch (error) {
        this.env.logger.error(error)
      }
    }
  }

  private applyAuth(
    auth: AuthState,
    tokens: TokenSet,
    broadcast: boolean,
    obtainedAt = this.env.now(),
  ): void {
    this.tokenGeneration += 1
    this.tokensObtainedAt = Math.max(this.tokensObtainedAt, obtainedAt)
    this.setSnapshot({ auth, error: null })
    this.emitTokens(tokens)
    this.scheduleProactiveRefresh()
    if (broadcast) {
      this.post({ type: 'tokens', from: this.tabId, at: obtainedAt, tokens, timeSkew: auth.timeSkew })
    }
    const waiters = this.generationWaiters
    this.generationWaiters = []
    for (const wake of waiters) wake()
  }

  private clearAuth(error: string | null): void {
    const wasAuthenticated = this.snapshot.auth.authenticated
    this.tokensObtainedAt = Math.max(this.tokensObtainedAt, this.env.now())
    this.clearProactiveTimer()
    this.setSnapshot({ auth: unauthenticatedState(), error })
    if (wasAuthenticated) this.emitTokens(null)
  }

  private post(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message)
    } catch (error) {
      this.env.logger.warn(error)
    }
  }

  // ---- lifecycle ----

  /**
   * Attaches the client to the page: the on-load behaviour of spec §4 (once per client), the leftover-code
   * timer, the cross-tab channel and the proactive refresh timer. Returns the function that detaches it
   * (timers, channel); calling `start` again re-attaches without repeating the on-load behaviour.
   */
  start = (): (() => void) => {
    const env = this.env
    this.started = true
    this.channel = env.createChannel?.(`loa-sso:${this.config.clientId}`)
    if (this.channel) this.channel.onmessage = (event) => this.onChannelMessage(event.data)
    if (new URL(env.currentUrl()).searchParams.has('code')) {
      this.leftoverTimer = setTimeout(() => this.removeLeftoverCode(), LEFTOVER_CODE_TIMEOUT_MS)
    }
    this.initPromise ??= this.init()
    this.scheduleProactiveRefresh()
    return () => {
      this.started = false
      this.clearProactiveTimer()
      if (this.leftoverTimer !== undefined) clearTimeout(this.leftoverTimer)
      this.leftoverTimer = undefined
      this.channel?.close()
      this.channel = undefined
    }
  }

  /** Resolves with `authenticated` once the on-load check has finished (starts it if needed). */
  ready(): Promise<boolean> {
    this.initPromise ??= this.init()
    return this.initPromise
  }

  private removeLeftoverCode(): void {
    this.leftoverTimer = undefined
    const href = this.env.currentUrl()
    if (!new URL(href).searchParams.has('code')) return
    this.env.replaceUrl(withoutParams(href, CALLBACK_PARAMS))
    this.env.reload()
  }

  private async init(): Promise<boolean> {
    if (!this.config.options.useSSO) {
      this.setSnapshot({ auth: unauthenticatedState(), error: null })
      return false
    }
    const url = new URL(this.env.currentUrl())
    const error = url.searchParams.get('error')
    const code = url.searchParams.get('code')
    if (error !== null) return this.handleCallbackError(error, url)
    if (code !== null) return this.handleCode(code, url)
    try {
      await this.refreshSerialised()
      return true
    } catch (failure) {
      this.onRefreshFailed(failure)
      return false
    }
  }

  /** `error=…` returned by the SSO: no exchange, no refresh; the error is kept in the state. */
  private handleCallbackError(error: string, url: URL): boolean {
    removeChallengeRecord(this.env.cookies, this.cookieScope())
    this.env.replaceUrl(withoutParams(url.toString(), AFTER_ERROR_PARAMS))
    if (isAuthenticationError(error)) this.env.logger.warn(`Authentication error: ${error}`)
    this.setSnapshot({ auth: unauthenticatedState(), error })
    return false
  }

  private readRecord(): LoginChallengeRecord | undefined {
    const scope = this.cookieScope()
    const record = readChallengeRecord(this.env.cookies, scope.name)
    if (!record) return undefined
    // One-time use: the record is removed before anything else happens (success and error alike).
    removeChallengeRecord(this.env.cookies, scope)
    if (record.clientId !== this.config.clientId) return undefined
    const age = this.env.now() - record.createdAt
    if (age < 0 || age > LOGIN_RECORD_MAX_AGE_MS) return undefined
    return record
  }

  private issuerAccepted(iss: string | null): boolean {
    if (iss === null) return true
    const normalise = (value: string): string | undefined => {
      const parsed = parseHttpUrl(value)
      return parsed ? withoutTrailingSlash(parsed.href) : undefined
    }
    const got = normalise(iss)
    return (
      got !== undefined && (got === normalise(this.config.ssoUrl) || got === normalise(this.config.ssoApiUrl))
    )
  }

  /** A returned `code`: exchanged when a fresh challenge record of this client exists and `state` matches. */
  private async handleCode(code: string, url: URL): Promise<boolean> {
    const record = this.readRecord()
    if (!record) {
      this.setSnapshot({ auth: unauthenticatedState(), error: null })
      return false
    }
    if (url.searchParams.get('state') !== record.state) {
      this.env.logger.error('Sign-on callback rejected: state does not match')
      this.setSnapshot({ auth: unauthenticatedState(), error: 'invalid_state' })
      return false
    }
    if (!this.issuerAccepted(url.searchParams.get('iss'))) {
      this.env.logger.error('Sign-on callback rejected: unexpected issuer')
      this.setSnapshot({ auth: unauthenticatedState(), error: 'invalid_issuer' })
      return false
    }
    try {
      const started = this.env.now()
      const data = await postJson(this.env.fetch, `${this.apiBase}/api/v1/oauth/token`, {
        grant_type: 'authorization_code',
        client_id: this.config.clientId,
        code_verifier: record.codeVerifier,
        code,
        redirect_uri: record.redirectUri,
      })
      const status = readStatus(data)
      const tokens = readTokenSet(data)
      if ((status !== undefined && status !== 1) || !tokens) throw new Error('Token exchange failed')
      const auth = buildAuthState(tokens, (started + this.env.now()) / 2)
      const nonce = auth.idTokenParsed?.nonce
      if (nonce !== undefined && nonce !== record.nonce) throw new Error('Invalid nonce.')
      this.applyAuth(auth, tokens, true)
      this.env.replaceUrl(withoutParams(this.env.currentUrl(), AFTER_EXCHANGE_PARAMS))
      this.env.reload()
      return true
    } catch (failure) {
      const message = failure instanceof Error && failure.message ? failure.message : 'Token exchange failed'
      this.env.logger.error(message)
      this.setSnapshot({ auth: unauthenticatedState(), error: message })
      return false
    }
  }

  // ---- refresh ----

  /** The network refresh: `POST {ssoApiUrl}/api/v1/auth/refresh-token {clientId}` with the session cookie. */
  private async refreshFromNetwork(): Promise<void> {
    const started = this.env.now()
    let data: unknown
    try {
      data = await postJson(this.env.fetch, `${this.apiBase}/api/v1/auth/refresh-token`, {
        clientId: this.config.clientId,
      })
    } catch (failure) {
      if (failure instanceof SsoHttpError && failure.status >= 400 && failure.status < 500) {
        throw new RefreshRejectedError(failure.message, { cause: failure })
      }
      throw failure
    }
    const tokens = readTokenSet(data)
    if (readStatus(data) !== 1 || !tokens) throw new RefreshRejectedError(REFRESH_FROM_TOKEN_FAILED_MESSAGE)
    let auth: AuthState
    try {
      auth = buildAuthState(tokens, (started + this.env.now()) / 2)
    } catch (failure) {
      throw new RefreshRejectedError(failure instanceof Error ? failure.message : String(failure))
    }
    try {
      this.env.storage?.setItem(this.refreshedKey, JSON.stringify({ at: this.env.now(), by: this.tabId }))
    } catch {
      // storage unavailable: other tabs simply refresh on their own
    }
    this.applyAuth(auth, tokens, true)
    removeChallengeRecord(this.env.cookies, this.cookieScope())
  }

  private otherTabRefreshedSince(requestedAt: number): boolean {
    try {
      const raw = this.env.storage?.getItem(this.refreshedKey)
      if (!raw) return false
      const marker = JSON.parse(raw) as { at?: unknown; by?: unknown }
      return typeof marker.at === 'number' && marker.at >= requestedAt && marker.by !== this.tabId
    } catch {
      return false
    }
  }

  private waitForGenerationChange(generation: number, timeoutMs: number): Promise<boolean> {
    if (this.tokenGeneration !== generation) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.tokenGeneration !== generation), timeoutMs)
      this.generationWaiters.push(() => {
        clearTimeout(timer)
        resolve(true)
      })
    })
  }

  /**
   * One refresh at a time: concurrent callers in this tab share the in-flight promise; tabs queue on a cross-tab
   * lock, and a tab that obtained the lock after another tab refreshed adopts that tab's tokens (broadcast)
   * instead of presenting the already-rotated refresh token again.
   */
  private refreshSerialised(): Promise<void> {
    if (this.inflightRefresh) return this.inflightRefresh
    const env = this.env
    const requestedAt = env.now()
    const generation = this.tokenGeneration
    const run = withCrossTabLock(
      this.lockName,
      { locks: env.locks, storage: env.storage, now: () => env.now(), owner: this.tabId },
      async () => {
        if (this.tokenGeneration !== generation) return
        if (this.otherTabRefreshedSince(requestedAt)) {
          if (await this.waitForGenerationChange(generation, SHARED_TOKENS_WAIT_MS)) return
        }
        await this.refreshFromNetwork()
      },
    )
    const inflight = run.finally(() => {
      if (this.inflightRefresh === inflight) this.inflightRefresh = undefined
    })
    this.inflightRefresh = inflight
    return inflight
  }

  /** A failed refresh: logged, unauthenticated; with autoLogin, off to the sign-on page. */
  private onRefreshFailed(failure: unknown): void {
    const message =
      failure instanceof Error && failure.message ? failure.message : DEFAULT_REFRESH_FAILED_MESSAGE
    this.env.logger.error(message)
    this.clearAuth(message)
    if (this.config.options.autoLogin) {
      const action =
        new URL(this.env.currentUrl()).searchParams.get('action') === 'signup' ? 'signup' : 'login'
      void this.redirectToAuthorize(action, {}).catch((error: unknown) => this.env.logger.error(error))
    }
  }

  /**
   * keycloak-js `updateToken`: refreshes when the access token expires within `minValidity` seconds (`-1`
   * forces); resolves false when no refresh was needed, true when refreshed. A rejected refresh (HTTP 4xx or
   * status ≠ 1) clears the tokens (and, with autoLogin, redirects to login); network errors reject without
   * clearing. Rejects with "Not authenticated" when there is no token.
   */
  updateToken = async (minValidity: number = DEFAULT_MIN_VALIDITY_S): Promise<boolean> => {
    const auth = this.snapshot.auth
    if (!auth.authenticated || !auth.token) throw new Error('Not authenticated')
    if (minValidity !== -1 && !isTokenExpired(auth, minValidity, this.env.now())) return false
    try {
      await this.refreshSerialised()
      return true
    } catch (failure) {
      if (failure instanceof RefreshRejectedError) this.onRefreshFailed(failure)
      throw failure
    }
  }

  isTokenExpired = (minValidity?: number): boolean =>
    isTokenExpired(this.snapshot.auth, minValidity, this.env.now())

  private clearProactiveTimer(): void {
    if (this.proactiveTimer !== undefined) clearTimeout(this.proactiveTimer)
    this.proactiveTimer = undefined
  }

  /** Schedules a refresh PROACTIVE_REFRESH_MARGIN_S (at most a third of the lifetime) before expiry. */
  private scheduleProactiveRefresh(delayOverrideMs?: number): void {
    this.clearProactiveTimer()
    const auth = this.snapshot.auth
    if (!this.started || !auth.authenticated) return
    const now = this.env.now()
    const left = secondsUntilExpiry(auth, now)
    if (left === undefined) return
    const { exp, iat } = auth.tokenParsed ?? {}
    const lifetime =
      typeof exp === 'number' && typeof iat === 'number' ? exp - iat : PROACTIVE_REFRESH_MARGIN_S * 3
    const margin = Math.max(1, Math.min(PROACTIVE_REFRESH_MARGIN_S, Math.floor(lifetime / 3)))
    const delay = delayOverrideMs ?? Math.max(0, (left - margin) * 1000)
    this.proactiveTimer = setTimeout(
      () => {
        this.proactiveTimer = undefined
        // forced: the timer is due; another tab's fresher tokens would have re-scheduled it
        this.updateToken(-1).catch(() => {
          const current = this.snapshot.auth
          if (current.authenticated && !isTokenExpired(current, 0, this.env.now())) {
            this.scheduleProactiveRefresh(PROACTIVE_RETRY_MS)
          }
        })
      },
      Math.min(delay, MAX_TIMER_MS),
    )
  }

  private onChannelMessage(data: unknown): void {
    if (typeof data !== 'object' || data === null) return
    const message = data as Partial<ChannelMessage>
    if (message.from === this.tabId) return
    // messages are delivered asynchronously: never let older news replace newer tokens (or a logout)
    if (typeof message.at !== 'number' || message.at < this.tokensObtainedAt) return
    if (message.type === 'logout') {
      this.clearAuth(null)
      return
    }
    if (message.type === 'tokens') {
      const tokens = readTokenSet(
        (message as { tokens?: { accessToken?: unknown; refreshToken?: unknown; idToken?: unknown } }).tokens,
      )
      if (!tokens) return
      try {
        const auth = buildAuthState(tokens, this.env.now())
        const timeSkew = (message as { timeSkew?: unknown }).timeSkew
        if (typeof timeSkew === 'number') auth.timeSkew = timeSkew
        this.applyAuth(auth, tokens, false, message.at)
      } catch (error) {
        this.env.logger.warn(error)
      }
    }
  }

  // ---- login, signup, social, one tap, logout ----

  private async startTransaction(redirectUri: string | undefined): Promise<{
    record: LoginChallengeRecord
    codeChallenge: string
  }> {
    const href = this.env.currentUrl()
    const scope = this.cookieScope()
    const target = resolveAppUrl(redirectUri ?? currentPageUri(href), href, scope.domain)
    const record: LoginChallengeRecord = {
      codeVerifier: createCodeVerifier(),
      clientId: this.config.clientId,
      redirectUri: target,
      state: createRandomToken(),
      nonce: createRandomToken(),
      createdAt: this.env.now(),
    }
    const codeChallenge = await createCodeChallenge(record.codeVerifier)
    saveChallengeRecord(this.env.cookies, scope, record)
    return { record, codeChallenge }
  }

  /** Saves a fresh challenge record and returns the `{ssoUrl}/authorize` address (without navigating). */
  createLoginUrl = async (action: AuthAction, options: LoginOptions = {}): Promise<string> => {
    const { record, codeChallenge } = await this.startTransaction(options.redirectUri)
    const url = new URL(`${withoutTrailingSlash(this.config.ssoUrl)}/authorize`)
    const params: Record<string, string> = {
      clientId: this.config.clientId,
      codeChallenge,
      codeChallengeMethod: PKCE_METHOD,
      redirectUri: record.redirectUri,
      responseType: 'code',
      action,
      ...(options.username ? { username: options.username } : {}),
      state: record.state,
      nonce: record.nonce,
    }
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    return url.toString()
  }

  private async redirectToAuthorize(action: AuthAction, options: LoginOptions): Promise<void> {
    this.env.redirect(await this.createLoginUrl(action, options))
  }

  login = (options: LoginOptions = {}): Promise<void> => this.redirectToAuthorize('login', options)

  signup = (options: LoginOptions = {}): Promise<void> => this.redirectToAuthorize('signup', options)

  /** Redirects to `{ssoApiUrl}/api/v1/auth/{provider}` (provider: letters, digits, dashes). */
  socialLogin = async (provider: string, options: SocialLoginOptions = {}): Promise<void> => {
    if (!/^[a-z0-9][a-z0-9-]{0,31}$/i.test(provider)) throw new Error('Invalid provider')
    const { record, codeChallenge } = await this.startTransaction(options.redirectUri)
    const url = new URL(`${this.apiBase}/api/v1/auth/${provider}`)
    const params: Record<string, string> = {
      clientId: this.config.clientId,
      codeChallenge,
      codeChallengeMethod: PKCE_METHOD,
      redirectUri: record.redirectUri,
      responseType: 'code',
      state: record.state,
      nonce: record.nonce,
    }
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    this.env.redirect(url.toString())
  }

  /**
   * `POST {ssoApiUrl}/api/v1/auth/google-one-tap {clientId, token, affiliateCode}`. On status 1 the returned
   * tokens are applied (or, without tokens, the session cookie is refreshed). Resolves with the answer, or the
   * error body of a failed call.
   */
  googleOneTap = async ({ token, affiliateCode }: GoogleOneTapOptions): Promise<unknown> => {
    const started = this.env.now()
    let data: unknown
    try {
      data = await postJson(this.env.fetch, `${this.apiBase}/api/v1/auth/google-one-tap`, {
        clientId: this.config.clientId,
        token,
        affiliateCode,
      })
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure)
      this.env.logger.error(message)
      this.setSnapshot({ ...this.snapshot, error: message })
      return failure instanceof SsoHttpError ? failure.body : undefined
    }
    if (readStatus(data) !== 1) return data
    const tokens = readTokenSet(data)
    try {
      if (tokens) this.applyAuth(buildAuthState(tokens, (started + this.env.now()) / 2), tokens, true)
      else await this.refreshSerialised()
    } catch (failure) {
      this.onRefreshFailed(failure)
    }
    return data
  }

  /**
   * `POST {ssoApiUrl}/api/v1/logout {clientId, fingerprint, redirectUri}`; succeeds only on status 1, then clears
   * the tokens (in every tab) and redirects to `redirectUri`. Otherwise rejects with "Logout failed".
   */
  logout = async ({ fingerprint, redirectUri }: LogoutOptions): Promise<void> => {
    const href = this.env.currentUrl()
    const scope = this.cookieScope()
    const target = resolveAppUrl(redirectUri, href, scope.domain)
    let data: unknown
    try {
      data = await postJson(this.env.fetch, `${this.apiBase}/api/v1/logout`, {
        clientId: this.config.clientId,
        fingerprint,
        redirectUri: target,
      })
    } catch (cause) {
      this.env.logger.error(DEFAULT_LOGOUT_FAILED_MESSAGE)
      this.setSnapshot({ ...this.snapshot, error: DEFAULT_LOGOUT_FAILED_MESSAGE })
      throw new Error(DEFAULT_LOGOUT_FAILED_MESSAGE, { cause })
    }
    if (readStatus(data) !== 1) {
      this.env.logger.error(DEFAULT_LOGOUT_FAILED_MESSAGE)
      this.setSnapshot({ ...this.snapshot, error: DEFAULT_LOGOUT_FAILED_MESSAGE })
      throw new Error(DEFAULT_LOGOUT_FAILED_MESSAGE, { cause: data })
    }
    this.clearAuth(null)
    removeChallengeRecord(this.env.cookies, scope)
    this.post({ type: 'logout', from: this.tabId, at: this.env.now() })
    this.env.redirect(target)
  }

  // ---- helpers for the app ----

  /** `myAccountUrl` (if an absolute http(s) address) or `{ssoUrl}/profile`, with the `client_id` parameter. */
  accountUrl = (): string => {
    const configured = parseHttpUrl(this.config.myAccountUrl)
    const url = configured ?? new URL(`${withoutTrailingSlash(this.config.ssoUrl)}/profile`)
    url.searchParams.set('client_id', this.config.clientId)
    return url.toString()
  }

  hasResourceRole = (role: string, resource: string = this.config.clientId): boolean =>
    hasResourceRole(this.snapshot.auth, role, resource)

  hasRealmRole = (role: string): boolean => hasRealmRole(this.snapshot.auth, role)

  /** `Bearer <access token>` for API calls, or undefined when signed out. */
  getAuthorizationHeader = (): string | undefined =>
    this.snapshot.auth.token ? `Bearer ${this.snapshot.auth.token}` : undefined

  /**
   * Like `getAuthorizationHeader`, after `updateToken(minValidity)` (keycloak-js recommends 30 s before API
   * calls). Resolves undefined when signed out or when the refresh failed.
   */
  getFreshAuthorizationHeader = async (minValidity = 30): Promise<string | undefined> => {
    if (!this.snapshot.auth.authenticated) return undefined
    try {
      await this.updateToken(minValidity)
    } catch {
      // a rejected refresh already cleared the tokens; a transient failure keeps the current token
    }
    return this.getAuthorizationHeader()
  }
}

const SERVER_SNAPSHOT: SsoSnapshot = Object.freeze({ auth: INITIAL_AUTH_STATE, error: null })
