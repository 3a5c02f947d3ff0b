/**
 * `npm run bench:tts` — speed and memory of the speech pipeline on a ~10,000-character Vietnamese text.
 * Prints figures; asserts nothing. Targets: first chunk ≤ 150 ms warm; full pipeline ≤ 1.5× the native
 * baseline (espeak-ng CLI + native MP3 encoder); memory flat in text length.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createEncoder } from '../src/encoders/index.ts'
import { parseWav } from '../src/audio/wav.ts'
import {
  createSynthesisPool,
  probeNativeEspeak,
  synthesize,
  synthesizeStream,
  type EnginePreference,
  type SynthesisPool,
} from '../src/index.ts'
import { benchText } from './bench-text.ts'
import { drain, median, profileFirstChunk } from './first-chunk-profile.ts'

const BITRATE = 64
const VOICE = 'vi-north-female-mai'
const here = path.dirname(fileURLToPath(import.meta.url))
const text = benchText(10_000)
const work = mkdtempSync(path.join(tmpdir(), 'loa-bench-'))

/** User + system CPU ms of one /proc stat line; `reaped` adds its waited-for children's (cutime, cstime). */
const statCpuMs = (stat: string, reaped: boolean): number => {
  const fields = stat.split(') ')[1]!.split(' ')
  // utime, stime, cutime, cstime are fields 14–17 (1-based, counting pid and comm), in ticks of 10 ms.
  return (reaped ? [11, 12, 13, 14] : [11, 12]).reduce((sum, i) => sum + Number(fields[i]), 0) * 10
}

/** A running child's CPU ms; 0 when it has just ended (then it counts as reaped). */
const childCpuMs = (pid: string): number => {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'), false)
  } catch {
    return 0
  }
}

/**
 * CPU ms of this process (all threads), of its reaped children, and of its children still running — the pool's
 * line-mode `espeak-ng` processes live as long as the pool, so counting reaped children only (as the baseline's
 * `espeak-ng` and `ffmpeg` runs are) left the native engine's own CPU out of the pipeline's figure. A child running
 * at both readings counts its difference; one reaped in between moves its whole CPU to cutime, less what the first
 * reading saw of it. From /proc (Linux).
 */
const cpuMs = (): number => {
  try {
    let total = statCpuMs(readFileSync('/proc/self/stat', 'utf8'), true)
    for (const task of readdirSync('/proc/self/task'))
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        total += childCpuMs(pid)
    return total
  } catch {
    return Number.NaN
  }
}

const ms = (n: number): string => `${Math.round(n).toLocaleString('en-US')} ms`
const has = (bin: string): boolean => spawnSync(bin, ['-version'], { stdio: 'ignore' }).error === undefined
const time = <T>(fn: () => T): [T, number] => {
  const t = performance.now()
  const v = fn()
  return [v, performance.now() - t]
}

const fullPipeline = async (pool: SynthesisPool, engine: EnginePreference): Promise<number> => {
  const t = performance.now()
  const r = await synthesize({ text, voice: VOICE, bitrate: BITRATE, cache: false, pool, engine })
  const elapsed = performance.now() - t
  if (r.audio.length < 1000) throw new Error('no audio')
  return elapsed
}

const firstChunk = async (pool: SynthesisPool, engine: EnginePreference): Promise<number> => {
  const t = performance.now()
  const stream = synthesizeStream({ text, voice: VOICE, bitrate: BITRATE, cache: false, pool, engine })
  let first = 0
  for await (const _ of stream) {
    first ||= performance.now() - t
    break
  }
  return first
}

/** `--profile [--reps=N] [--engine=E]`: only the breakdown of the first streamed chunk. */
const profile = async (): Promise<void> => {
  const arg = (name: string): string | undefined =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const repetitions = Number(arg('reps') ?? 7)
  const engines = arg('engine') ? [arg('engine') as EnginePreference] : (['auto', 'espeak-wasm'] as const)
  console.log(
    `Loa TTS first-chunk profile — ${text.length.toLocaleString('en-US')} characters, MP3 ${BITRATE} kbps`,
  )
  const pool = createSynthesisPool()
  for (const engine of engines) {
    await pool.warmup(engine)
    await synthesize({ text: 'Khởi động. Xin chào các bạn.', voice: VOICE, pool, engine, cache: false })
    await profileFirstChunk(pool, engine, text, VOICE, BITRATE, repetitions)
  }
  await pool.close()
  rmSync(work, { recursive: true, force: true })
}

const main = async (): Promise<void> => {
  console.log(
    `Loa TTS benchmark — ${text.length.toLocaleString('en-US')} characters, MP3 ${BITRATE} kbps, voice ${VOICE}`,
  )
  const native = await probeNativeEspeak()
  console.log(`native espeak-ng: ${native ?? 'not installed'}; ffmpeg: ${has('ffmpeg') ? 'yes' : 'no'}`)

  // Native baseline: espeak-ng CLI on the raw text, then a native MP3 encoder.
  let baseline: number | undefined
  let baselineCpu: number | undefined
  if (native) {
    const file = path.join(work, 'in.txt')
    writeFileSync(file, text)
    const wav = path.join(work, 'out.wav')
    const runs: number[] = []
    const cpuBefore = cpuMs()
    for (let i = 0; i < 3; i++) {
      const [, tSynth] = time(() => execFileSync('espeak-ng', ['-v', 'vi', '-f', file, '-w', wav]))
      let tEnc = 0
      if (has('ffmpeg')) {
        ;[, tEnc] = time(() =>
          execFileSync('ffmpeg', [
            '-nostdin',
            '-loglevel',
            'error',
            '-y',
            '-i',
            wav,
            '-codec:a',
            'libmp3lame',
            '-b:a',
            `${BITRATE}k`,
            path.join(work, 'out.mp3'),
          ]),
        )
      }
      runs.push(tSynth + tEnc)
      if (i === 0) console.log(`  baseline run: espeak-ng ${ms(tSynth)} + ffmpeg MP3 ${ms(tEnc)}`)
    }
    baseline = median(runs)
    baselineCpu = (cpuMs() - cpuBefore) / 3
    console.log(
      `native baseline (espeak-ng + ffmpeg):      ${ms(baseline)} wall (median of 3), ${ms(baselineCpu)} CPU`,
    )
  }

  const pool = createSynthesisPool()
  console.log(`worker pool: ${pool.size} threads`)
  for (const engine of ['auto', 'espeak-wasm'] as const) {
    const info = await pool.warmup(engine)
    await synthesize({ text: 'Khởi động. Xin chào các bạn.', voice: VOICE, pool, engine, cache: false })
    const cpuBefore = cpuMs()
    const full = median([await fullPipeline(pool, engine), await fullPipeline(pool, engine)])
    const cpu = (cpuMs() - cpuBefore) / 2
    const ratio = baseline ? ` — ${(full / baseline).toFixed(2)}× native (target ≤ 1.5×)` : ''
    const cpuRatio = baselineCpu ? ` — ${(cpu / baselineCpu).toFixed(2)}× native CPU` : ''
    console.log(`full pipeline [${info.id}] normalize+synth+MP3: ${ms(full)} wall${ratio}`)
    console.log(`  CPU (all threads + espeak processes):     ${ms(cpu)}${cpuRatio}`)
    console.log(
      `  characters per second:                    ${Math.round(text.length / (full / 1000)).toLocaleString('en-US')}`,
    )
    const firsts = []
    for (let i = 0; i < 5; i++) {
      // Let the units still rendering for the abandoned stream finish: measure a request on an idle pool.
      await drain(pool, engine)
      firsts.push(await firstChunk(pool, engine))
    }
    console.log(`  stream first chunk (warm, median of 5):   ${ms(median(firsts))} (target ≤ 150 ms)`)
  }
  await pool.close()

  // MP3 encoders on the same audio.
  if (native) {
    const pcm = parseWav(new Uint8Array(readFileSync(path.join(work, 'out.wav')))).pcm
    for (const kind of ['wasm', 'lamejs'] as const) {
      const encoder = await createEncoder({ format: 'mp3', sampleRate: 22050, bitrate: BITRATE }, kind)
      const [, t] = time(() => {
        encoder.encode(pcm)
        encoder.finish()
      })
      console.log(`MP3 encoder ${kind.padEnd(6)} on ${Math.round(pcm.length / 22050)} s of audio: ${ms(t)}`)
    }
  }

  // Peak memory: separate processes, 10k vs 50k characters, streaming.
  for (const n of [10_000, 50_000]) {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'memory-probe.ts'), String(n)],
      {
        encoding: 'utf8',
      },
    )
    const r = JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>
    console.log(
      `peak RSS streaming ${r.characters!.toLocaleString('en-US')} chars: ${r.peakRssMb} MB ` +
        `(${ms(r.ms!)}, ${r.audioSeconds} s of audio, ${Math.round(r.mp3Bytes! / 1024)} KiB MP3)`,
    )
  }
  rmSync(work, { recursive: true, force: true })
}

await (process.argv.includes('--profile') ? profile() : main())
