/**
 * Progressive playback of streamed audio with Media Source Extensions: the bytes of a response are appended to a
 * `MediaSource` as they arrive, so an `<audio>` element bound to it starts playing after the first bytes instead of
 * after the whole download. Where MediaSource (or the audio type in it) is missing, callers fall back to a blob.
 */
export const MP3_MIME = 'audio/mpeg'

type MediaSourceLike = Pick<MediaSource, 'readyState' | 'addSourceBuffer' | 'endOfStream'> & EventTarget

/** Whether this browser can play `mime` through MediaSource (Chromium: yes for `audio/mpeg`). */
export const canStreamAudio = (
  mime: string = MP3_MIME,
  mediaSource: { isTypeSupported?: (type: string) => boolean } | undefined = typeof MediaSource ===
  'undefined'
    ? undefined
    : MediaSource,
): boolean => {
  try {
    return Boolean(mediaSource?.isTypeSupported?.(mime))
  } catch {
    return false
  }
}

const once = (target: EventTarget, ok: string, fail?: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(ok, done)
      if (fail) target.removeEventListener(fail, failed)
      resolve()
    }
    const failed = () => {
      target.removeEventListener(ok, done)
      if (fail) target.removeEventListener(fail, failed)
      reject(new Error(`${fail} while appending audio`))
    }
    target.addEventListener(ok, done)
    if (fail) target.addEventListener(fail, failed)
  })

/**
 * Appends `body` to `source` chunk by chunk (waiting for each append to finish), calls `onData` once after the first
 * bytes are in, and ends the stream when the body ends; resolves with the number of bytes appended. Rejects when
 * reading or appending fails (the stream is then ended with an error); an abort through `signal` stops reading and
 * resolves quietly.
 */
export const streamIntoMediaSource = async (
  source: MediaSourceLike,
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  options: { mime?: string; onData?: () => void; signal?: AbortSignal } = {},
): Promise<number> => {
  const { mime = MP3_MIME, onData, signal } = options
  let bytes = 0
  const reader = body.getReader()
  const stop = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', stop)
  try {
    if (source.readyState !== 'open') await once(source, 'sourceopen')
    const buffer = source.addSourceBuffer(mime)
    for (;;) {
      const { done, value } = await reader.read()
      if (signal?.aborted) return bytes
      if (done) break
      if (!value?.byteLength) continue
      const appended = once(buffer, 'updateend', 'error')
      buffer.appendBuffer(value)
      await appended
      bytes += value.byteLength
      if (bytes === value.byteLength) onData?.()
    }
    if (source.readyState === 'open') source.endOfStream()
    return bytes
  } catch (error) {
    if (signal?.aborted) return bytes
    if (source.readyState === 'open') {
      try {
        source.endOfStream('network')
      } catch {
        // already ended
      }
    }
    throw error
  } finally {
    signal?.removeEventListener('abort', stop)
  }
}
