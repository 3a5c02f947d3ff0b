/**
 * A long-lived native `espeak-ng` in line mode: started without text, it reads stdin line by line,
 * synthesizes each line and flushes its audio (one WAV header at the start, then samples). Spawning a
 * process from a large Node process costs ≈10 ms of the calling thread (the fork copies its page tables),
 * more than synthesizing a sentence, so units are fed to a running process instead.
 *
 * Each unit is one line starting with a `SEPARATOR_MS` break (before the text, the unit sounds exactly as
 * in a process of its own; after it, its last clause would not end the utterance); the audio is cut where
 * a silence of at least `SEPARATOR_MIN_MS` follows speech. (eSpeak drops a break that opens an utterance,
 * so a comma comes first; it adds no sound.) Every request ends with a sentinel line that
 * always sounds, so the separator that ends its last unit comes with the request. A unit that makes no
 * sound would leave two separators in one silence: then nothing can be attributed safely, the process is
 * dropped and the caller falls back to one process per unit (`undefined` results).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { SILENCE_THRESHOLD, frameSize } from '../audio/levels.ts'
import { WAV_HEADER_BYTES, headerSampleRate } from '../audio/wav.ts'

/** The break after each unit, longer than any pause eSpeak makes by itself (at rates below 450). */
const SEPARATOR_MS = 2500
const SEPARATOR = `, <break time="${SEPARATOR_MS}ms"/> `
/** Silences at least this long are separators. */
const SEPARATOR_MIN_MS = 2100
/** Units with a longer clause pause inside cannot go through a line-mode process. */
export const MAX_BATCH_CLAUSE_PAUSE_MS = 1000
/** A syllable that always sounds: its audio is dropped. */
const SENTINEL = 'a'
/** Silence kept on either side of a unit's speech. */
const MARGIN_MS = 50
/** No sign of life for this long while units are pending: the process is dropped. */
const STALL_MS = 10_000

interface Expected {
  /** Receives the unit's PCM, or undefined when the audio could not be attributed. */
  settle: (pcm: Int16Array | undefined) => void
  /** The sentinel ending a request (ends only when the next request's first separator arrives). */
  sentinel: boolean
}

/** A growable sample buffer. */
class Samples {
  data = new Int16Array(22050)
  length = 0
  push(from: Int16Array, start: number, end: number): void {
    const n = end - start
    if (this.length + n > this.data.length) {
      const bigger = new Int16Array(Math.max(this.data.length * 2, this.length + n))
      bigger.set(this.data.subarray(0, this.length))
      this.data = bigger
    }
    this.data.set(from.subarray(start, end), this.length)
    this.length += n
  }
  take(end: number): Int16Array {
    const out = this.data.slice(0, end)
    this.length = 0
    return out
  }
}

export class LineSpeaker {
  private readonly child: ChildProcessWithoutNullStreams
  private readonly queue: Expected[] = []
  /** Entries of `queue` that are units (not sentinels). */
  private units = 0
  /** Bytes not decoded yet (part of the header, or an odd byte). */
  private carry: Uint8Array = new Uint8Array(0)
  private rate = 0
  private frame = 0
  /** Samples not yet analysed (less than one frame). */
  private tail = new Int16Array(0)
  /** Between units (silence is dropped) or inside one. */
  private inUnit = false
  private readonly unit = new Samples()
  /** Silent frames in a row, and where that run started in `unit`. */
  private run = 0
  private runStart = 0
  /** The last frames of silence before a unit (its leading margin). */
  private lead: Int16Array[] = []
  private stall: NodeJS.Timeout | undefined
  dead = false

  constructor(bin: string, args: readonly string[]) {
    this.child = spawn(bin, [...args], { stdio: ['pipe', 'pipe', 'pipe'] })
    this.child.stdout.on('data', (b: Buffer) => this.onData(b))
    this.child.stderr.resume()
    this.child.stdin.on('error', () => this.fail())
    this.child.on('error', () => this.fail())
    this.child.on('close', () => this.fail())
    // The stream starts with a sentinel, so that every unit is preceded by a separator.
    void this.send([])
    this.idle(true)
  }

  /** Units waiting for their audio. */
  get pending(): number {
    return this.units
  }

  /**
   * Speaks one line per unit (each a single line of at most `MAX_LINE_BYTES`); resolves with each unit's
   * PCM, or undefined for all of them when the audio could not be attributed.
   */
  async speak(lines: readonly string[]): Promise<(Int16Array | undefined)[]> {
    const results = await Promise.all(this.send(lines))
    this.idle(this.units === 0)
    return results.some((r) => r === undefined) ? lines.map(() => undefined) : results
  }

  close(): void {
    this.fail()
  }

  /** Writes the lines and a sentinel; one promise per line. */
  private send(lines: readonly string[]): Promise<Int16Array | undefined>[] {
    if (this.dead) return lines.map(() => Promise.resolve(undefined))
    const all = [...lines, SENTINEL]
    const results = all.map(
      (_, i) =>
        new Promise<Int16Array | undefined>((settle) =>
          this.queue.push({ settle, sentinel: i === lines.length }),
        ),
    )
    this.units += lines.length
    this.idle(false)
    this.child.stdin.write(all.map((l) => `${SEPARATOR}${l}\n`).join(''))
    return results.slice(0, lines.length)
  }

  /** A speaker with nothing pending must not keep its thread alive; a busy one is watched. */
  private idle(on: boolean): void {
    const handles = [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as unknown as {
      ref(): void
      unref(): void
    }[]
    for (const h of handles) {
      if (on) h.unref()
      else h.ref()
    }
    this.watch()
  }

  private watch(): void {
    if (this.stall) clearTimeout(this.stall)
    this.stall = undefined
    if (this.units === 0 || this.dead) return
    this.stall = setTimeout(() => this.fail(), STALL_MS)
    this.stall.unref()
  }

  private fail(): void {
    if (!this.dead) {
      this.dead = true
      this.child.kill()
    }
    if (this.stall) clearTimeout(this.stall)
    this.units = 0
    for (const e of this.queue.splice(0)) e.settle(undefined)
  }

  /** Sample rate of the audio (known once the stream has started). */
  get sampleRate(): number {
    return this.rate
  }

  private onData(bytes: Buffer): void {
    if (this.dead) return
    let data: Uint8Array = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes
    if (this.rate === 0) {
      if (data.length < WAV_HEADER_BYTES) {
        this.carry = Buffer.from(data)
        return
      }
      this.rate = headerSampleRate(data)
      this.frame = frameSize(this.rate)
      data = data.subarray(WAV_HEADER_BYTES)
    }
    // Little-endian 16-bit samples (an odd byte waits for the next chunk), after the unanalysed ones.
    const count = data.length >> 1
    const samples = new Int16Array(this.tail.length + count)
    samples.set(this.tail)
    const view = new DataView(data.buffer, data.byteOffset, count * 2)
    for (let i = 0, at = this.tail.length; i < count; i++, at++) samples[at] = view.getInt16(i * 2, true)
    this.carry = Buffer.from(data.subarray(count * 2))
    const whole = samples.length - (samples.length % this.frame)
    for (let f = 0; f < whole; f += this.frame) this.onFrame(samples, f, f + this.frame)
    this.tail = samples.slice(whole)
    this.watch()
  }

  private onFrame(samples: Int16Array, start: number, end: number): void {
    let sum = 0
    for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!
    const silent = Math.sqrt(sum / (end - start)) < SILENCE_THRESHOLD
    const msPerFrame = (this.frame / this.rate) * 1000
    if (!this.inUnit) {
      if (silent) {
        this.run++
        this.lead.push(samples.slice(start, end))
        if (this.lead.length * msPerFrame > MARGIN_MS) this.lead.shift()
        // Two separators in one silence: a unit made no sound, the rest cannot be attributed.
        if (this.run * msPerFrame >= 2 * SEPARATOR_MS - 300) this.fail()
        return
      }
      this.inUnit = true
      for (const l of this.lead) this.unit.push(l, 0, l.length)
      this.lead = []
      this.run = 0
    }
    this.unit.push(samples, start, end)
    if (!silent) {
      this.run = 0
      return
    }
    if (this.run++ === 0) this.runStart = this.unit.length - (end - start)
    if (this.run * msPerFrame < SEPARATOR_MIN_MS) return
    // A separator: the unit ends with a margin of its silence.
    const margin = Math.round((this.rate * MARGIN_MS) / 1000)
    const pcm = this.unit.take(Math.min(this.unit.length, this.runStart + margin))
    this.inUnit = false
    const expected = this.queue.shift()
    if (!expected) {
      // Audio nobody asked for: out of step.
      this.fail()
      return
    }
    if (!expected.sentinel) this.units--
    expected.settle(pcm)
  }
}
