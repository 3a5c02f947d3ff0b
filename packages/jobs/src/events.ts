import type { JobLogger, QueueEvent } from './types.ts'

/** Synchronous fan-out of queue events; a throwing listener is logged, never breaks the queue. */
export class EventHub {
  private readonly listeners = new Set<(event: QueueEvent) => void>()

  constructor(private readonly log: JobLogger) {}

  get size(): number {
    return this.listeners.size
  }

  on(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(event: QueueEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event)
      } catch (error) {
        this.log.warn({ err: error, event: event.type }, 'queue event listener failed')
      }
    }
  }
}

export const silentLogger: JobLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
}
