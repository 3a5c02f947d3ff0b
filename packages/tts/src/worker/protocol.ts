/** Messages between the synthesis pool (main thread) and its worker threads. */
import type { EncoderSettings } from '../encoders/types.ts'
import type { Mp3EncoderKind } from '../encoders/index.ts'
import type { EngineFactoryOptions } from '../engines/types.ts'
import type { EnginePreference } from '../options.ts'
import type { PreparedText, PrepareRequest } from '../pipeline/prepare.ts'
import type { RenderBatchRequest, RenderedUnit, RenderRequest } from '../pipeline/render-unit.ts'
import type { EngineId } from '../voices.ts'

export interface EngineInfo {
  /** `provider` for provider voices (the version then names the provider and its voice). */
  id: EngineId | 'provider'
  version: string
}

export interface TaskMap {
  prepare: { payload: PrepareRequest; result: PreparedText }
  render: { payload: RenderRequest; result: RenderedUnit }
  'render-batch': { payload: RenderBatchRequest; result: RenderedUnit[] }
  engine: { payload: { engine: EnginePreference; engineOptions?: EngineFactoryOptions }; result: EngineInfo }
  'encode-open': {
    payload: { session: string; settings: EncoderSettings; mp3?: Mp3EncoderKind }
    result: null
  }
  encode: { payload: { session: string; pcm: Int16Array }; result: Uint8Array }
  /** Ends a session; with `flush`, encodes `pcm` (if any) and the encoder's last frames. */
  'encode-close': { payload: { session: string; flush: boolean; pcm?: Int16Array }; result: Uint8Array }
  /** A whole block encoded with a fresh encoder (MP3 blocks concatenate into one valid stream). */
  'encode-block': {
    payload: { settings: EncoderSettings; mp3?: Mp3EncoderKind; pcm: Int16Array }
    result: Uint8Array
  }
}

export type TaskType = keyof TaskMap

export interface TaskMessage<T extends TaskType = TaskType> {
  id: number
  type: T
  payload: TaskMap[T]['payload']
}

export interface SerializedError {
  name: string
  code?: string
  message: string
}

export type ReplyMessage =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError }
