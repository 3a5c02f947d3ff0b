/**
 * Where this process's voice providers come from (issue #26 §2): `VOICE_PROVIDERS_FILE` (read at start-up, read-only)
 * and the `app.voice_providers` table the /admin Voices screen writes. The file's entries come first and keep their
 * ids and voice codes; a stored provider is spoken through when it is enabled, is well-formed and takes no id or
 * voice code already taken. Keys are never stored: an entry names the environment variable that holds one, read
 * (through the app's config) when a request is sent.
 *
 * The table is re-read by every API and worker: at once by the API replica that saved a change, by the others
 * every `refreshMs` (a read of a few rows). The providers are configured again only when a row changed, so a
 * provider's circuit breaker and queue survive the reads that find nothing new.
 */
import { voiceProviderSchema, type VoiceProviderEntry } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { configureVoiceProviders, type ProviderConfig } from '@loa/tts'
import { asc } from 'drizzle-orm'

/** A row of the table as the screen shows it: the entry when it is well-formed, else why not. */
export interface StoredProvider {
  id: string
  enabled: boolean
  updatedAt: Date
  /** The checked entry; undefined when the row no longer fits the schema (`problem` says why). */
  entry: VoiceProviderEntry | undefined
  raw: Record<string, unknown>
  problem?: string
}

export const readStoredProviders = async (db: Db): Promise<StoredProvider[]> => {
  const rows = await db.select().from(t.voiceProviders).orderBy(asc(t.voiceProviders.id))
  return rows.map((row) => {
    const raw = row.entry as Record<string, unknown>
    const parsed = voiceProviderSchema.safeParse({ ...raw, id: row.id })
    return {
      id: row.id,
      enabled: row.enabled,
      updatedAt: row.updatedAt,
      raw,
      entry: parsed.success ? parsed.data : undefined,
      ...(parsed.success
        ? {}
        : { problem: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }),
    }
  })
}

/** Why a stored provider is not spoken through (besides being disabled), or undefined when it is. */
export const clashOf = (
  entry: VoiceProviderEntry,
  taken: { ids: ReadonlySet<string>; codes: ReadonlySet<string> },
): string | undefined => {
  if (taken.ids.has(entry.id)) return `the id '${entry.id}' is taken`
  const code = entry.voices.find((v) => taken.codes.has(v.code))?.code
  return code ? `the voice code '${code}' is taken` : undefined
}

/** The file's providers, then each enabled, well-formed stored one that clashes with none before it. */
export const mergeProviders = (
  file: readonly ProviderConfig[],
  stored: readonly StoredProvider[],
  keyOf: (name: string) => string | undefined,
): ProviderConfig[] => {
  const merged: ProviderConfig[] = [...file]
  const ids = new Set(file.map((p) => p.id))
  const codes = new Set(file.flatMap((p) => p.voices.map((v) => v.code)))
  for (const row of stored) {
    const entry = row.entry
    if (!row.enabled || !entry || clashOf(entry, { ids, codes })) continue
    ids.add(entry.id)
    for (const v of entry.voices) codes.add(v.code)
    const name = entry.api_key_env
    merged.push(name ? { ...entry, apiKey: () => keyOf(name) } : entry)
  }
  return merged
}

export interface VoiceProviderSource {
  /** The file's providers (read-only on the screen). */
  readonly file: readonly ProviderConfig[]
  /** Reads the table; configures the providers again when a row changed. True when it did. */
  refresh(): Promise<boolean>
  /** Re-reads every `refreshMs` until `stop()`. */
  start(): void
  stop(): void
}

export const createVoiceProviderSource = (deps: {
  db: Db
  file: readonly ProviderConfig[]
  keyOf: (name: string) => string | undefined
  /** How often the table is re-read; 0 = only when `refresh()` is called. */
  refreshMs: number
  /** After the providers were configured again (codes of the voices that are new since the last time). */
  onChange?: (added: ReadonlySet<string>) => Promise<void>
  log?: (message: string, error: unknown) => void
}): VoiceProviderSource => {
  let seen: string | undefined
  let spoken = new Set<string>()
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<boolean> | undefined

  const configure = (providers: readonly ProviderConfig[]): Set<string> => {
    configureVoiceProviders(providers)
    const codes = new Set(providers.flatMap((p) => p.voices.map((v) => v.code)))
    const added = new Set([...codes].filter((c) => !spoken.has(c)))
    spoken = codes
    return added
  }

  const read = async (): Promise<boolean> => {
    const stored = await readStoredProviders(deps.db)
    const fingerprint = JSON.stringify(stored.map((s) => [s.id, s.enabled, s.updatedAt.getTime(), s.raw]))
    if (fingerprint === seen) return false
    seen = fingerprint
    const added = configure(mergeProviders(deps.file, stored, deps.keyOf))
    await deps.onChange?.(added)
    return true
  }

  // One read at a time: a save and a timer tick coming together read once after the other.
  const refresh = (): Promise<boolean> => {
    const next = (running ?? Promise.resolve(false)).catch(() => false).then(read)
    running = next
    return next
  }

  // The file's providers speak from the first request; the first read adds the table's (and reports every voice).
  configureVoiceProviders(deps.file)
  return {
    file: deps.file,
    refresh,
    start() {
      if (deps.refreshMs <= 0 || timer) return
      timer = setInterval(() => {
        refresh().catch((error: unknown) => deps.log?.('voice providers: re-read failed', error))
      }, deps.refreshMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
}
