/**
 * Audio answered as it is rendered: read it chunk by chunk (`for await`), hand the web `ReadableStream` on
 * (`.body`), or wait for all of it (`arrayBuffer()`). Read it once.
 */
export class AudioStream implements AsyncIterable<Uint8Array> {
  constructor(private readonly response: Response) {}

  /** The answer's headers (`content-type`, `x-loa-request-id`, …). */
  get headers(): Headers {
    return this.response.headers
  }

  /** The audio's media type, e.g. `audio/mpeg`. */
  get contentType(): string {
    return this.response.headers.get('content-type') ?? 'application/octet-stream'
  }

  /** The audio as a web `ReadableStream` of byte chunks. */
  get body(): ReadableStream<Uint8Array> {
    if (!this.response.body) throw new TypeError('The answer has no body')
    return this.response.body
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    const reader = this.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        if (value.byteLength > 0) yield value
      }
    } finally {
      reader.releaseLock()
    }
  }

  /** Every byte of the audio, once the stream ended. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.response.arrayBuffer()
  }
}
