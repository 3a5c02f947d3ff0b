import type { Storage } from '@loa/storage'
import type { SynthesisSummaryRow } from '@loa/synthesis'
import type { FastifyReply } from 'fastify'
import { sendEventStream } from '../../lib/event-stream.ts'
import { toSynthesisWire } from './wire.ts'

/**
 * Writes a request's states as server-sent events: `progress` while it runs, then one `done` carrying the
 * final request (links included, so the client needs no second read). Ends when the states end or the
 * client goes away (the watch is aborted then).
 */
export const streamEvents = (
  reply: FastifyReply,
  watch: (signal: AbortSignal) => AsyncIterable<SynthesisSummaryRow>,
  storage: Storage | undefined,
): Promise<void> =>
  sendEventStream(reply, async function* (signal) {
    for await (const row of watch(signal))
      yield {
        event: row.status === 'IN_PROGRESS' ? 'progress' : 'done',
        id: row.progress,
        data: await toSynthesisWire(row, storage),
      }
  })
