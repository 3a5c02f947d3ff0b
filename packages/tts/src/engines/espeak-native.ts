/**
 * Native `espeak-ng` (Debian package), SSML in, WAV out. Units are spoken by long-lived processes in line
 * mode (`espeak-lines.ts`: no spawn per unit); a unit that cannot go through one (very long line, clause
 * pause longer than a separator, eSpeak's fastest rates where breaks shrink) gets a process of its own.
 * The CLI reports no word events, so word timings are estimated from the audio (see `estimatedOutput`).
 */
import { spawn } from 'node:child_process'
import { TtsError } from '../errors.ts'
import { parseWav, type ParsedWav } from '../audio/wav.ts'
import { LineSpeaker, MAX_BATCH_CLAUSE_PAUSE_MS } from './espeak-lines.ts'
import { Speakers, lineModeArgs, parseVoiceList, unitLine } from './speakers.ts'
import { buildSsml } from './ssml.ts'
import type { EngineFactoryOptions, EngineInput, EngineOutput, EngineVoice, SpeechEngine } from './types.ts'
import { estimatedOutput } from './words.ts'

interface RunResult {
  stdout: Buffer
  stderr: string
  code: number | null
}

const run = (bin: string, args: string[], stdin?: string): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code }),
    )
    child.stdin.on('error', () => undefined)
    child.stdin.end(stdin ?? '')
  })

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

/** Line-mode processes kept per thread: settings (voice, rate, pitch), processes for each, idle time. */
const SPEAKER_LIMITS = { maxKeys: 4, perKey: 2, idleMs: 60_000 }
/** From this rate on eSpeak speeds audio up after synthesis, shortening breaks below a separator. */
const LINE_MODE_MAX_RATE = 450

export const createEngine = async (options: EngineFactoryOptions = {}): Promise<SpeechEngine> => {
  const bin = options.espeakPath ?? 'espeak-ng'
  const version = await probeNativeEspeak(bin)
  if (!version) throw new TtsError('TTS_ENGINE_UNAVAILABLE', `native espeak-ng not found ('${bin}')`)

  const speakers = new Speakers((args) => new LineSpeaker(bin, args), SPEAKER_LIMITS)
  let closed = false

  /** One process for one unit. */
  const speakAlone = async (ssml: string, args: string[]): Promise<ParsedWav> => {
    const result = await run(bin, [...args.slice(0, 1), '--stdin', ...args.slice(1)], ssml)
    if (result.code !== 0 || result.stdout.length < 44) {
      throw new TtsError('TTS_ENGINE_FAILED', `espeak-ng failed (${result.code}): ${result.stderr.trim()}`)
    }
    return parseWav(new Uint8Array(result.stdout.buffer, result.stdout.byteOffset, result.stdout.length))
  }

  /** The unit as one line for a line-mode process, or undefined when it needs a process of its own. */
  const lineOf = (input: EngineInput, rate: number): string | undefined => {
    const longestPause = Math.max(0, ...input.clausePauses.map((p) => p.ms))
    return rate < LINE_MODE_MAX_RATE && longestPause <= MAX_BATCH_CLAUSE_PAUSE_MS
      ? unitLine(input)
      : undefined
  }

  const engine: SpeechEngine = {
    id: 'espeak-native',
    version: `espeak-ng-native-${version}`,
    async listVoices(): Promise<EngineVoice[]> {
      const { stdout } = await run(bin, ['--voices=vi'])
      return parseVoiceList(stdout.toString('utf8').split('\n'))
    },
    synthesize: async (input, voice, settings) =>
      (await engine.synthesizeBatch!([input], voice, settings))[0]!,
    async synthesizeBatch(inputs, voice, settings): Promise<EngineOutput[]> {
      const args = lineModeArgs(voice, settings)
      const lines = inputs.map((input) => lineOf(input, settings.rate))
      const queued = lines.filter((l): l is string => l !== undefined)
      const speaker = queued.length > 0 && !closed ? await speakers.get(args) : undefined
      const spoken = speaker ? await speaker.speak(queued) : []
      let next = 0
      return Promise.all(
        inputs.map(async (input, i) => {
          const pcm = lines[i] === undefined ? undefined : spoken[next++]
          if (pcm && speaker) return estimatedOutput(input, pcm, speaker.sampleRate)
          // Not for a line-mode process, or its audio could not be attributed: a process of its own.
          const wav = await speakAlone(buildSsml(input).ssml, args)
          return estimatedOutput(input, wav.pcm, wav.sampleRate)
        }),
      )
    },
    async close() {
      closed = true
      speakers.closeAll()
    },
  }
  return engine
}
