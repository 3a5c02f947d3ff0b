import { describe, expect, it } from 'vitest'
import { canStreamAudio, streamIntoMediaSource } from './progressive'

/** Stand-ins for the browser's MediaSource / SourceBuffer: appends finish asynchronously, as in a browser. */
class FakeSourceBuffer extends EventTarget {
  updating = false
  chunks: number[][] = []
  overlapped = false
  failOn?: number
  appendBuffer(data: Uint8Array) {
    if (this.updating) this.overlapped = true
    this.updating = true
    const index = this.chunks.length
    this.chunks.push([...data])
    setTimeout(() => {
      this.updating = false
      this.dispatchEvent(new Event(index === this.failOn ? 'error' : 'updateend'))
    }, 1)
  }
}

class FakeMediaSource extends EventTarget {
  readyState: ReadyState = 'closed'
  buffer = new FakeSourceBuffer()
  mimes: string[] = []
  ended: (string | undefined)[] = []
  open() {
    this.readyState = 'open'
    this.dispatchEvent(new Event('sourceopen'))
  }
  addSourceBuffer(mime: string) {
    this.mimes.push(mime)
    return this.buffer as unknown as SourceBuffer
  }
  endOfStream(reason?: EndOfStreamError) {
    this.ended.push(reason)
    this.readyState = 'ended'
  }
}

const streamOf = (chunks: number[][], options: { failAfter?: number } = {}) => {
  let i = 0
  let cancelled = false
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (options.failAfter !== undefined && i === options.failAfter) {
        controller.error(new Error('connection reset'))
        return
      }
      if (i < chunks.length) controller.enqueue(new Uint8Array(chunks[i++]!))
      else controller.close()
    },
    cancel() {
      cancelled = true
    },
  })
  return { body, cancelled: () => cancelled }
}

describe('streamIntoMediaSource', () => {
  it('waits for the source to open, appends every chunk in order one at a time, reports the first data once and ends the stream', async () => {
    const source = new FakeMediaSource()
    const { body } = streamOf([[1, 2], [], [3], [4, 5, 6]])
    let onData = 0
    const done = streamIntoMediaSource(source, body, { onData: () => onData++ })
    await new Promise((r) => setTimeout(r, 5))
    expect(source.mimes).toEqual([])
    source.open()
    expect(await done).toBe(6)
    expect(source.mimes).toEqual(['audio/mpeg'])
    expect(source.buffer.chunks).toEqual([[1, 2], [3], [4, 5, 6]])
    expect(source.buffer.overlapped).toBe(false)
    expect(onData).toBe(1)
    expect(source.ended).toEqual([undefined])
  })

  it('calls onData after the first append, before the rest has arrived', async () => {
    const source = new FakeMediaSource()
    source.open()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let sent = 0
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      async pull(controller) {
        if (sent === 1) await held
        if (sent < 2) controller.enqueue(new Uint8Array([sent++]))
        else controller.close()
      },
    })
    let firstDataSeen!: () => void
    const firstData = new Promise<void>((r) => (firstDataSeen = r))
    const done = streamIntoMediaSource(source, body, { onData: firstDataSeen })
    await firstData
    expect(source.buffer.chunks).toEqual([[0]])
    expect(source.ended).toEqual([])
    release()
    expect(await done).toBe(2)
    expect(source.ended).toEqual([undefined])
  })

  it('ends the stream with a network error and rejects when the body fails', async () => {
    const source = new FakeMediaSource()
    source.open()
    const { body } = streamOf([[1], [2]], { failAfter: 1 })
    await expect(streamIntoMediaSource(source, body)).rejects.toThrow('connection reset')
    expect(source.ended).toEqual(['network'])
  })

  it('rejects when an append fails', async () => {
    const source = new FakeMediaSource()
    source.open()
    source.buffer.failOn = 1
    const { body } = streamOf([[1], [2], [3]])
    await expect(streamIntoMediaSource(source, body)).rejects.toThrow('error while appending audio')
    expect(source.ended).toEqual(['network'])
    expect(source.buffer.chunks).toHaveLength(2)
  })

  it('stops reading when aborted, without ending the stream', async () => {
    const source = new FakeMediaSource()
    source.open()
    const controller = new AbortController()
    const stream = streamOf([[1], [2], [3]])
    const done = streamIntoMediaSource(source, stream.body, {
      signal: controller.signal,
      onData: () => controller.abort(),
    })
    expect(await done).toBe(1)
    expect(stream.cancelled()).toBe(true)
    expect(source.ended).toEqual([])
  })
})

describe('canStreamAudio', () => {
  it('asks MediaSource whether it plays the type, and is false without MediaSource', () => {
    expect(canStreamAudio('audio/mpeg', { isTypeSupported: (t) => t === 'audio/mpeg' })).toBe(true)
    expect(canStreamAudio('audio/wav', { isTypeSupported: (t) => t === 'audio/mpeg' })).toBe(false)
    expect(canStreamAudio('audio/mpeg', undefined)).toBe(false)
    expect(
      canStreamAudio('audio/mpeg', {
        isTypeSupported: () => {
          throw new Error('not allowed')
        },
      }),
    ).toBe(false)
  })
})
