import { Readable } from 'node:stream'
import type { SpeechStream } from '@loa/synthesis'
import type { FastifyReply } from 'fastify'

/**
 * Sends audio as the synthesis service renders it (`synthesis.stream`): no buffering by a proxy, never cached;
 * a paid request's id and characters go out as headers before the first byte. The client going away ends the
 * iteration early, which releases the request's credits.
 */
export const sendSpeech = (reply: FastifyReply, speech: SpeechStream): FastifyReply => {
  reply
    .header('content-type', speech.mimeType)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
  const { row } = speech
  if (row) reply.header('x-request-id-synthesis', row.id).header('x-characters', String(row.characters))
  return reply.send(Readable.from(speech.chunks, { objectMode: false }))
}
