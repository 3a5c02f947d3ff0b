import { isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { flags, type Db } from '@loa/db'

export interface KeyVersion {
  key: string
  version: string
}

/**
 * Detects payload changes by reading every client key's `dateUpdated` from the database every `pollMs`
 * (and at once after a local write). The database is the only shared state, so a change written by any
 * replica (or by the CLI with the database opened directly) reaches the SSE clients of every replica.
 */
export class ChangeWatcher {
  private readonly versions = new Map<string, string>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
    private readonly onChange: (changed: KeyVersion[]) => void,
    private readonly log?: FastifyBaseLogger,
    /** Keys archived (or deleted) since the last check. */
    private readonly onRemoved: (keys: string[]) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    await this.check()
    this.schedule()
  }

  private schedule(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      void this.poke().finally(() => this.schedule())
    }, this.pollMs)
    this.timer.unref()
  }

  /** Checks now (coalescing concurrent calls); resolves after the check that covers this call. */
  poke(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      try {
        do {
          this.again = false
          await this.check()
        } while (this.again && !this.stopped)
      } finally {
        this.running = undefined
      }
    })()
    return this.running
  }

  private async check(): Promise<void> {
    let rows: { key: string; dateUpdated: Date }[]
    try {
      rows = await this.db
        .select({ key: flags.flagClientKeys.key, dateUpdated: flags.flagClientKeys.dateUpdated })
        .from(flags.flagClientKeys)
        .where(isNull(flags.flagClientKeys.archivedAt))
    } catch (error) {
      if (!this.stopped) this.log?.warn({ err: error }, 'flags change check failed')
      return
    }
    const changed: KeyVersion[] = []
    for (const row of rows) {
      const version = row.dateUpdated.toISOString()
      const known = this.versions.get(row.key)
      this.versions.set(row.key, version)
      if (known !== undefined && known !== version) changed.push({ key: row.key, version })
    }
    const present = new Set(rows.map((r) => r.key))
    const removed = [...this.versions.keys()].filter((k) => !present.has(k))
    for (const key of removed) this.versions.delete(key)
    if (changed.length && !this.stopped) this.onChange(changed)
    if (removed.length && !this.stopped) this.onRemoved(removed)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
  }
}
