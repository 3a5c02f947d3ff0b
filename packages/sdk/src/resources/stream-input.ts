import { LoaConnectionError, LoaError } from '../errors.ts'
import type { WebSocketLike } from '../http.ts'

/** ElevenLabs-style output formats of the text-in stream. */
export type StreamOutputFormat =
  | 'mp3_22050_32'
  | 'mp3_24000_48'
  | 'mp3_44100_128'
  | 'pcm_8000'
  | 'pcm_16000'
  | 'pcm_22050'
  | 'pcm_24000'
  | 'pcm_44100'
  | 'ulaw_8000'
  | 'alaw_8000'

export interface StreamInputOptions {
  /** The Loa voice code that speaks every context (default: the API's default voice). */
  voice?: string
  /** Default `pcm_24000` (raw 16-bit little-endian). */
  outputFormat?: StreamOutputFormat
  /** Seconds without a message before the server closes the socket (1–180, default 20). */
  inactivityTimeout?: number
  /** A ticket from `tts.ticket()` (a browser gets it from your server); default: one fetched with the token. */
  ticket?: string
  WebSocket?: WebSocketLike
  url?: string
}

/** One message of the server: audio (decoded), a clause's character timing, the end of a context, or an error. */
export interface StreamInputMessage {
  contextId?: string
  /** Audio bytes (empty on timing, final and error messages). */
  audio: Uint8Array
  isFinal: boolean
  alignment?: { chars: string[]; charStartTimesMs: number[]; charDurationsMs: number[] }
  requestId?: string
  error?: { code: string; message: string }
}

const decodeBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * An open text-in stream. Send text with `send` (clauses are spoken as they complete), end a context with `end`,
 * and read the server's messages with `for await (const message of stream)` or only the audio with `audio()`.
 */
export class StreamInput implements AsyncIterable<StreamInputMessage> {
  private readonly queue: StreamInputMessage[] = []
  private waiting: ((result: IteratorResult<StreamInputMessage>) => void) | undefined
  private closed = false

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event: MessageEvent) => {
      const raw = JSON.parse(String(event.data)) as Record<string, unknown>
      this.push({
        ...(raw as object),
        contextId: raw.contextId as string | undefined,
        audio: typeof raw.audio === 'string' && raw.audio ? decodeBase64(raw.audio) : new Uint8Array(0),
        isFinal: raw.isFinal === true,
      } as StreamInputMessage)
    })
    socket.addEventListener('close', () => {
      this.closed = true
      this.waiting?.({ done: true, value: undefined })
      this.waiting = undefined
    })
  }

  /** Opens the socket; resolves once it is open. */
  static open(url: string, WebSocketImpl: WebSocketLike | undefined): Promise<StreamInput> {
    const Impl = WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketLike }).WebSocket
    if (!Impl)
      throw new LoaError(
        'No WebSocket here: pass one, e.g. new Loa({ WebSocket: (await import("ws")).WebSocket })',
      )
    const socket = new Impl(url)
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(new StreamInput(socket)), { once: true })
      socket.addEventListener(
        'close',
        (event: CloseEvent) =>
          reject(new LoaConnectionError(`The stream did not open (close ${event.code} ${event.reason})`)),
        { once: true },
      )
    })
  }

  private push(message: StreamInputMessage) {
    if (this.waiting) {
      this.waiting({ done: false, value: message })
      this.waiting = undefined
    } else this.queue.push(message)
  }

  private write(message: Record<string, unknown>) {
    if (this.socket.readyState !== 1) throw new LoaConnectionError('The stream is closed')
    this.socket.send(JSON.stringify(message))
  }

  /** Sends text; `flush` speaks what is buffered even mid-clause. */
  send(text: string, options: { contextId?: string; flush?: boolean; speed?: number } = {}): void {
    this.write({
      text,
      ...(options.contextId ? { context_id: options.contextId } : {}),
      ...(options.flush ? { flush: true } : {}),
      ...(options.speed ? { voice_settings: { speed: options.speed } } : {}),
    })
  }

  /** Ends a context: the rest of its text is spoken, then a message with `isFinal: true` comes. */
  end(contextId?: string): void {
    this.write({ text: '', ...(contextId ? { context_id: contextId } : {}) })
  }

  /** Drops a context at once (barge-in): nothing more of it is spoken or charged. */
  closeContext(contextId: string): void {
    this.write({ close_context: true, context_id: contextId })
  }

  /** Closes the socket. */
  close(): void {
    if (this.socket.readyState === 1) this.write({ close_socket: true })
    else this.socket.close()
  }

  [Symbol.asyncIterator](): AsyncIterator<StreamInputMessage> {
    return {
      next: () => {
        const queued = this.queue.shift()
        if (queued) return Promise.resolve({ done: false, value: queued })
        if (this.closed) return Promise.resolve({ done: true, value: undefined })
        return new Promise((resolve) => (this.waiting = resolve))
      },
    }
  }

  /** The audio chunks of one context (or of the default one) until it is final; an error message throws. */
  async *audio(contextId?: string): AsyncGenerator<Uint8Array> {
    for await (const message of this) {
      if (contextId !== undefined && message.contextId !== contextId) continue
      if (message.error) throw new LoaError(`${message.error.code}: ${message.error.message}`)
      if (message.audio.byteLength > 0) yield message.audio
      if (message.isFinal) return
    }
  }
}
