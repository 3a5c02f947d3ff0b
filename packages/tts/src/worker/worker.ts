/** Worker-thread side of the synthesis pool: runs prepare/render/encode tasks. */
import { parentPort } from 'node:worker_threads'
import { createEncoder } from '../encoders/index.ts'
import { preloadWasmMp3 } from '../encoders/mp3-wasm.ts'
import { concatBytes, type AudioEncoder } from '../encoders/types.ts'
import { getEngine } from '../engines/registry.ts'
import { prepareChunk } from '../pipeline/prepare.ts'
import { renderUnit, renderUnits } from '../pipeline/render-unit.ts'
import type { ReplyMessage, TaskMap, TaskMessage, TaskType } from './protocol.ts'

/** Encoder sessions; a promise, so that tasks posted right after `encode-open` find the session. */
const encoders = new Map<string, Promise<AudioEncoder>>()

const session = (id: string): Promise<AudioEncoder> => {
  const encoder = encoders.get(id)
  if (!encoder) throw new Error(`no encoder session ${id}`)
  return encoder
}

type Handlers = { [T in TaskType]: (payload: TaskMap[T]['payload']) => Promise<TaskMap[T]['result']> }

const handlers: Handlers = {
  prepare: async (payload) => prepareChunk(payload),
  render: (payload) => renderUnit(payload),
  'render-batch': (payload) => renderUnits(payload),
  engine: async ({ engine, engineOptions }) => {
    // Warm-up: the MP3 encoder's module is compiled and instantiated here, not on the first request.
    const [e] = await Promise.all([getEngine(engine, engineOptions), preloadWasmMp3().catch(() => undefined)])
    return { id: e.id, version: e.version }
  },
  'encode-open': async ({ session: id, settings, mp3 }) => {
    const encoder = createEncoder(settings, mp3)
    encoder.catch(() => undefined)
    encoders.set(id, encoder)
    await encoder
    return null
  },
  encode: async ({ session: id, pcm }) => (await session(id)).encode(pcm),
  'encode-block': async ({ settings, mp3, pcm }) => {
    const encoder = await createEncoder(settings, mp3)
    return concatBytes([encoder.encode(pcm), encoder.finish()])
  },
  'encode-close': async ({ session: id, flush, pcm }) => {
    const encoder = encoders.get(id)
    encoders.delete(id)
    if (!encoder || !flush) return new Uint8Array(0)
    const e = await encoder
    if (!pcm || pcm.length === 0) return e.finish()
    const head = e.encode(pcm)
    return concatBytes([head, e.finish()])
  },
}

const transferables = (result: unknown): ArrayBuffer[] => {
  if (result instanceof Uint8Array || result instanceof Int16Array) return [result.buffer as ArrayBuffer]
  const units = Array.isArray(result) ? result : [result]
  return units.flatMap((u: unknown) =>
    u && typeof u === 'object' && 'pcm' in u && u.pcm instanceof Int16Array
      ? [u.pcm.buffer as ArrayBuffer]
      : [],
  )
}

const port = parentPort
if (!port) throw new Error('worker.ts must run in a worker thread')

port.on('message', (msg: TaskMessage) => {
  const handler = handlers[msg.type] as (payload: unknown) => Promise<unknown>
  handler(msg.payload).then(
    (result) => {
      // Views into a shared/oversized buffer cannot be transferred safely: copy them first.
      const own =
        result instanceof Uint8Array && result.byteLength !== result.buffer.byteLength
          ? result.slice()
          : result
      port.postMessage({ id: msg.id, ok: true, result: own } satisfies ReplyMessage, transferables(own))
    },
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error))
      const code = (e as { code?: unknown }).code
      port.postMessage({
        id: msg.id,
        ok: false,
        error: { name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) },
      } satisfies ReplyMessage)
    },
  )
})
