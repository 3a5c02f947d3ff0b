import type { Storage } from '@loa/storage'
import type { SynthesisSummaryRow } from '@loa/synthesis'
import type { FastifyReply } from 'fastify'
import { toSynthesisWire } from './wire.ts'

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000

/**
 * Writes a request's states as server-sent events: `progress` while it runs, then one `done` carrying the
 * final request (links included, so the client needs no second read). Ends when the states end or the
 * client goes away (the watch is aborted then).
 */
export const streamEvents = async (
  reply: FastifyReply,
  watch: (signal: AbortSignal) => AsyncIterable<SynthesisSummaryRow>,
  storage: Storage | undefined,
): Promise<void> => {
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  const closed = new AbortController()
  raw.on('close', () => closed.abort())
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS)
  try {
    for await (const row of watch(closed.signal)) {
      const event = row.status === 'IN_PROGRESS' ? 'progress' : 'done'
      const data = JSON.stringify(await toSynthesisWire(row, storage))
      raw.write(`event: ${event}\nid: ${row.progress}\ndata: ${data}\n\n`)
    }
  } finally {
    clearInterval(heartbeat)
    raw.end()
  }
}
