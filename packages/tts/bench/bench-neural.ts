/**
 * `npm run bench:neural [-- --voice CODE] [--medium] [--chars N]` — a neural (piper) voice through the full
 * pipeline on one worker thread: real-time factor (compute time / audio time), time to the first chunk (cold:
 * session loaded by that request; warm: loaded), and peak memory of the process with one worker, against its
 * memory before the voice was first used. Default voice: the tiny Piper-shaped test voice (figures then
 * measure the pipeline, not a real model); `--medium`: the medium-size Piper-shaped voice that
 * `test/piper/build-medium-voice.mjs` builds into $TMPDIR/loa-piper-medium (~59 MB, a Piper medium VITS
 * decoder's shape and weight: the figures say what a real medium voice costs); an installed voice
 * (`loa voices install …`) by its code, from ./data/voices or `--dir DIR`. Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createSynthesisPool,
  getVoice,
  setVoicesDir,
  synthesizeStream,
  type SynthesisPool,
} from '../src/index.ts'
import { MEDIUM_VOICE, writeMediumVoice } from '../test/piper/build-medium-voice.mjs'
import { benchText } from './bench-text.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const TINY_DIR = path.join(here, '..', 'test', 'piper', 'voices')
const TINY_VOICE = 'vi_VN-tiny-x_low'

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const rssMb = (): number => Math.round(process.memoryUsage().rss / 2 ** 20)

/** Streams `text` and returns the time to the first chunk and in all, and the audio's length. */
const stream = async (pool: SynthesisPool, voice: string, text: string) => {
  const started = performance.now()
  const cpu = process.cpuUsage()
  let first = 0
  const s = synthesizeStream({ text, voice, format: 'mp3', bitrate: 64, cache: false, pool })
  for await (const _ of s) first ||= performance.now() - started
  const summary = await s.summary
  const used = process.cpuUsage(cpu)
  return {
    firstMs: Math.round(first),
    ms: performance.now() - started,
    // CPU time of the whole process (the worker and its ONNX thread included): what the voice costs whatever
    // else the machine runs, where the wall-clock figures rise with the machine's load.
    cpuMs: (used.user + used.system) / 1000,
    audioMs: summary.durationMs,
  }
}

/** The measuring child: one worker, so that its peak memory is one worker's. */
const child = async (voiceDir: string | undefined, voice: string, chars: number): Promise<void> => {
  if (voiceDir) setVoicesDir(voiceDir)
  const engine = getVoice(voice).engine.piper ? 'piper' : 'espeak'
  const pool = createSynthesisPool({ size: 1 })
  await pool.warmup()
  const baseline = rssMb()
  const cold = await stream(pool, voice, 'Xin chào, đây là giọng đọc thử.')
  const warm = await stream(pool, voice, 'Hôm nay trời đẹp, chúng ta đi dạo nhé.')
  const long = await stream(pool, voice, benchText(chars))
  await pool.close()
  console.log(
    JSON.stringify({
      voice,
      engine,
      characters: chars,
      audioSeconds: Math.round(long.audioMs / 100) / 10,
      realTimeFactor: Math.round((long.ms / long.audioMs) * 1000) / 1000,
      cpuRealTimeFactor: Math.round((long.cpuMs / long.audioMs) * 1000) / 1000,
      loadAverage1m: Math.round(os.loadavg()[0]! * 10) / 10,
      firstChunkColdMs: cold.firstMs,
      firstChunkWarmMs: warm.firstMs,
      firstChunkLongTextMs: long.firstMs,
      rssBeforeVoiceMb: baseline,
      peakRssOneWorkerMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  )
}

if (process.argv.includes('--child')) {
  await child(arg('dir'), arg('voice')!, Number(arg('chars')))
} else {
  const medium = process.argv.includes('--medium')
  const voice = medium ? MEDIUM_VOICE : (arg('voice') ?? TINY_VOICE)
  const chars = Number(arg('chars') ?? 2000)
  const dir = medium ? path.dirname(writeMediumVoice()) : arg('voice') ? arg('dir') : TINY_DIR
  const args = [...(dir ? ['--dir', dir] : []), '--voice', voice, '--chars', String(chars), '--child']
  console.log(
    `bench:neural — ${voice}, ${chars} characters, one worker thread (the machine's other load counts)`,
  )
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
  const figures = JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, unknown>
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(22)} ${String(v)}`)
}
