import { AppError } from '@loa/contracts'
import type { SynthesisService } from '@loa/synthesis'
import { toErrorBody } from '@loa/service-kit'
import type { WebSocket } from 'ws'
import { ApiErrorCode } from '../../errors.ts'
import type { ApiAppRow } from '../../services/api-apps.ts'
import { alignmentOf, OUTPUT_FORMATS, takeClauses, type OutputFormat } from './protocol.ts'

/** Limits of one socket (docs/notes/issue-30.md). */
export interface SessionLimits {
  /** Close when no message came for this long (ElevenLabs' `inactivity_timeout`, default 20 s). */
  inactivityMs: number
  /** Close a socket open this long, whatever it does. */
  maxDurationMs: number
  /** Most characters one context may send in all. */
  maxContextCharacters: number
}

export interface SessionOptions {
  socket: WebSocket
  owner: ApiAppRow
  synthesis: SynthesisService
  voice: string
  format: OutputFormat
  limits: SessionLimits
  retainUntil: Date | null
  /** Called once when the socket is closed and everything it held is released. */
  onClose: () => void
}

/** The voice's engine code and the owner's dictionary, resolved once when the socket opens. */
type VoicePlan = Awaited<ReturnType<SynthesisService['voicePlan']>>

interface Context {
  id: string
  buffer: string
  characters: number
  speed: number
  chain: Promise<void>
  closed: boolean
  /** The clause speaking now: returning it stops the render and releases its credits. */
  active?: AsyncGenerator<Uint8Array>
}

interface InMessage {
  text?: unknown
  flush?: unknown
  context_id?: unknown
  close_context?: unknown
  close_socket?: unknown
  voice_settings?: { speed?: unknown }
}

/**
 * One `/v1/tts/stream-input` socket: text pieces in, per context; each complete clause (or flushed text) is one
 * streamed developer-API request (credits per character with the voice's factor, the app's limits, the request
 * log), spoken in order within its context; its audio goes out as it renders, then its characters' timing. A
 * context ends with `{"text": ""}` (→ `isFinal`), is dropped with `close_context`; closing the socket stops
 * every render and releases what was held.
 */
export const openSession = (o: SessionOptions) => {
  const { socket, owner, synthesis, limits } = o
  const spec = OUTPUT_FORMATS[o.format]
  const contexts = new Map<string, Context>()
  let closed = false
  // Resolved while the client sends its first words; a voice that does not resolve leaves each clause to say so.
  const plan: Promise<VoicePlan | undefined> = synthesis
    .voicePlan(owner.userId, o.voice)
    .catch(() => undefined)

  const send = (message: Record<string, unknown>) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  const sendError = (error: unknown, contextId?: string) => {
    const { body } = toErrorBody(error)
    send({
      error: { code: body.error_code, message: body.error_message },
      ...(contextId ? { contextId } : {}),
    })
  }

  const close = (code = 1000, reason = '') => {
    if (closed) return
    closed = true
    clearTimeout(idle)
    clearTimeout(lifetime)
    for (const ctx of contexts.values()) stop(ctx)
    contexts.clear()
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason)
    o.onClose()
  }
  const fail = (code: string, message: string) => {
    sendError(new AppError(code, message, 400))
    close(1008, code)
  }

  let idle = setTimeout(() => undefined, 0)
  const touch = () => {
    clearTimeout(idle)
    idle = setTimeout(
      () => fail(ApiErrorCode.STREAM_INPUT_IDLE, `No message for ${limits.inactivityMs / 1000} s`),
      limits.inactivityMs,
    )
  }
  const lifetime = setTimeout(
    () => fail(ApiErrorCode.STREAM_INPUT_TIMEOUT, `A socket may stay open ${limits.maxDurationMs / 1000} s`),
    limits.maxDurationMs,
  )

  const stop = (ctx: Context) => {
    ctx.closed = true
    ctx.buffer = ''
    void ctx.active?.return(undefined).catch(() => undefined)
  }

  /**
   * Speaks one clause: a streamed request, its audio as it comes, then the clause's character timing. The render
   * starts while the request is being made (row, limits, credits): no audio leaves before it exists.
   */
  const speak = async (ctx: Context, text: string) => {
    if (ctx.closed || closed) return
    const voice = await plan
    const pending = synthesis.create(
      {
        paragraphs: [{ text, voice: o.voice, speed: ctx.speed }],
        audioType: spec.audioType as 'mp3',
        bitrate: spec.bitrate,
        sampleRate: spec.sampleRate,
      },
      { userId: owner.userId, source: 'STREAM', app: owner, enqueue: false, retainUntil: o.retainUntil },
    )
    const speech = voice
      ? synthesis.streamEarly(pending, {
          ...voice,
          text,
          speed: ctx.speed,
          audioType: spec.audioType,
          bitrate: spec.bitrate,
          sampleRate: spec.sampleRate,
        })
      : synthesis.stream({ row: await pending })
    ctx.active = speech.chunks
    for await (const chunk of speech.chunks) {
      if (ctx.closed || closed) break
      send({ audio: Buffer.from(chunk).toString('base64'), isFinal: false, contextId: ctx.id })
    }
    ctx.active = undefined
    if (ctx.closed || closed) return
    const timeline = await speech.timeline
    if (timeline)
      send({
        audio: '',
        alignment: alignmentOf(text, timeline),
        isFinal: false,
        contextId: ctx.id,
        requestId: (await pending).id,
      })
    touch()
  }

  const enqueue = (ctx: Context, text: string) => {
    if (!text.trim()) return
    ctx.chain = ctx.chain.then(() =>
      speak(ctx, text).catch((error: unknown) => {
        sendError(error, ctx.id)
        stop(ctx)
        contexts.delete(ctx.id)
      }),
    )
  }

  const contextOf = (id: string, speed: number | undefined): Context => {
    let ctx = contexts.get(id)
    if (!ctx) {
      ctx = { id, buffer: '', characters: 0, speed: speed ?? 1, chain: Promise.resolve(), closed: false }
      contexts.set(id, ctx)
    } else if (speed !== undefined) ctx.speed = speed
    return ctx
  }

  const handle = (raw: string) => {
    touch()
    let msg: InMessage
    try {
      msg = JSON.parse(raw) as InMessage
      if (typeof msg !== 'object' || msg === null) throw new Error('not an object')
    } catch {
      return sendError(
        new AppError(ApiErrorCode.STREAM_INPUT_BAD_MESSAGE, 'Each message must be a JSON object', 400),
      )
    }
    if (msg.close_socket === true) return close(1000, 'closed by the client')
    const id = typeof msg.context_id === 'string' && msg.context_id ? msg.context_id.slice(0, 100) : 'default'
    if (msg.close_context === true) {
      const ctx = contexts.get(id)
      if (ctx) {
        stop(ctx)
        contexts.delete(id)
      }
      return send({ isFinal: true, contextId: id, closed: true })
    }
    const speedIn = msg.voice_settings?.speed
    const speed = typeof speedIn === 'number' && speedIn >= 0.25 && speedIn <= 1.9 ? speedIn : undefined
    const ctx = contextOf(id, speed)
    if (typeof msg.text === 'string') {
      if (msg.text === '') {
        // The end of the context: speak what is left, then isFinal once every clause is out.
        enqueue(ctx, ctx.buffer)
        ctx.buffer = ''
        void ctx.chain.then(() => {
          if (!ctx.closed) send({ isFinal: true, contextId: id })
          if (contexts.get(id) === ctx) contexts.delete(id)
        })
        return
      }
      ctx.characters += msg.text.length
      if (ctx.characters > limits.maxContextCharacters) {
        stop(ctx)
        contexts.delete(id)
        return sendError(
          new AppError(
            ApiErrorCode.STREAM_INPUT_TOO_LONG,
            `A context may send at most ${limits.maxContextCharacters} characters`,
            400,
          ),
          id,
        )
      }
      const [clauses, rest] = takeClauses(ctx.buffer + msg.text)
      ctx.buffer = rest
      for (const clause of clauses) enqueue(ctx, clause)
    }
    if (msg.flush === true) {
      enqueue(ctx, ctx.buffer)
      ctx.buffer = ''
    }
  }

  touch()
  socket.on('message', (data, isBinary) => {
    if (isBinary) return fail(ApiErrorCode.STREAM_INPUT_BAD_MESSAGE, 'Send text frames of JSON')
    handle(data.toString())
  })
  socket.on('close', () => close())
  socket.on('error', () => close())
  return { close }
}
