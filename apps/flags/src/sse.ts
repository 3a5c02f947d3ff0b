import type { ServerResponse } from 'node:http'

/**
 * Server-sent event streams per client key, in GrowthBook's format: `retry:` first, then
 * `id: <n> \nevent: features\ndata: <json lines>\n\n` (payload, for normal keys) or
 * `event: features-updated\ndata: \n\n` (refetch beacon, for remote-evaluation keys), and an unnamed
 * `data: \n\n` ping on idle streams (the SDK listens only to named events).
 */
export interface Subscriber {
  key: string
  res: ServerResponse
}

export const formatEvent = (event: string, data: string, id?: string): string => {
  const lines = data.split(/\r\n|\r|\n/).map((l) => `data: ${l}\n`)
  return `${id !== undefined ? `id: ${id} \n` : ''}event: ${event}\n${lines.join('')}\n`
}

export class SseHub {
  private readonly byKey = new Map<string, Set<Subscriber>>()
  private readonly pinger: NodeJS.Timeout
  private closed = false

  constructor(pingMs: number) {
    this.pinger = setInterval(() => this.broadcastRaw('data: \n\n'), pingMs)
    this.pinger.unref()
  }

  get isClosed(): boolean {
    return this.closed
  }

  add(sub: Subscriber): void {
    let set = this.byKey.get(sub.key)
    if (!set) this.byKey.set(sub.key, (set = new Set()))
    set.add(sub)
    sub.res.on('close', () => this.remove(sub))
  }

  private remove(sub: Subscriber): void {
    const set = this.byKey.get(sub.key)
    if (!set) return
    set.delete(sub)
    if (!set.size) this.byKey.delete(sub.key)
  }

  count(key?: string): number {
    if (key) return this.byKey.get(key)?.size ?? 0
    let n = 0
    for (const set of this.byKey.values()) n += set.size
    return n
  }

  /** Open streams per client key on this replica. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.byKey].map(([key, set]) => [key, set.size]))
  }

  hasSubscribers(key: string): boolean {
    return this.count(key) > 0
  }

  send(key: string, chunk: string): void {
    for (const sub of this.byKey.get(key) ?? []) write(sub.res, chunk)
  }

  private broadcastRaw(chunk: string): void {
    for (const set of this.byKey.values()) for (const sub of set) write(sub.res, chunk)
  }

  /** Ends the streams of one key (archived): the SDK's reconnects then get 404 and stop. */
  closeKey(key: string): void {
    for (const sub of this.byKey.get(key) ?? []) sub.res.end()
    this.byKey.delete(key)
  }

  /** Ends every stream (app.close): clients see the stream end and reconnect to another replica. */
  close(): void {
    this.closed = true
    clearInterval(this.pinger)
    for (const set of this.byKey.values()) for (const sub of set) sub.res.end()
    this.byKey.clear()
  }
}

const write = (res: ServerResponse, chunk: string): void => {
  if (res.writableEnded || res.destroyed) return
  res.write(chunk)
}
