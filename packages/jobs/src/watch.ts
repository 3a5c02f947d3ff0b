/** A delay that `wake()` ends early (idle polling that a signal or an event cuts short). */
export const wakeableDelay = (ms: number): { done: Promise<void>; wake: () => void } => {
  let wake = () => {}
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    wake = () => {
      clearTimeout(timer)
      resolve()
    }
  })
  return { done, wake }
}

export interface WatchRecordOptions<R> {
  /** Reads the record; undefined (gone, deleted) ends the watch. */
  read: () => Promise<R | undefined>
  /** The record's state: it is yielded whenever this differs from the last one yielded. */
  stateOf: (record: R) => string
  /** True once the record is final: it is yielded, then the watch ends. */
  isFinal: (record: R) => boolean
  /** Re-read at least this often when nothing woke the watcher. */
  pollMs: number
  /** Stops the watch (the client went away). */
  signal?: AbortSignal
  /** Sources that wake the watcher for a read at once (a writer in this process, the queue's events). */
  wakeOn?: ((wake: () => void) => () => void)[]
}

/**
 * The states of a record a job writes (a synthesis request, a dubbing render) as they change, ending with its
 * final state: read now, then whenever one of `wakeOn` fires, and every `pollMs` otherwise — one cheap read per
 * wake-up, never a busy loop.
 */
export async function* watchRecord<R>(options: WatchRecordOptions<R>): AsyncGenerator<R> {
  const { signal } = options
  let woken = false
  let wake: (() => void) | undefined
  const poke = () => {
    woken = true
    wake?.()
  }
  const offs = (options.wakeOn ?? []).map((subscribe) => subscribe(poke))
  signal?.addEventListener('abort', poke)
  try {
    let last: string | undefined
    while (!signal?.aborted) {
      woken = false
      const record = await options.read()
      if (record === undefined) return
      const state = options.stateOf(record)
      if (state !== last) {
        last = state
        yield record
      }
      if (options.isFinal(record)) return
      if (!woken) {
        const delay = wakeableDelay(options.pollMs)
        wake = delay.wake
        await delay.done
      }
      wake = undefined
    }
  } finally {
    for (const off of offs) off()
    signal?.removeEventListener('abort', poke)
  }
}
