/**
 * `npm run bench:tts -- --profile`: where the time to the first streamed chunk goes (warm pool).
 * - A trace of the real streaming path: every pool task with its send → reply times, relative to the
 *   request, until the first chunk is handed out (medians over the repetitions).
 * - The same steps timed alone on an idle pool: pool round trip, prepare of the first chunk, render of the
 *   first unit, MP3 encode of its block, and one espeak-ng process spawned directly (no pool).
 * Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process'
import { splitIntoChunks } from '../src/pipeline/chunks.ts'
import {
  DEFAULT_PAUSES,
  getVoice,
  resolveOptions,
  synthesizeStream,
  type EnginePreference,
  type SynthesisPool,
} from '../src/index.ts'

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const f1 = (n: number): string => `${n.toFixed(1)} ms`
const idle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * Waits until the work left by an abandoned stream is done (a task queued behind it on every worker has
 * answered), then a little more: "warm" means a warm, idle pool.
 */
export const drain = async (pool: SynthesisPool, engine: EnginePreference): Promise<void> => {
  await Promise.all(
    Array.from({ length: pool.size }, (_, i) => pool.run('engine', { engine }, { worker: i })),
  )
  await idle(300)
}

interface TraceEvent {
  type: string
  sent: number
  replied?: number
}

/** A pool that records when each task is sent and answered (relative to `t0`). */
const tracing = (pool: SynthesisPool, events: TraceEvent[], t0: () => number): SynthesisPool => ({
  ...pool,
  run(type, payload, options) {
    const event: TraceEvent = { type, sent: performance.now() - t0() }
    events.push(event)
    const p = pool.run(type, payload, options)
    p.then(
      () => (event.replied = performance.now() - t0()),
      () => undefined,
    )
    return p
  },
  engineInfo: (preference) => pool.engineInfo(preference),
  leastBusy: (except) => pool.leastBusy(except),
})

const timeTask = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now()
  const v = await fn()
  return [v, performance.now() - t]
}

/** One espeak-ng process for `ssml`, spawned from the main thread: spawn + synthesis + exit. */
const spawnEspeak = (ssml: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const t = performance.now()
    const child = spawn('espeak-ng', ['-m', '--stdin', '-z', '-b', '1', '-v', 'vi+f3', '--stdout'])
    child.stdout.resume()
    child.on('error', reject)
    child.on('close', () => resolve(performance.now() - t))
    child.stdin.end(ssml)
  })

export const profileFirstChunk = async (
  pool: SynthesisPool,
  engine: EnginePreference,
  text: string,
  voiceCode: string,
  bitrate: number,
  repetitions = 7,
): Promise<void> => {
  const voice = getVoice(voiceCode)
  const opts = resolveOptions({ voice: voiceCode, bitrate })
  const info = await pool.warmup(engine)
  console.log(`\nfirst-chunk profile [${info.id}] (warm, median of ${repetitions})`)

  // 1. The real path, traced.
  const firsts: number[] = []
  const rows = new Map<string, { sent: number[]; replied: number[] }>()
  for (let r = 0; r < repetitions; r++) {
    await drain(pool, engine)
    const events: TraceEvent[] = []
    let start = 0
    const traced = tracing(pool, events, () => start)
    start = performance.now()
    const stream = synthesizeStream({ text, voice: voiceCode, bitrate, cache: false, pool: traced, engine })
    for await (const _ of stream) break
    const first = performance.now() - start
    firsts.push(first)
    const seen = new Map<string, number>()
    for (const e of events) {
      if (e.sent > first) continue
      const n = (seen.get(e.type) ?? 0) + 1
      seen.set(e.type, n)
      const key = `${e.type} #${n}`
      const row = rows.get(key) ?? { sent: [], replied: [] }
      row.sent.push(e.sent)
      row.replied.push(e.replied !== undefined && e.replied <= first + 0.5 ? e.replied : Number.NaN)
      rows.set(key, row)
    }
  }
  console.log('  pool tasks sent before the first chunk (ms after the request; "—" = still running):')
  for (const [key, row] of [...rows].sort((a, b) => median(a[1].sent) - median(b[1].sent))) {
    const done = row.replied.filter((x) => !Number.isNaN(x))
    const replied = done.length > row.replied.length / 2 ? f1(median(done)) : '—'
    console.log(
      `    ${key.padEnd(18)} sent ${f1(median(row.sent)).padStart(9)}   replied ${replied.padStart(9)}`,
    )
  }
  console.log(
    `  first chunk handed out:  ${f1(median(firsts))}  (all: ${firsts.map((x) => x.toFixed(0)).join(', ')})`,
  )

  // 2. Each step alone on an idle pool.
  const chunk = splitIntoChunks(text)[0]!
  const steps = new Map<string, number[]>()
  const add = (name: string, ms: number): void => void steps.set(name, [...(steps.get(name) ?? []), ms])
  for (let r = 0; r < repetitions; r++) {
    await idle(300)
    add('main: split into chunks', (await timeTask(async () => splitIntoChunks(text)))[1])
    add('pool round trip (engine)', (await timeTask(() => pool.run('engine', { engine })))[1])
    const [prepared, tPrepare] = await timeTask(() =>
      pool.run('prepare', {
        text: text.slice(chunk.start, chunk.end),
        region: voice.region,
        dictionary: [],
        pauses: DEFAULT_PAUSES,
      }),
    )
    add(`prepare first chunk (${chunk.end - chunk.start} chars)`, tPrepare)
    const first = prepared.segments.find((s) => s.kind === 'speech')!
    const input = { text: first.text, clausePauses: first.clausePauses }
    const [units, tRender] = await timeTask(() =>
      pool.run('render-batch', {
        inputs: [input],
        voice: voice.engine,
        speed: 1,
        sampleRate: opts.sampleRate,
        normalizeVolume: true,
        engine,
        engineOptions: pool.engineOptions,
      }),
    )
    add(`render first unit (${first.text.length} chars)`, tRender)
    const pcm = units[0]!.pcm
    const audioMs = (pcm.length / opts.sampleRate) * 1000
    const settings = { format: 'mp3' as const, sampleRate: opts.sampleRate, bitrate }
    const head = pcm.slice(0, opts.sampleRate / 2)
    const session = `profile-${r}`
    await pool.run('encode-open', { session, settings }, { worker: 0 })
    const [, tHead] = await timeTask(() =>
      pool.run('encode', { session, pcm: head }, { worker: 0, transfer: [head.buffer as ArrayBuffer] }),
    )
    await pool.run('encode-close', { session, flush: false }, { worker: 0 })
    add('encode its first half second (session)', tHead)
    const [, tEncode] = await timeTask(() =>
      pool.run(
        'encode-block',
        { settings: { format: 'mp3', sampleRate: opts.sampleRate, bitrate }, pcm },
        { transfer: [pcm.buffer as ArrayBuffer] },
      ),
    )
    add(`encode its MP3 block (≈${(audioMs / 1000).toFixed(1)} s of audio)`, tEncode)
    if (info.id === 'espeak-native') add('espeak-ng process from main', await spawnEspeak(first.text))
  }
  console.log('  steps alone on an idle pool:')
  for (const [name, xs] of steps) console.log(`    ${name.padEnd(44)} ${f1(median(xs)).padStart(9)}`)
}
