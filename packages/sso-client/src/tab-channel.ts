import { buildAuthState, readTokenSet, type AuthState, type TokenSet } from './auth-state.ts'
import type { ChannelMessage } from './client-types.ts'
import type { ChannelLike, SsoEnvironment } from './environment.ts'

/** The tokens another tab broadcast, decoded (with that tab's time skew); undefined when unusable. */
export function readTokensNews(
  message: unknown,
  now: number,
): { auth: AuthState; tokens: TokenSet } | undefined {
  const { tokens: raw, timeSkew } = message as { tokens?: unknown; timeSkew?: unknown }
  const tokens = readTokenSet(raw)
  if (!tokens) return undefined
  try {
    const auth = buildAuthState(tokens, now)
    if (typeof timeSkew === 'number') auth.timeSkew = timeSkew
    return { auth, tokens }
  } catch {
    return undefined
  }
}

/** The `BroadcastChannel` between this client's tabs: own messages and malformed ones are dropped. */
export class TabChannel {
  private channel: ChannelLike | undefined

  constructor(
    private readonly name: string,
    private readonly tabId: string,
  ) {}

  open(
    env: SsoEnvironment,
    onMessage: (message: ChannelMessage) => void,
    onError: (e: unknown) => void,
  ): void {
    this.channel = env.createChannel?.(this.name)
    if (!this.channel) return
    this.channel.onmessage = (event) => {
      const data: unknown = event.data
      if (typeof data !== 'object' || data === null) return
      const message = data as Partial<ChannelMessage>
      if (message.from === this.tabId || typeof message.at !== 'number') return
      if (message.type !== 'tokens' && message.type !== 'logout') return
      try {
        onMessage(message as ChannelMessage)
      } catch (error) {
        onError(error)
      }
    }
  }

  post(message: ChannelMessage, onError: (e: unknown) => void): void {
    try {
      this.channel?.postMessage(message)
    } catch (error) {
      onError(error)
    }
  }

  close(): void {
    this.channel?.close()
    this.channel = undefined
  }
}
