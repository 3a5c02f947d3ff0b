import { Readable } from 'node:stream'
import { providerAppError, type SpeechStream } from '@loa/synthesis'
import type { FastifyReply } from 'fastify'

/**
 * Sends audio as the synthesis service renders it (`synthesis.stream`): no buffering by a proxy, never cached;
 * a paid request's id and characters go out as headers before the first byte. The client going away ends the
 * iteration early, which releases the request's credits.
 */
export const sendSpeech = async (reply: FastifyReply, speech: SpeechStream): Promise<FastifyReply> => {
  // The headers leave with the first audio bytes: a provider voice failing before any audio (outage, refused key)
  // is still a coded error answer, not a cut stream. The first byte is not held back.
  let first: IteratorResult<Uint8Array>
  try {
    first = await speech.chunks.next()
  } catch (error) {
    throw providerAppError(error) ?? error
  }
  // The peeked chunk, then the rest; closing it (the client went away) closes the synthesis stream, which settles.
  let peeked: IteratorResult<Uint8Array> | undefined = first
  const all: AsyncIterableIterator<Uint8Array> = {
    [Symbol.asyncIterator]: () => all,
    next: async () => {
      const step = peeked ?? (await speech.chunks.next())
      peeked = undefined
      return step
    },
    return: (value?: unknown) => speech.chunks.return(value as undefined),
  }
  reply
    .header('content-type', speech.mimeType)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
  const { row } = speech
  if (row) reply.header('x-request-id-synthesis', row.id).header('x-characters', String(row.characters))
  return reply.send(Readable.from(all, { objectMode: false }))
}
