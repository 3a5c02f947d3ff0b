/**
 * Long-lived eSpeak speakers (a native process or a WebAssembly thread in line mode), kept per set of
 * command-line arguments (voice, rate, pitch): at most `maxKeys` sets (the least recently used one stops
 * beyond), `perKey` speakers for one set (a busy one gets a sibling), and a speaker idle for `idleMs` stops.
 */
import { buildSsml } from './ssml.ts'
import type { EngineInput, EngineSettings, EngineVoice } from './types.ts'
import type { VoiceEngineMapping } from '../voices.ts'

/** eSpeak reads lines with `fgets` into 1,000 bytes (newline included): longer lines would be cut. */
const MAX_LINE_BYTES = 990

/** Command-line arguments of a speaker in line mode (no text: it reads stdin line by line). */
export const lineModeArgs = (
  voice: Pick<VoiceEngineMapping, 'espeakVoice' | 'variant'>,
  settings: Pick<EngineSettings, 'rate' | 'pitch'>,
): string[] => [
  '-m',
  '-z',
  '-b',
  '1',
  '-v',
  `${voice.espeakVoice}+${voice.variant}`,
  '-s',
  String(Math.round(settings.rate)),
  '-p',
  String(Math.round(settings.pitch)),
  '--stdout',
]

/** The unit's SSML on one line, or undefined when it is too long for one. */
export const unitLine = (input: EngineInput): string | undefined => {
  const line = buildSsml(input).ssml.replace(/[\r\n]+/g, ' ')
  return Buffer.byteLength(line) <= MAX_LINE_BYTES ? line : undefined
}

/** The voices in the espeak-ng command line's `--voices=vi` listing (a header line, then one voice a line). */
export const parseVoiceList = (lines: readonly string[]): EngineVoice[] =>
  lines
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 5)
    .map((cols) => ({ id: cols[4]!.replace(/^.*\//, ''), name: cols[3]!, languages: [cols[1]!] }))

export interface Speaker {
  readonly dead: boolean
  /** Units waiting for their audio. */
  readonly pending: number
  close(): void
}

export interface SpeakerLimits {
  maxKeys: number
  perKey: number
  idleMs: number
}

interface Kept<S> {
  speaker: Promise<S>
  lastUsed: number
}

/** Closes the speakers of `list` once they have started (one that failed to start has nothing to close). */
const stopAll = (list: readonly Kept<Speaker>[]): void => {
  for (const k of list)
    void k.speaker.then(
      (s) => s.close(),
      () => undefined,
    )
}

export class Speakers<S extends Speaker> {
  private readonly byKey = new Map<string, Kept<S>[]>()
  private sweeper: NodeJS.Timeout | undefined

  constructor(
    private readonly start: (args: readonly string[]) => S | Promise<S>,
    private readonly limits: SpeakerLimits,
  ) {}

  /** A speaker for these arguments: an idle one, a new one, or the least busy one. */
  async get(args: readonly string[]): Promise<S> {
    const key = args.join('\0')
    const kept = this.byKey.get(key) ?? []
    this.byKey.delete(key)
    this.byKey.set(key, kept)
    for (const [old, list] of this.byKey) {
      if (this.byKey.size <= this.limits.maxKeys) break
      this.byKey.delete(old)
      stopAll(list)
    }
    const ready: { k: Kept<S>; s: S }[] = []
    for (const k of [...kept]) {
      const s = await k.speaker.catch(() => undefined)
      if (!s || s.dead) kept.splice(kept.indexOf(k), 1)
      else ready.push({ k, s })
    }
    let pick = ready.find((r) => r.s.pending === 0)
    if (!pick && kept.length < this.limits.perKey) {
      const k: Kept<S> = { speaker: Promise.resolve(this.start(args)), lastUsed: 0 }
      kept.push(k)
      pick = { k, s: await k.speaker }
    }
    pick ??= ready.reduce((a, b) => (b.s.pending < a.s.pending ? b : a))
    pick.k.lastUsed = Date.now()
    this.sweep()
    return pick.s
  }

  closeAll(): void {
    if (this.sweeper) clearTimeout(this.sweeper)
    for (const list of this.byKey.values()) stopAll(list)
    this.byKey.clear()
  }

  /** Stops speakers idle for `idleMs` (checked while any are kept). */
  private sweep(): void {
    if (this.sweeper) return
    this.sweeper = setTimeout(() => {
      this.sweeper = undefined
      const now = Date.now()
      for (const [key, list] of this.byKey) {
        for (const k of [...list]) {
          void k.speaker.then(
            (s) => {
              if (s.pending === 0 && now - k.lastUsed >= this.limits.idleMs) {
                s.close()
                list.splice(list.indexOf(k), 1)
                if (list.length === 0 && this.byKey.get(key) === list) this.byKey.delete(key)
              }
            },
            () => undefined,
          )
        }
      }
      if (this.byKey.size > 0) this.sweep()
    }, this.limits.idleMs / 2)
    this.sweeper.unref()
  }
}
