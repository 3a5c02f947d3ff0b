/**
 * ONNX Runtime sessions of Piper voices on this thread: one per voice, loaded on first use, released after
 * `idleMs` unused, reloaded when the model file changes, and refused (`TTS_VOICE_UNAVAILABLE`) once the
 * file is gone — a removed voice never speaks from a stale session.
 */
import { stat } from 'node:fs/promises'
import type * as OnnxRuntime from 'onnxruntime-node'
import type { InferenceSession } from 'onnxruntime-node'
import { TtsError } from '../errors.ts'

type Ort = typeof OnnxRuntime

/** Inputs of Piper's ONNX export (piper_train export_onnx.py); `sid` only for multi-speaker voices. */
export const PIPER_INPUTS = ['input', 'input_lengths', 'scales'] as const

export interface LoadedVoice {
  ort: Ort
  session: InferenceSession
  hasSid: boolean
  output: string
}

interface Kept {
  loading: Promise<LoadedVoice>
  fingerprint: string
  timer: NodeJS.Timeout | undefined
  /** Runs in progress: a dropped session is released only when none is left. */
  users: number
  dropped: boolean
}

let runtime: Promise<Ort> | undefined

const loadRuntime = (): Promise<Ort> => {
  runtime ??= import('onnxruntime-node').catch((error: unknown) => {
    runtime = undefined
    throw new TtsError('TTS_ENGINE_UNAVAILABLE', `ONNX Runtime failed to load: ${String(error)}`)
  })
  return runtime
}

/** Size and modification time: a changed file gets a new session. */
const fingerprintOf = async (path: string): Promise<string> => {
  try {
    const s = await stat(path)
    return `${s.size}:${s.mtimeMs}`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new TtsError('TTS_VOICE_UNAVAILABLE', `Piper voice model ${path} is missing (removed?)`)
    throw new TtsError('TTS_VOICE_UNAVAILABLE', `Piper voice model ${path}: ${String(error)}`)
  }
}

const open = async (path: string, multiSpeaker: boolean): Promise<LoadedVoice> => {
  const ort = await loadRuntime()
  let session: InferenceSession
  try {
    session = await ort.InferenceSession.create(path, {
      // The pool runs one worker per core: one thread per session keeps them from competing.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
    })
  } catch (error) {
    throw new TtsError(
      'TTS_VOICE_MODEL_INVALID',
      `Piper voice model ${path} cannot be loaded (corrupt or truncated?): ${String(error).slice(0, 300)}`,
    )
  }
  const missing = [...PIPER_INPUTS, ...(multiSpeaker ? ['sid'] : [])].filter(
    (name) => !session.inputNames.includes(name),
  )
  const output = session.outputNames[0]
  if (missing.length > 0 || !output) {
    await session.release()
    throw new TtsError(
      'TTS_VOICE_MODEL_INVALID',
      `Piper voice model ${path} is not a Piper export: inputs ${JSON.stringify(session.inputNames)}, missing ${missing.join(', ') || 'an output'}`,
    )
  }
  return { ort, session, hasSid: session.inputNames.includes('sid'), output }
}

const release = (kept: Kept): void => {
  if (kept.users > 0) return
  kept.users = -1
  void kept.loading.then(
    (v) => v.session.release(),
    () => undefined,
  )
}

export class PiperSessions {
  private readonly kept = new Map<string, Kept>()

  constructor(private readonly idleMs: number) {}

  /** The session of the model at `path` (loaded now if needed); `run` runs while it is held. */
  async with<T>(path: string, multiSpeaker: boolean, run: (voice: LoadedVoice) => Promise<T>): Promise<T> {
    let fingerprint: string
    try {
      fingerprint = await fingerprintOf(path)
    } catch (error) {
      this.drop(path)
      throw error
    }
    let kept = this.kept.get(path)
    if (kept && kept.fingerprint !== fingerprint) {
      this.drop(path)
      kept = undefined
    }
    if (!kept) {
      kept = { loading: open(path, multiSpeaker), fingerprint, timer: undefined, users: 0, dropped: false }
      this.kept.set(path, kept)
      kept.loading.catch(() => this.kept.get(path) === kept && this.kept.delete(path))
    }
    if (kept.timer) clearTimeout(kept.timer)
    kept.timer = undefined
    kept.users++
    try {
      return await run(await kept.loading)
    } finally {
      kept.users--
      if (kept.dropped) release(kept)
      else this.armIdle(path, kept)
    }
  }

  get size(): number {
    return this.kept.size
  }

  closeAll(): void {
    for (const path of [...this.kept.keys()]) this.drop(path)
  }

  private armIdle(path: string, kept: Kept): void {
    if (this.kept.get(path) !== kept) return
    if (kept.timer) clearTimeout(kept.timer)
    kept.timer = setTimeout(() => this.drop(path), this.idleMs)
    kept.timer.unref()
  }

  private drop(path: string): void {
    const kept = this.kept.get(path)
    if (!kept) return
    this.kept.delete(path)
    if (kept.timer) clearTimeout(kept.timer)
    kept.dropped = true
    release(kept)
  }
}
