/** A one-reader async queue: a producer running elsewhere (a provider request in its slot) feeds a generator. */
export interface Channel<T> extends AsyncIterable<T> {
  push(value: T): void
  end(): void
  fail(error: unknown): void
}

export const createChannel = <T>(): Channel<T> => {
  const items: T[] = []
  let done = false
  let error: { e: unknown } | undefined
  let wake: (() => void) | undefined
  const notify = (): void => {
    wake?.()
    wake = undefined
  }
  return {
    push(value) {
      items.push(value)
      notify()
    },
    end() {
      done = true
      notify()
    },
    fail(e) {
      error = { e }
      notify()
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (items.length > 0) {
          yield items.shift()!
          continue
        }
        if (error) throw error.e
        if (done) return
        await new Promise<void>((resolve) => (wake = resolve))
      }
    },
  }
}
