/** Worker-thread side of the synthesis pool: runs prepare/render/encode tasks. */
import { parentPort } from 'node:worker_threads'
import { createEncoder } from '../encoders/index.ts'
import type { AudioEncoder } from '../encoders/types.ts'
import { getEngine } from '../engines/registry.ts'
import { prepareChunk } from '../pipeline/prepare.ts'
import { renderUnit, renderUnits } from '../pipeline/render-unit.ts'
import type { ReplyMessage, TaskMap, TaskMessage, TaskType } from './protocol.ts'

const encoders = new Map<string, AudioEncoder>()

type Handlers = { [T in TaskType]: (payload: TaskMap[T]['payload']) => Promise<TaskMap[T]['result']> }

const handlers: Handlers = {
  prepare: async (payload) => prepareChunk(payload),
  render: (payload) => renderUnit(payload),
  'render-batch': (payload) => renderUnits(payload),
  engine: async ({ engine, engineOptions }) => {
    const e = await getEngine(engine, engineOptions)
    return { id: e.id, version: e.version }
  },
  'encode-open': async ({ session, settings, mp3 }) => {
    encoders.set(session, await createEncoder(settings, mp3))
    return null
  },
  encode: async ({ session, pcm }) => {
    const encoder = encoders.get(session)
    if (!encoder) throw new Error(`no encoder session ${session}`)
    return encoder.encode(pcm)
  },
  'encode-block': async ({ settings, mp3, pcm }) => {
    const encoder = await createEncoder(settings, mp3)
    const head = encoder.encode(pcm)
    const tail = encoder.finish()
    const out = new Uint8Array(head.length + tail.length)
    out.set(head)
    out.set(tail, head.length)
    return out
  },
  'encode-close': async ({ session, flush }) => {
    const encoder = encoders.get(session)
    encoders.delete(session)
    return encoder && flush ? encoder.finish() : new Uint8Array(0)
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
