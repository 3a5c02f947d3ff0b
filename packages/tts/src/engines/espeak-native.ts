/**
 * Native `espeak-ng` (Debian package): one short process per speech unit, SSML on stdin, WAV on stdout.
 * The CLI reports no word events, so word timings are estimated from the audio (see `estimateWordTimings`).
 * One process per thread is kept started for the settings used last: it has loaded its voice and waits
 * for its text on stdin, so the next unit (above all a request's first one) does not wait for a spawn.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { TtsError } from '../errors.ts'
import { parseWav, type ParsedWav } from '../audio/wav.ts'
import { splitOnSeparators, MAX_BATCH_CLAUSE_PAUSE_MS, SEPARATOR_MS } from './batch-split.ts'
import { buildSsml } from './ssml.ts'
import type { EngineFactoryOptions, EngineOutput, EngineVoice, SpeechEngine } from './types.ts'
import { estimateWordTimings } from './words.ts'

interface RunResult {
  stdout: Buffer
  stderr: string
  code: number | null
}

interface Started {
  child: ChildProcessWithoutNullStreams
  result: Promise<RunResult>
}

/** Starts a process; it runs once its stdin is ended. */
const start = (bin: string, args: string[]): Started => {
  const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] })
  const result = new Promise<RunResult>((resolve, reject) => {
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code }),
    )
    child.stdin.on('error', () => undefined)
  })
  return { child, result }
}

const run = (bin: string, args: string[], stdin?: string): Promise<RunResult> => {
  const { child, result } = start(bin, args)
  child.stdin.end(stdin ?? '')
  return result
}

/** Whether a started process keeps this thread alive (a waiting spare must not). */
const hold = (p: Started, on: boolean): void => {
  // The stdio pipes are sockets, which can be (un)referenced like the process.
  const handles = [p.child, p.child.stdin, p.child.stdout, p.child.stderr] as unknown as {
    ref(): void
    unref(): void
  }[]
  for (const h of handles) {
    if (on) h.ref()
    else h.unref()
  }
}

/** The native binary's version, or undefined when it is not installed. */
export const probeNativeEspeak = async (bin = 'espeak-ng'): Promise<string | undefined> => {
  try {
    const { stdout, code } = await run(bin, ['--version'])
    const version = /(\d+\.\d+[\w.+-]*)/.exec(stdout.toString('utf8'))?.[1]
    return code === 0 && version ? version : undefined
  } catch {
    return undefined
  }
}

export const createEngine = async (options: EngineFactoryOptions = {}): Promise<SpeechEngine> => {
  const bin = options.espeakPath ?? 'espeak-ng'
  const version = await probeNativeEspeak(bin)
  if (!version) throw new TtsError('TTS_ENGINE_UNAVAILABLE', `native espeak-ng not found ('${bin}')`)

  /** A process started with the last settings, waiting for its text. */
  let spare: { key: string; started: Started } | undefined
  let closed = false
  const dropSpare = (): void => {
    spare?.started.child.kill()
    spare = undefined
  }
  const startSpare = (key: string, args: string[]): void => {
    if (closed || (spare?.key === key && spare.started.child.exitCode === null)) return
    dropSpare()
    const started = start(bin, args)
    started.result.catch(() => undefined)
    hold(started, false)
    spare = { key, started }
  }
  /** Runs espeak-ng with `args` on `stdin`, in the spare process when it was started with those args. */
  const runWarm = async (args: string[], stdin: string): Promise<RunResult> => {
    const key = args.join('\0')
    const warm = spare?.key === key && spare.started.child.exitCode === null ? spare.started : undefined
    if (warm) {
      spare = undefined
      hold(warm, true)
    }
    try {
      const started = warm ?? start(bin, args)
      started.child.stdin.end(stdin)
      const result = await started.result
      // A spare that died while waiting: once more in a new process.
      return warm && result.code !== 0 ? await run(bin, args, stdin) : result
    } finally {
      // The next one is started once this one is done: it does not compete with it for the CPU.
      startSpare(key, args)
    }
  }

  const speak = async (
    ssml: string,
    voice: { espeakVoice: string; variant: string },
    settings: { rate: number; pitch: number },
  ): Promise<ParsedWav> => {
    const args = [
      '-m',
      '--stdin',
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
    const result = await runWarm(args, ssml)
    if (result.code !== 0 || result.stdout.length < 44) {
      throw new TtsError('TTS_ENGINE_FAILED', `espeak-ng failed (${result.code}): ${result.stderr.trim()}`)
    }
    return parseWav(new Uint8Array(result.stdout.buffer, result.stdout.byteOffset, result.stdout.length))
  }

  const engine: SpeechEngine = {
    id: 'espeak-native',
    version: `espeak-ng-native-${version}`,
    async listVoices(): Promise<EngineVoice[]> {
      const { stdout } = await run(bin, ['--voices=vi'])
      return stdout
        .toString('utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols.length >= 5)
        .map((cols) => ({ id: cols[4]!.replace(/^.*\//, ''), name: cols[3]!, languages: [cols[1]!] }))
    },
    synthesize: async (input, voice, settings) => {
      const wav = await speak(buildSsml(input).ssml, voice, settings)
      return {
        pcm: wav.pcm,
        sampleRate: wav.sampleRate,
        words: estimateWordTimings(input, wav.pcm, wav.sampleRate),
        timing: 'estimated',
      }
    },
    async synthesizeBatch(inputs, voice, settings): Promise<EngineOutput[]> {
      const longestPause = Math.max(0, ...inputs.flatMap((i) => i.clausePauses.map((p) => p.ms)))
      const single = (): Promise<EngineOutput[]> =>
        Promise.all(inputs.map((input) => engine.synthesize(input, voice, settings)))
      if (inputs.length < 2 || longestPause > MAX_BATCH_CLAUSE_PAUSE_MS) return single()
      // One process for all units, separated by a silence longer than any pause eSpeak makes by itself.
      const ssml = inputs.map((input) => buildSsml(input).ssml).join(` <break time="${SEPARATOR_MS}ms"/> `)
      const wav = await speak(ssml, voice, settings)
      const pieces = splitOnSeparators(wav.pcm, wav.sampleRate, inputs.length)
      if (!pieces) return single()
      return pieces.map((pcm, i) => ({
        pcm,
        sampleRate: wav.sampleRate,
        words: estimateWordTimings(inputs[i]!, pcm, wav.sampleRate),
        timing: 'estimated' as const,
      }))
    },
    async close() {
      closed = true
      dropSpare()
    },
  }
  return engine
}
