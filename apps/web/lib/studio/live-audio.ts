/**
 * Listening while it renders (issue 31): an audio element fed MP3 bytes as the synthesis job publishes them, through
 * one MediaSource buffer. The parts are slices of one encoder stream, so appended in order they decode as the whole
 * file would — no gap or click between parts (separately decoded MP3 files would each carry encoder padding). When
 * the whole file exists, the bytes the parts did not bring are appended and the stream ends: the element goes on
 * playing, nothing is reloaded.
 */

const MIME = 'audio/mpeg'

/** Whether this browser can play MP3 bytes as they arrive (MediaSource with an MPEG audio buffer). */
export const liveAudioSupported = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.MediaSource !== 'undefined' &&
  window.MediaSource.isTypeSupported(MIME)

/** The bytes of `whole` that follow the first `appended` bytes already played from parts. */
export const remainderOf = (whole: Uint8Array, appended: number): Uint8Array =>
  appended >= whole.length ? new Uint8Array(0) : whole.subarray(appended)

export interface LiveAudio {
  readonly media: HTMLAudioElement
  /** Bytes handed to `append` so far (the offset in the whole file where the next part starts). */
  readonly appended: () => number
  /** How far the audio is buffered, in seconds (what can be played now). */
  readonly bufferedEnd: () => number
  /** Queues bytes for the decoder; resolves once they are buffered. */
  append: (bytes: Uint8Array) => Promise<void>
  /** Appends what `whole` has beyond the parts, then ends the stream (the duration becomes final). */
  complete: (whole: Uint8Array) => Promise<void>
  /** Stops playback and frees the stream. */
  dispose: () => void
}

export const createLiveAudio = (): LiveAudio => {
  const source = new MediaSource()
  const url = URL.createObjectURL(source)
  const media = new Audio()
  media.preload = 'auto'
  media.src = url
  let appended = 0
  let ended = false
  const opened = new Promise<SourceBuffer>((resolve, reject) => {
    source.addEventListener(
      'sourceopen',
      () => {
        try {
          const buffer = source.addSourceBuffer(MIME)
          // Parts follow each other in time whatever their own timestamps say.
          buffer.mode = 'sequence'
          resolve(buffer)
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      },
      { once: true },
    )
  })
  opened.catch(() => undefined)
  // One append at a time: a SourceBuffer refuses a second while it is updating.
  let chain: Promise<void> = Promise.resolve()
  const enqueue = (step: (buffer: SourceBuffer) => void | Promise<void>): Promise<void> => {
    chain = chain.then(async () => {
      const buffer = await opened
      await step(buffer)
    })
    return chain
  }
  const appendNow = (buffer: SourceBuffer, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        buffer.removeEventListener('updateend', done)
        buffer.removeEventListener('error', failed)
        resolve()
      }
      const failed = () => {
        buffer.removeEventListener('updateend', done)
        buffer.removeEventListener('error', failed)
        reject(new Error('the audio part could not be decoded'))
      }
      buffer.addEventListener('updateend', done)
      buffer.addEventListener('error', failed)
      buffer.appendBuffer(bytes as Uint8Array<ArrayBuffer>)
    })

  return {
    media,
    appended: () => appended,
    bufferedEnd: () => (media.buffered.length ? media.buffered.end(media.buffered.length - 1) : 0),
    append: (bytes) => {
      if (ended || bytes.length === 0) return chain
      appended += bytes.length
      return enqueue((buffer) => appendNow(buffer, bytes))
    },
    complete: (whole) => {
      if (ended) return chain
      const rest = remainderOf(whole, appended)
      appended += rest.length
      ended = true
      return enqueue(async (buffer) => {
        if (rest.length > 0) await appendNow(buffer, rest)
        if (source.readyState === 'open') source.endOfStream()
      })
    },
    dispose: () => {
      ended = true
      media.pause()
      media.removeAttribute('src')
      media.load()
      URL.revokeObjectURL(url)
    },
  }
}
