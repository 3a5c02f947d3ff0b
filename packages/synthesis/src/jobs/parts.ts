import { concatBytes } from '@loa/tts'

/** Storage key of part `n` (0-based) of a request's MP3, published while the request renders (issue 31). */
export const audioPartKey = (id: string, n: number): string => `synthesis/${id}/parts/${n}.mp3`

/** The keys of a request's `count` published parts. */
export const audioPartKeys = (id: string, count: number): string[] =>
  Array.from({ length: count }, (_, n) => audioPartKey(id, n))

export interface PartSink {
  /** Stores part `n`. */
  put: (n: number, bytes: Uint8Array) => Promise<void>
  /** Announces that parts 0…count−1 are stored (the request row, its watchers). */
  announce: (count: number) => Promise<void>
  /** A part could not be stored: publishing stops (a gap would break the chain; the whole file still comes). */
  onError?: (error: unknown) => void
}

export interface PublishedAudio {
  /** The audio, chunk for chunk as it came: what the whole file is written from. */
  audio: AsyncIterable<Uint8Array>
  /** After the audio ended: waits for the last part to be stored; resolves with how many parts are stored. */
  settle: () => Promise<number>
}

/**
 * Publishes an MP3 stream in parts while it is produced, so a listener can start before the whole file exists.
 * The chunks all come from one encoder session, so the parts joined are exactly the file's bytes — no encoder
 * padding or priming between them, gapless when appended in order to one decoder (MediaSource). The bytes that
 * arrived since the last part become the next part as soon as the previous one is stored: the first sentence is
 * published alone, and a slow store gathers more bytes per part instead of queueing writes.
 */
export const publishParts = (audio: AsyncIterable<Uint8Array>, sink: PartSink): PublishedAudio => {
  let pending: Uint8Array[] = []
  let stored = 0
  let writing: Promise<void> | null = null
  let stopped = false

  const flush = (): void => {
    if (writing || stopped || pending.length === 0) return
    const bytes = concatBytes(pending)
    pending = []
    const n = stored
    writing = (async () => {
      await sink.put(n, bytes)
      stored = n + 1
      await sink.announce(stored)
    })()
      .catch((error: unknown) => {
        stopped = true
        sink.onError?.(error)
      })
      .finally(() => {
        writing = null
        flush()
      })
  }

  return {
    audio: (async function* () {
      for await (const chunk of audio) {
        if (chunk.length > 0) {
          pending.push(chunk)
          flush()
        }
        yield chunk
      }
      flush()
    })(),
    settle: async () => {
      while (writing) await writing
      return stored
    },
  }
}
