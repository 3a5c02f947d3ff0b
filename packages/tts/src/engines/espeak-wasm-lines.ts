/**
 * eSpeak NG compiled to WebAssembly (npm `espeak-ng`, the command line) kept running in line mode on a
 * thread of its own (`espeak-wasm-thread.mjs`): one line per unit in, one message with that line's audio
 * out. The thread's stdin blocks on a byte ring shared with this side, so a line's audio is known to be
 * complete when the thread asks for the next line: every unit gets exactly its audio, whatever it sounds
 * like (no silence heuristics).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { WAV_HEADER_BYTES, headerSampleRate } from '../audio/wav.ts'
import { parseVoiceList } from './speakers.ts'
import type { EngineVoice } from './types.ts'

const THREAD = new URL('./espeak-wasm-thread.mjs', import.meta.url)
/** Bytes of the ring carrying lines to the thread. */
const RING_BYTES = 1 << 16
const utf8 = new TextEncoder()
const text = new TextDecoder()

let compiled: Promise<WebAssembly.Module> | undefined

/** The WebAssembly module, compiled once per thread that uses it. */
const wasmModule = (): Promise<WebAssembly.Module> => {
  compiled ??= (async () => {
    const script = createRequire(import.meta.url).resolve('espeak-ng')
    return WebAssembly.compile(await readFile(script.replace(/\.js$/, '.wasm')))
  })()
  return compiled
}

interface Waiting {
  resolve: (bytes: Uint8Array) => void
  reject: (error: Error) => void
}

export class WasmLineSpeaker {
  private readonly thread: Worker
  private readonly ctrl: Int32Array
  private readonly ring: Uint8Array
  private written = 0
  /** Lines not yet written into the ring (it was full). */
  private backlog: Uint8Array[] = []
  private readonly waiting: Waiting[] = []
  private rate = 0
  dead = false

  private constructor(module: WebAssembly.Module, args: readonly string[]) {
    const sab = new SharedArrayBuffer(16 + RING_BYTES)
    this.ctrl = new Int32Array(sab, 0, 4)
    this.ring = new Uint8Array(sab, 16)
    this.thread = new Worker(THREAD, { workerData: { args: [...args], sab, module } })
    this.thread.unref()
    this.thread.on('message', (bytes: Uint8Array) => this.onLine(bytes))
    this.thread.on('error', (error) => this.fail(error))
    this.thread.on('exit', () => this.fail(new Error('the eSpeak thread stopped')))
  }

  /** Starts a thread with these command-line arguments (line mode: no text among them). */
  static async start(args: readonly string[]): Promise<WasmLineSpeaker> {
    return new WasmLineSpeaker(await wasmModule(), args)
  }

  /** Sample rate of the audio (known once some audio has come). */
  get sampleRate(): number {
    return this.rate
  }

  get pending(): number {
    return this.waiting.length
  }

  /** Speaks one line per unit (each a single line of at most `MAX_LINE_BYTES`); PCM per unit. */
  async speak(lines: readonly string[]): Promise<Int16Array[]> {
    return (await this.send(lines)).map((bytes) => this.toPcm(bytes))
  }

  /** What the command line printed for each line (started with `-q --ipa`: the line's phonemes). */
  async print(lines: readonly string[]): Promise<string[]> {
    return (await this.send(lines)).map((bytes) => text.decode(bytes))
  }

  /** The thread's output for each line, in order. */
  private send(lines: readonly string[]): Promise<Uint8Array[]> {
    if (this.dead) return Promise.reject(new Error('the eSpeak thread stopped'))
    const results = lines.map(
      (line) =>
        new Promise<Uint8Array>((resolve, reject) => {
          this.waiting.push({ resolve, reject })
          this.backlog.push(utf8.encode(`${line}\n`))
        }),
    )
    this.thread.ref()
    this.pump()
    return Promise.all(results)
  }

  close(): void {
    this.fail(new Error('the eSpeak thread was closed'))
  }

  /** Moves lines from the backlog into the ring as far as there is room, and wakes the thread. */
  private pump(): void {
    const read = Atomics.load(this.ctrl, 2)
    let moved = false
    while (this.backlog.length > 0) {
      const line = this.backlog[0]!
      if (this.written - read + line.length > this.ring.length) break
      for (const byte of line) this.ring[this.written++ % this.ring.length] = byte
      this.backlog.shift()
      moved = true
    }
    if (moved) {
      Atomics.store(this.ctrl, 0, this.written)
      Atomics.notify(this.ctrl, 0)
    }
  }

  /** A line's audio (results are decoded in the order the lines were sent). */
  private toPcm(bytes: Uint8Array): Int16Array {
    let data = bytes
    if (this.rate === 0 && data.length >= WAV_HEADER_BYTES) {
      // The stream's one WAV header comes with the first line that makes a sound.
      this.rate = headerSampleRate(data)
      data = data.subarray(WAV_HEADER_BYTES)
    }
    const pcm = new Int16Array(data.length >> 1)
    new Uint8Array(pcm.buffer).set(data.subarray(0, pcm.length * 2))
    return pcm
  }

  private onLine(bytes: Uint8Array): void {
    this.waiting.shift()?.resolve(bytes)
    if (this.waiting.length === 0) this.thread.unref()
    this.pump()
  }

  private fail(error: Error): void {
    if (!this.dead) {
      this.dead = true
      Atomics.store(this.ctrl, 1, 1)
      Atomics.notify(this.ctrl, 0)
      void this.thread.terminate()
    }
    for (const w of this.waiting.splice(0)) w.reject(error)
  }
}

/** The Vietnamese voices of the WebAssembly build (`espeak-ng --voices=vi`, run once on this thread). */
export const listWasmVoices = async (): Promise<EngineVoice[]> => {
  const module = await wasmModule()
  const lines: string[] = []
  const { default: run } = await import('espeak-ng')
  await run({
    arguments: ['--voices=vi'],
    print: (line: string) => lines.push(line),
    printErr: () => undefined,
    instantiateWasm(
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) {
      void WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module))
      return {}
    },
  })
  return parseVoiceList(lines)
}
