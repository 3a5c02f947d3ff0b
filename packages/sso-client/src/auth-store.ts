import { INITIAL_AUTH_STATE, type TokenSet } from './auth-state.ts'
import type { SsoSnapshot, TokensListener } from './client-types.ts'

export const SERVER_SNAPSHOT: SsoSnapshot = Object.freeze({ auth: INITIAL_AUTH_STATE, error: null })

/** The client's state for `useSyncExternalStore`, and the token listeners (told after every change of tokens). */
export class AuthStore {
  private snapshot: SsoSnapshot = { auth: INITIAL_AUTH_STATE, error: null }
  private readonly listeners = new Set<() => void>()
  private readonly tokenListeners = new Set<TokensListener>()

  constructor(private readonly logError: (error: unknown) => void) {}

  get = (): SsoSnapshot => this.snapshot

  set(next: SsoSnapshot): void {
    this.snapshot = next
    for (const listener of [...this.listeners]) listener()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  onTokens = (listener: TokensListener): (() => void) => {
    this.tokenListeners.add(listener)
    return () => {
      this.tokenListeners.delete(listener)
    }
  }

  emitTokens(tokens: TokenSet | null): void {
    for (const listener of [...this.tokenListeners]) {
      try {
        listener(tokens)
      } catch (error) {
        this.logError(error)
      }
    }
  }
}
