/**
 * A pool of worker threads that run everything heavy (normalization of long texts, eSpeak, resampling,
 * MP3 encoding), so the event loop of the caller stays responsive.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { TtsError, type TtsErrorCode } from '../errors.ts'
import type { EngineFactoryOptions } from '../engines/types.ts'
import type { EnginePreference } from '../options.ts'
import type { EngineInfo, ReplyMessage, TaskMap, TaskType } from './protocol.ts'

export interface SynthesisPoolOptions {
  /** Number of worker threads (default: available cores, at most 4). */
  size?: number
  /** Options for the engines (e.g. the native espeak-ng path). */
  engineOptions?: EngineFactoryOptions
  /**
   * A worker with no task and no open encoder session for this long is stopped, giving back its engine's memory
   * (eSpeak WebAssembly, voice models); the next task starts it again. 0 keeps workers for the pool's life.
   */
  idleMs?: number
}

/** Default idle time before a worker stops (bench:memory: the embedded backend's idle RSS). */
export const WORKER_IDLE_MS = 60_000

export interface RunOptions {
  /** Pin the task to one worker (encoder sessions live in one worker). */
  worker?: number
  transfer?: ArrayBuffer[]
  /** Fail with `TTS_TIMEOUT` and replace the worker when the task takes longer. */
  timeoutMs?: number
}

export interface SynthesisPool {
  readonly size: number
  readonly engineOptions: EngineFactoryOptions
  run<T extends TaskType>(
    type: T,
    payload: TaskMap[T]['payload'],
    options?: RunOptions,
  ): Promise<TaskMap[T]['result']>
  /** The worker with the fewest pending tasks (other than `except`, when there is another one). */
  leastBusy(except?: number): number
  /** Which engine a preference resolves to (and loads it in every worker). */
  engineInfo(preference: EnginePreference): Promise<EngineInfo>
  /** Starts the workers and loads the engine so that the first request is fast. */
  warmup(preference?: EnginePreference): Promise<EngineInfo>
  /** Workers running now (idle ones stop after `idleMs`). */
  running(): number
  close(): Promise<void>
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

interface Slot {
  worker: Worker
  pending: Map<number, Pending>
  /** Encoder sessions opened and not yet closed: their state lives in this worker. */
  sessions: number
  idleTimer?: NodeJS.Timeout
}

const ENTRY = new URL('./entry.mjs', import.meta.url)

const revive = (error: { name: string; code?: string; message: string }): Error => {
  if (error.name === 'TtsError' && error.code) return new TtsError(error.code as TtsErrorCode, error.message)
  const e = new Error(error.message)
  e.name = error.name
  if (error.code) Object.assign(e, { code: error.code })
  return e
}

export const createSynthesisPool = (options: SynthesisPoolOptions = {}): SynthesisPool => {
  const size = Math.max(1, Math.floor(options.size ?? Math.min(4, availableParallelism())))
  const engineOptions = options.engineOptions ?? {}
  const idleMs = options.idleMs ?? WORKER_IDLE_MS
  let nextId = 1
  let closed = false
  const slots: (Slot | undefined)[] = new Array(size).fill(undefined)
  const engines = new Map<EnginePreference, Promise<EngineInfo>>()

  const spawn = (index: number): Slot => {
    const worker = new Worker(ENTRY)
    worker.unref()
    const slot: Slot = { worker, pending: new Map(), sessions: 0 }
    worker.on('message', (msg: ReplyMessage) => {
      const task = slot.pending.get(msg.id)
      if (!task) return
      slot.pending.delete(msg.id)
      if (slot.pending.size === 0) {
        worker.unref()
        stopWhenIdle(index, slot)
      }
      if (msg.ok) task.resolve(msg.result)
      else task.reject(revive(msg.error))
    })
    const fail = (error: Error): void => {
      if (slots[index] === slot) slots[index] = undefined
      for (const task of slot.pending.values()) {
        task.reject(new TtsError('TTS_ENGINE_FAILED', `synthesis worker stopped: ${error.message}`))
      }
      slot.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)))
    slots[index] = slot
    return slot
  }

  const stopWhenIdle = (index: number, slot: Slot): void => {
    if (idleMs <= 0 || slot.sessions > 0) return
    clearTimeout(slot.idleTimer)
    slot.idleTimer = setTimeout(() => {
      if (slots[index] !== slot || slot.pending.size > 0 || slot.sessions > 0) return
      slots[index] = undefined
      void slot.worker.terminate()
    }, idleMs)
    slot.idleTimer.unref()
  }

  const slotAt = (index: number): Slot => slots[index] ?? spawn(index)

  const pool: SynthesisPool = {
    size,
    engineOptions,
    leastBusy(except) {
      const load = (i: number): number => (i === except ? Infinity : (slots[i]?.pending.size ?? 0))
      let best = 0
      for (let i = 1; i < size; i++) if (load(i) < load(best)) best = i
      return best
    },
    run(type, payload, runOptions = {}) {
      if (closed) return Promise.reject(new TtsError('TTS_ABORTED', 'the synthesis pool is closed'))
      const index = runOptions.worker ?? pool.leastBusy()
      const slot = slotAt(index)
      clearTimeout(slot.idleTimer)
      if (type === 'encode-open') slot.sessions++
      else if (type === 'encode-close') slot.sessions = Math.max(0, slot.sessions - 1)
      const id = nextId++
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined
        const settle =
          <A>(fn: (a: A) => void) =>
          (a: A): void => {
            if (timer) clearTimeout(timer)
            fn(a)
          }
        slot.pending.set(id, { resolve: settle(resolve as (v: unknown) => void), reject: settle(reject) })
        if (runOptions.timeoutMs) {
          timer = setTimeout(() => {
            slot.pending.delete(id)
            reject(
              new TtsError('TTS_TIMEOUT', `${type} took longer than ${Math.round(runOptions.timeoutMs!)} ms`),
            )
            // The worker is stuck in synchronous code: replace it (its other tasks fail with it).
            if (slots[index] === slot) slots[index] = undefined
            void slot.worker.terminate()
          }, runOptions.timeoutMs)
          timer.unref()
        }
        slot.worker.ref()
        slot.worker.postMessage({ id, type, payload }, runOptions.transfer ?? [])
      })
    },
    engineInfo(preference) {
      let info = engines.get(preference)
      if (!info) {
        info = Promise.all(
          Array.from({ length: size }, (_, i) =>
            pool.run('engine', { engine: preference, engineOptions }, { worker: i }),
          ),
        ).then((all) => all[0]!)
        info.catch(() => engines.delete(preference))
        engines.set(preference, info)
      }
      return info
    },
    warmup: (preference = 'auto') => pool.engineInfo(preference),
    running: () => slots.filter(Boolean).length,
    async close() {
      closed = true
      await Promise.all(slots.map((slot) => slot?.worker.terminate()))
    },
  }
  return pool
}

let shared: SynthesisPool | undefined

/** The process-wide pool used when a request brings none. */
export const getSharedPool = (): SynthesisPool => {
  shared ??= createSynthesisPool()
  return shared
}

export const closeSharedPool = async (): Promise<void> => {
  const pool = shared
  shared = undefined
  await pool?.close()
}
