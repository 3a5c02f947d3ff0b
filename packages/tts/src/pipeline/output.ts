/**
 * The encoded output of a synthesis, fed PCM in order and handing back bytes in order.
 * - WAV: one streaming encoder session on a worker.
 * - MP3: independent blocks (cut at pauses) encoded in parallel across the pool; MP3 frames of blocks
 *   concatenate into one valid stream. Each block adds its encoder delay/padding (a few ms of silence inside
 *   a pause), which `shiftAt` reports so the timeline matches the decoded audio exactly.
 *   The first block (the first unit) goes through one encoder session in two steps: its first half second
 *   is encoded and handed out at once (the first streamed chunk), the rest when the block is cut. One
 *   encoder fed in two steps writes the same bytes as fed at once.
 */
import { readMp3Info } from '../audio/mp3-info.ts'
import type { Mp3EncoderKind } from '../encoders/index.ts'
import { concatBytes, type EncoderSettings } from '../encoders/types.ts'
import type { SynthesisPool } from '../worker/pool.ts'

export interface AudioOutput {
  /** Adds PCM; the output keeps it (the caller must not reuse a transferred buffer). */
  push(pcm: Int16Array, transfer: boolean): void
  /** A pause starts here: a new MP3 block may begin. */
  boundary(): void
  /** The oldest pending piece: resolves when it is encoded (undefined when none is pending). */
  pending(): Promise<unknown> | undefined
  /** Encoded pieces ready in order, removed from the output. */
  take(): Uint8Array[]
  /** When too much audio waits for the encoder, resolves once the oldest piece is ready (bounded memory). */
  backpressure(): Promise<void>
  /** Encodes what is left; resolves with the last pieces in order. */
  finish(): Promise<Uint8Array[]>
  /** Releases worker-side state after a failure or cancellation. */
  abort(): void
  /**
   * After `finish`: from each `pcmStart` on, positions in the decoded output are `shift` samples later
   * than in the PCM (ordered by `pcmStart`).
   */
  shifts(): { pcmStart: number; shift: number }[]
}

interface Piece {
  promise: Promise<Uint8Array>
  done: boolean
  value?: Uint8Array
}

const track = (promise: Promise<Uint8Array>): Piece => {
  const piece: Piece = { promise, done: false }
  promise.then(
    (v) => {
      piece.done = true
      piece.value = v
    },
    () => undefined,
  )
  return piece
}

const takeReady = (pieces: Piece[]): Uint8Array[] => {
  const out: Uint8Array[] = []
  while (pieces[0]?.done) {
    const v = pieces.shift()!.value!
    if (v.length > 0) out.push(v)
  }
  return out
}

export interface OutputOptions {
  mp3?: Mp3EncoderKind
  /** Worker for the first audio (default: the least busy one). */
  worker?: number
}

let sessions = 0

const wavOutput = async (
  pool: SynthesisPool,
  settings: EncoderSettings,
  options: OutputOptions,
): Promise<AudioOutput> => {
  const session = `wav-${process.pid}-${++sessions}`
  const worker = options.worker ?? pool.leastBusy()
  await pool.run('encode-open', { session, settings }, { worker })
  const pieces: Piece[] = []
  let open = true
  return {
    push(pcm, transfer) {
      const own = transfer ? pcm : pcm.slice()
      pieces.push(
        track(pool.run('encode', { session, pcm: own }, { worker, transfer: [own.buffer as ArrayBuffer] })),
      )
    },
    boundary() {},
    pending: () => pieces[0]?.promise,
    take: () => takeReady(pieces),
    async backpressure() {
      // Wait for the oldest piece only; the caller then takes what is ready.
      if (pieces.length > 16 && !pieces[0]!.done) await pieces[0]!.promise
    },
    async finish() {
      const out: Uint8Array[] = []
      for (const p of pieces.splice(0)) out.push(await p.promise)
      open = false
      out.push(await pool.run('encode-close', { session, flush: true }, { worker }))
      return out.filter((b) => b.length > 0)
    },
    abort() {
      if (open) void pool.run('encode-close', { session, flush: false }, { worker }).catch(() => undefined)
      open = false
    },
    shifts: () => [],
  }
}

/** Audio per MP3 block (after the first block, which holds only the first unit for a fast first chunk). */
const BLOCK_SECONDS = 8
/** Audio of the first streamed chunk, encoded as soon as the first unit is rendered. */
const HEAD_SECONDS = 0.5
const MAX_PENDING_BLOCKS = 6

const mp3Output = (pool: SynthesisPool, settings: EncoderSettings, options: OutputOptions): AudioOutput => {
  const { mp3 } = options
  const pieces: Piece[] = []
  const blocks: { pcmStart: number; pcmLength: number; decoded: number }[] = []
  /** Measurements of the blocks' decoded lengths, awaited before `shifts` is read. */
  const measured: Promise<void>[] = []
  let parts: Int16Array[] = []
  let partSamples = 0
  let position = 0
  const blockSamples = settings.sampleRate * BLOCK_SECONDS
  /** The first block's encoder session: its head is already sent (`headSamples` of `parts`). */
  let head: { session: string; worker: number; samples: number; bytes: Promise<Uint8Array> } | undefined

  const startHead = (pcm: Int16Array): void => {
    const worker = options.worker ?? pool.leastBusy()
    const session = `mp3-${process.pid}-${++sessions}`
    const opened = pool.run('encode-open', { session, settings, ...(mp3 ? { mp3 } : {}) }, { worker })
    opened.catch(() => undefined)
    // A copy: the rest of the unit stays in `parts` until the block is cut.
    const first = pcm.slice(0, Math.round(settings.sampleRate * HEAD_SECONDS))
    const samples = first.length
    const piece = track(
      pool.run('encode', { session, pcm: first }, { worker, transfer: [first.buffer as ArrayBuffer] }),
    )
    pieces.push(piece)
    head = { session, worker, samples, bytes: piece.promise }
  }

  const cut = (): void => {
    if (partSamples === 0) return
    const skip = blocks.length === 0 && head ? head.samples : 0
    const pcm = new Int16Array(partSamples - skip)
    let at = -skip
    for (const p of parts) {
      if (at >= 0) pcm.set(p, at)
      else if (at + p.length > 0) pcm.set(p.subarray(-at), 0)
      at += p.length
    }
    const transfer = { transfer: [pcm.buffer as ArrayBuffer] }
    const encoded =
      skip > 0 && head
        ? pool.run(
            'encode-close',
            { session: head.session, flush: true, pcm },
            { ...transfer, worker: head.worker },
          )
        : pool.run('encode-block', { settings, ...(mp3 ? { mp3 } : {}), pcm }, transfer)
    const piece = track(encoded)
    const block = { pcmStart: position - partSamples, pcmLength: partSamples, decoded: partSamples }
    const whole = skip > 0 && head ? Promise.all([head.bytes, encoded]).then(concatBytes) : encoded
    measured.push(
      whole.then(
        (bytes) => {
          block.decoded = Math.round((readMp3Info(bytes).durationMs * settings.sampleRate) / 1000)
        },
        () => undefined,
      ),
    )
    if (skip > 0) head = undefined
    blocks.push(block)
    pieces.push(piece)
    parts = []
    partSamples = 0
  }

  return {
    push(pcm) {
      if (blocks.length === 0 && !head && position === 0 && pcm.length > 0) startHead(pcm)
      // Blocks are copied into one buffer at the cut: no need to copy here.
      parts.push(pcm)
      partSamples += pcm.length
      position += pcm.length
    },
    boundary() {
      if (blocks.length === 0 ? partSamples > 0 : partSamples >= blockSamples) cut()
    },
    pending: () => pieces[0]?.promise,
    take: () => takeReady(pieces),
    async backpressure() {
      if (pieces.length > MAX_PENDING_BLOCKS && !pieces[0]!.done) await pieces[0]!.promise
    },
    async finish() {
      cut()
      const out: Uint8Array[] = []
      for (const p of pieces.splice(0)) {
        const bytes = await p.promise
        if (bytes.length > 0) out.push(bytes)
      }
      await Promise.all(measured)
      return out
    },
    abort() {
      parts = []
      if (head) {
        const { session, worker } = head
        void pool.run('encode-close', { session, flush: false }, { worker }).catch(() => undefined)
        head = undefined
      }
    },
    shifts() {
      let shift = 0
      const out = blocks.map((b) => {
        const entry = { pcmStart: b.pcmStart, shift }
        shift += b.decoded - b.pcmLength
        return entry
      })
      // The end of the audio: the total shift gives the decoded duration.
      out.push({ pcmStart: position, shift })
      return out
    },
  }
}

export const createOutput = async (
  pool: SynthesisPool,
  settings: EncoderSettings,
  options: OutputOptions = {},
): Promise<AudioOutput> =>
  settings.format === 'wav' ? wavOutput(pool, settings, options) : mp3Output(pool, settings, options)
