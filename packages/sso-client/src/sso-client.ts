import {
  buildAuthState,
  hasRealmRole,
  hasResourceRole,
  isTokenExpired,
  readStatus,
  readTokenSet,
  unauthenticatedState,
  type AuthState,
  type TokenSet,
} from './auth-state.ts'
import {
  actionForMode,
  createLoginUrl,
  createSocialLoginUrl,
  type AuthAction,
  type AuthMode,
} from './authorize-url.ts'
import { cookieScopeFor, removeChallengeRecord, type CookieScope } from './challenge-cookie.ts'
import type {
  ChannelMessage,
  GoogleOneTapOptions,
  LoginOptions,
  LogoutOptions,
  SocialLoginOptions,
  SsoSnapshot,
  TokensListener,
} from './client-types.ts'
import { exchangeCode } from './code-exchange.ts'
import { assertSsoConfig, type SsoConfig } from './config.ts'
import {
  CALLBACK_PARAMS,
  DEFAULT_LOGOUT_FAILED_MESSAGE,
  DEFAULT_MIN_VALIDITY_S,
  DEFAULT_REFRESH_FAILED_MESSAGE,
  LEFTOVER_CODE_TIMEOUT_MS,
  PROACTIVE_RETRY_MS,
} from './constants.ts'
import { browserEnvironment, type SsoEnvironment } from './environment.ts'
import { createRandomToken } from './pkce.ts'
import { OneShotTimer, proactiveRefreshDelayMs } from './proactive-refresh.ts'
import { RefreshCoordinator } from './refresh-coordinator.ts'
import {
  isAuthenticationError,
  NoSessionError,
  postGoogleOneTap,
  postLogout,
  postRefresh,
  RefreshRejectedError,
} from './sign-on-calls.ts'
import { AuthStore, SERVER_SNAPSHOT } from './auth-store.ts'
import { readTokensNews, TabChannel } from './tab-channel.ts'
import {
  AFTER_ERROR_PARAMS,
  AFTER_EXCHANGE_PARAMS,
  accountUrlFor,
  resolveAppUrl,
  withoutParams,
} from './urls.ts'

export { AUTHENTICATION_ERRORS, isAuthenticationError } from './sign-on-calls.ts'

/**
 * The framework-free sign-on client behind `SSOProvider`: spec §4 transitions, PKCE login, code exchange,
 * cookie refresh (serialised across tabs), proactive refresh, logout, role checks. One instance per page.
 */
export class SsoClient {
  readonly config: SsoConfig
  private readonly environmentOverrides: Partial<SsoEnvironment>
  private environment: SsoEnvironment | undefined
  private readonly store = new AuthStore((error) => this.env.logger.error(error))
  private readonly tabId = createRandomToken()
  private initPromise: Promise<boolean> | undefined
  private readonly refreshes: RefreshCoordinator
  /** When the current tokens were obtained (or cleared), in this tab or the tab that broadcast them. */
  private tokensObtainedAt = 0
  private readonly channel: TabChannel
  private started = false
  private readonly proactiveTimer = new OneShotTimer()
  private readonly leftoverTimer = new OneShotTimer()

  constructor(config: SsoConfig, environment: Partial<SsoEnvironment> = {}) {
    assertSsoConfig(config)
    this.config = config
    this.environmentOverrides = environment
    this.refreshes = new RefreshCoordinator(() => this.env, {
      lock: `loa-sso-refresh:${config.clientId}`,
      marker: `loa-sso-refreshed:${config.clientId}`,
      owner: this.tabId,
    })
    this.channel = new TabChannel(`loa-sso:${config.clientId}`, this.tabId)
  }

  private get env(): SsoEnvironment {
    this.environment ??= { ...browserEnvironment(), ...this.environmentOverrides }
    return this.environment
  }

  /** Name, Domain and Secure flag of the challenge cookie on this page. */
  cookieScope = (): CookieScope => cookieScopeFor(this.config, this.env.currentUrl())

  getSnapshot = (): SsoSnapshot => this.store.get()

  getServerSnapshot = (): SsoSnapshot => SERVER_SNAPSHOT

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener)

  /** Called with the tokens after every sign-in/refresh and with null when they are cleared. */
  onTokens = (listener: TokensListener): (() => void) => this.store.onTokens(listener)

  private get snapshot(): SsoSnapshot {
    return this.store.get()
  }

  private applyAuth(
    auth: AuthState,
    tokens: TokenSet,
    broadcast: boolean,
    obtainedAt = this.env.now(),
  ): void {
    this.tokensObtainedAt = Math.max(this.tokensObtainedAt, obtainedAt)
    this.store.set({ auth, error: null })
    this.store.emitTokens(tokens)
    this.scheduleProactiveRefresh()
    if (broadcast) {
      this.post({ type: 'tokens', from: this.tabId, at: obtainedAt, tokens, timeSkew: auth.timeSkew })
    }
    this.refreshes.tokensApplied()
  }

  private clearAuth(error: string | null): void {
    const wasAuthenticated = this.snapshot.auth.authenticated
    this.tokensObtainedAt = Math.max(this.tokensObtainedAt, this.env.now())
    this.proactiveTimer.clear()
    this.store.set({ auth: unauthenticatedState(), error })
    if (wasAuthenticated) this.store.emitTokens(null)
  }

  private post(message: ChannelMessage): void {
    this.channel.post(message, (error) => this.env.logger.warn(error))
  }

  /**
   * Attaches the client to the page: the on-load behaviour of spec §4 (once per client), the leftover-code
   * timer, the cross-tab channel and the proactive refresh timer. Returns the function that detaches it
   * (timers, channel); calling `start` again re-attaches without repeating the on-load behaviour.
   */
  start = (): (() => void) => {
    const env = this.env
    this.started = true
    this.channel.open(
      env,
      (message) => this.onChannelMessage(message),
      (error) => env.logger.warn(error),
    )
    if (new URL(env.currentUrl()).searchParams.has('code')) {
      this.leftoverTimer.set(() => this.removeLeftoverCode(), LEFTOVER_CODE_TIMEOUT_MS)
    }
    this.initPromise ??= this.init()
    this.scheduleProactiveRefresh()
    return () => {
      this.started = false
      this.proactiveTimer.clear()
      this.leftoverTimer.clear()
      this.channel.close()
    }
  }

  /** Resolves with `authenticated` once the on-load check has finished (starts it if needed). */
  ready(): Promise<boolean> {
    this.initPromise ??= this.init()
    return this.initPromise
  }

  private removeLeftoverCode(): void {
    const href = this.env.currentUrl()
    if (!new URL(href).searchParams.has('code')) return
    this.env.replaceUrl(withoutParams(href, CALLBACK_PARAMS))
    this.env.reload()
  }

  private async init(): Promise<boolean> {
    if (!this.config.options.useSSO) {
      this.store.set({ auth: unauthenticatedState(), error: null })
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
    this.store.set({ auth: unauthenticatedState(), error })
    return false
  }

  /** A returned `code`: exchanged when a fresh challenge record of this client exists and `state` matches. */
  private async handleCode(code: string, url: URL): Promise<boolean> {
    const outcome = await exchangeCode(this.env, this.config, this.cookieScope(), code, url)
    if (outcome.kind !== 'signed-in') {
      if (outcome.kind === 'failed') this.env.logger.error(outcome.log)
      this.store.set({
        auth: unauthenticatedState(),
        error: outcome.kind === 'failed' ? outcome.error : null,
      })
      return false
    }
    // State is written (tokens applied, listeners told, other tabs told) before the address changes and reloads.
    this.applyAuth(outcome.auth, outcome.tokens, true)
    this.env.replaceUrl(withoutParams(this.env.currentUrl(), AFTER_EXCHANGE_PARAMS))
    this.env.reload()
    return true
  }

  private async refreshFromNetwork(): Promise<void> {
    const { auth, tokens } = await postRefresh(this.env, this.config)
    this.refreshes.markRefreshed()
    this.applyAuth(auth, tokens, true)
    removeChallengeRecord(this.env.cookies, this.cookieScope())
  }

  private refreshSerialised(): Promise<void> {
    return this.refreshes.run(() => this.refreshFromNetwork())
  }

  /** A failed refresh: logged (a warning when there was no session), unauthenticated; with autoLogin, redirects. */
  private onRefreshFailed(failure: unknown): void {
    const message =
      failure instanceof Error && failure.message ? failure.message : DEFAULT_REFRESH_FAILED_MESSAGE
    this.env.logger[failure instanceof NoSessionError ? 'warn' : 'error'](message)
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

  /** Schedules a refresh PROACTIVE_REFRESH_MARGIN_S (at most a third of the lifetime) before expiry. */
  private scheduleProactiveRefresh(delayOverrideMs?: number): void {
    this.proactiveTimer.clear()
    const auth = this.snapshot.auth
    if (!this.started || !auth.authenticated) return
    const due = proactiveRefreshDelayMs(auth, this.env.now())
    if (due === undefined) return
    this.proactiveTimer.set(() => {
      // forced: the timer is due; another tab's fresher tokens would have re-scheduled it
      this.updateToken(-1).catch(() => {
        const current = this.snapshot.auth
        if (current.authenticated && !isTokenExpired(current, 0, this.env.now())) {
          this.scheduleProactiveRefresh(PROACTIVE_RETRY_MS)
        }
      })
    }, delayOverrideMs ?? due)
  }

  private onChannelMessage(message: ChannelMessage): void {
    // messages are delivered asynchronously: never let older news replace newer tokens (or a logout)
    if (message.at < this.tokensObtainedAt) return
    if (message.type === 'logout') {
      this.clearAuth(null)
      return
    }
    const news = readTokensNews(message, this.env.now())
    if (news) this.applyAuth(news.auth, news.tokens, false, message.at)
  }

  /** Saves a fresh challenge record and returns the `{ssoUrl}/authorize` address (without navigating). */
  createLoginUrl = (action: AuthAction, options: LoginOptions = {}): Promise<string> =>
    createLoginUrl(this.env, this.config, this.cookieScope(), action, options)

  private async redirectToAuthorize(action: AuthAction, options: LoginOptions): Promise<void> {
    this.env.redirect(await this.createLoginUrl(action, options))
  }

  login = (options: LoginOptions = {}): Promise<void> => this.redirectToAuthorize('login', options)

  signup = (options: LoginOptions = {}): Promise<void> => this.redirectToAuthorize('signup', options)

  /** The sign-on entry point for one of the spec's auth modes (login, sign_up, sign_in). */
  authenticate = (mode: AuthMode, options: LoginOptions = {}): Promise<void> =>
    this.redirectToAuthorize(actionForMode(mode), options)

  /** Redirects to `{ssoApiUrl}/api/v1/auth/{provider}` (provider: letters, digits, dashes). */
  socialLogin = async (provider: string, options: SocialLoginOptions = {}): Promise<void> => {
    this.env.redirect(
      await createSocialLoginUrl(this.env, this.config, this.cookieScope(), provider, options),
    )
  }

  /**
   * `POST {ssoApiUrl}/api/v1/auth/google-one-tap {clientId, token, affiliateCode}`. On status 1 the returned
   * tokens are applied (or, without tokens, the session cookie is refreshed). Resolves with the answer, or the
   * error body of a failed call.
   */
  googleOneTap = async ({ token, affiliateCode }: GoogleOneTapOptions): Promise<unknown> => {
    const started = this.env.now()
    const answer = await postGoogleOneTap(this.env, this.config, { token, affiliateCode })
    if (!answer.ok) {
      this.env.logger.error(answer.message)
      this.store.set({ ...this.snapshot, error: answer.message })
      return answer.body
    }
    if (readStatus(answer.data) !== 1) return answer.data
    const tokens = readTokenSet(answer.data)
    try {
      if (tokens) this.applyAuth(buildAuthState(tokens, (started + this.env.now()) / 2), tokens, true)
      else await this.refreshSerialised()
    } catch (failure) {
      this.onRefreshFailed(failure)
    }
    return answer.data
  }

  /**
   * `POST {ssoApiUrl}/api/v1/logout {clientId, fingerprint, redirectUri}`; succeeds only on status 1, then clears
   * the tokens (in every tab) and redirects to `redirectUri`. Otherwise rejects with "Logout failed".
   */
  logout = async ({ fingerprint, redirectUri }: LogoutOptions): Promise<void> => {
    const scope = this.cookieScope()
    const target = resolveAppUrl(redirectUri, this.env.currentUrl(), scope.domain)
    try {
      await postLogout(this.env, this.config, { fingerprint, redirectUri: target })
    } catch (failure) {
      this.env.logger.error(DEFAULT_LOGOUT_FAILED_MESSAGE)
      this.store.set({ ...this.snapshot, error: DEFAULT_LOGOUT_FAILED_MESSAGE })
      throw failure
    }
    this.clearAuth(null)
    removeChallengeRecord(this.env.cookies, scope)
    this.post({ type: 'logout', from: this.tabId, at: this.env.now() })
    this.env.redirect(target)
  }

  /** `myAccountUrl` (if an absolute http(s) address) or `{ssoUrl}/profile`, with the `client_id` parameter. */
  accountUrl = (): string => accountUrlFor(this.config)

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
