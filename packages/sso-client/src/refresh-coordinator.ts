import { SHARED_TOKENS_WAIT_MS } from './constants.ts'
import type { SsoEnvironment } from './environment.ts'
import { withCrossTabLock } from './refresh-lock.ts'

/**
 * One refresh at a time: concurrent callers in a tab share the in-flight promise; tabs queue on a cross-tab lock,
 * and a tab that obtains the lock after another tab refreshed adopts that tab's tokens (broadcast) instead of
 * presenting the already-rotated refresh token again (rotation would revoke the family).
 */
export class RefreshCoordinator {
  /** Bumped whenever tokens are applied (here or from another tab). */
  private generation = 0
  private waiters: Array<() => void> = []
  private inflight: Promise<void> | undefined

  constructor(
    private readonly env: () => SsoEnvironment,
    private readonly names: { lock: string; marker: string; owner: string },
  ) {}

  /** Tokens were applied: wakes whoever waits for another tab's tokens. */
  tokensApplied(): void {
    this.generation += 1
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }

  /** Tells the other tabs that this tab just refreshed (so that they wait for its broadcast instead). */
  markRefreshed(): void {
    const env = this.env()
    try {
      env.storage?.setItem(this.names.marker, JSON.stringify({ at: env.now(), by: this.names.owner }))
    } catch {
      // storage unavailable: other tabs simply refresh on their own
    }
  }

  /** Runs `refresh` under the cross-tab lock unless tokens arrive meanwhile; callers in this tab share it. */
  run(refresh: () => Promise<void>): Promise<void> {
    if (this.inflight) return this.inflight
    const env = this.env()
    const requestedAt = env.now()
    const generation = this.generation
    const run = withCrossTabLock(
      this.names.lock,
      { locks: env.locks, storage: env.storage, now: () => env.now(), owner: this.names.owner },
      async () => {
        if (this.generation !== generation) return
        if (this.otherTabRefreshedSince(requestedAt)) {
          if (await this.waitForGenerationChange(generation, SHARED_TOKENS_WAIT_MS)) return
        }
        await refresh()
      },
    )
    const inflight = run.finally(() => {
      if (this.inflight === inflight) this.inflight = undefined
    })
    this.inflight = inflight
    return inflight
  }

  private otherTabRefreshedSince(requestedAt: number): boolean {
    try {
      const raw = this.env().storage?.getItem(this.names.marker)
      if (!raw) return false
      const marker = JSON.parse(raw) as { at?: unknown; by?: unknown }
      return typeof marker.at === 'number' && marker.at >= requestedAt && marker.by !== this.names.owner
    } catch {
      return false
    }
  }

  private waitForGenerationChange(generation: number, timeoutMs: number): Promise<boolean> {
    if (this.generation !== generation) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.generation !== generation), timeoutMs)
      this.waiters.push(() => {
        clearTimeout(timer)
        resolve(true)
      })
    })
  }
}
