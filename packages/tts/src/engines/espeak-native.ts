/**
 * Native `espeak-ng` (Debian package): one short process per speech unit, SSML on stdin, WAV on stdout.
 * The CLI reports no word events, so word timings are estimated from the audio (see `estimateWordTimings`).
 */
import { spawn } from 'node:child_process'
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

export const createEngine = async (options: EngineFactoryOptions = {}): Promise<SpeechEngine> => {
  const bin = options.espeakPath ?? 'espeak-ng'
  const version = await probeNativeEspeak(bin)
  if (!version) throw new TtsError('TTS_ENGINE_UNAVAILABLE', `native espeak-ng not found ('${bin}')`)

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
    const result = await run(bin, args, ssml)
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
    async close() {},
  }
  return engine
}
