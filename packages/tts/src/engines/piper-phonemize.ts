/**
 * eSpeak NG IPA phonemization as Piper does it (piper1-gpl phonemize_espeak.py): each clause's IPA from
 * eSpeak, language-switch flags such as `(en)` removed, the clause's punctuation appended, NFD-decomposed
 * into code points. Native `espeak-ng` when installed (one process per batch of clauses), else the
 * WebAssembly command line kept running on a thread — the same eSpeak data, the same phonemes.
 */
import { spawn } from 'node:child_process'
import { TtsError } from '../errors.ts'
import { probeNativeEspeak } from './espeak-native.ts'
import { WasmLineSpeaker } from './espeak-wasm-lines.ts'
import { Speakers } from './speakers.ts'

export type PhonemizerKind = 'native' | 'wasm'

export interface Phonemizer {
  readonly kind: PhonemizerKind
  /** Raw eSpeak IPA for each text (one clause each), in order. */
  ipa(espeakVoice: string, texts: readonly string[]): Promise<string[]>
  close(): void
}

/** Clause punctuation Piper keeps as phonemes; after `, : ;` it adds a space. */
const TERMINATOR = /[.,;:!?]+$/u
const LANGUAGE_FLAG = /\([^)]*\)/g

/** eSpeak reads one clause per line: line breaks inside a clause become spaces. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim()

/** Piper's phonemes (code points) of one clause from its text and eSpeak's IPA for it. */
export const clausePhonemes = (clause: string, ipa: string): string[] => {
  const terminator = TERMINATOR.exec(clause.trim())?.[0].slice(-1) ?? ''
  const phonemes = ipa.replace(LANGUAGE_FLAG, '').replace(/\s+/g, ' ').trim() + terminator
  return [...phonemes.normalize('NFD')]
}

/** eSpeak prints a line per clause it found: one clause of ours may have become several. */
const joinLines = (printed: string): string =>
  printed
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join(' ')

interface RunResult {
  stdout: string
  code: number | null
}

const run = (bin: string, args: string[], stdin: string): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'ignore'] })
    const out: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.on('error', reject)
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out).toString('utf8'), code }))
    child.stdin.on('error', () => undefined)
    child.stdin.end(stdin)
  })

const nativePhonemizer = (bin: string): Phonemizer => {
  const call = async (voice: string, lines: readonly string[]): Promise<string[]> => {
    const { stdout, code } = await run(bin, ['-q', '--ipa', '-v', voice], lines.map((l) => `${l}\n`).join(''))
    if (code !== 0) throw new TtsError('TTS_ENGINE_FAILED', `espeak-ng --ipa failed (${code})`)
    return stdout.split('\n').slice(0, -1)
  }
  return {
    kind: 'native',
    async ipa(voice, texts) {
      const lines = texts.map(oneLine)
      const out = await call(voice, lines)
      if (out.length === lines.length) return out
      // eSpeak split a clause further (punctuation it breaks on that the segmenter does not): one process
      // per clause, so that each clause's lines are known.
      return Promise.all(lines.map(async (l) => joinLines((await call(voice, [l])).join('\n'))))
    },
    close() {},
  }
}

/** One WebAssembly command line per eSpeak voice, stopped after a minute unused. */
const wasmPhonemizer = (): Phonemizer => {
  const threads = new Speakers((args) => WasmLineSpeaker.start(args), {
    maxKeys: 2,
    perKey: 1,
    idleMs: 60_000,
  })
  return {
    kind: 'wasm',
    async ipa(voice, texts) {
      const thread = await threads.get(['-q', '--ipa', '-v', voice])
      // The thread answers per line, whatever eSpeak printed for it (several lines when it split a clause).
      const printed = await thread.print(texts.map(oneLine)).catch((error: unknown) => {
        throw new TtsError('TTS_ENGINE_FAILED', `eSpeak (WebAssembly) phonemization failed: ${String(error)}`)
      })
      return printed.map(joinLines)
    },
    close: () => threads.closeAll(),
  }
}

/** Native `espeak-ng` when it runs (`prefer: 'wasm'` forces the WebAssembly build), else WebAssembly. */
export const createPhonemizer = async (
  options: { espeakPath?: string; prefer?: PhonemizerKind } = {},
): Promise<Phonemizer> => {
  const bin = options.espeakPath ?? 'espeak-ng'
  if (options.prefer !== 'wasm' && (await probeNativeEspeak(bin))) return nativePhonemizer(bin)
  return wasmPhonemizer()
}
