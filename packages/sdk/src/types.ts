import type { Operations } from './generated/api.ts'

/** The JSON body an operation takes. */
export type BodyOf<K extends keyof Operations> = Operations[K] extends { body: infer B } ? B : never
/** The query an operation takes. */
export type QueryOf<K extends keyof Operations> = Operations[K] extends { query: infer Q } ? Q : never
/** The JSON answer of an operation. */
export type AnswerOf<K extends keyof Operations> = Operations[K]['response']
/** The `result` of an `/api/v1` answer (`{status: 1, result}`). */
export type ResultOf<K extends keyof Operations> = AnswerOf<K> extends { result: infer R } ? R : never

/** A request of `POST /v1/tts` (as `GET /v1/tts/requests/{requestId}` and the webhook answer it). */
export type TtsRequest = AnswerOf<'GET /v1/tts/requests/{requestId}'>
export type TtsCreateBody = BodyOf<'POST /v1/tts'>
export type Voice = AnswerOf<'GET /v1/voices'> extends { voices: Array<infer V> } ? V : never
export type LegacyTtsBody = BodyOf<'POST /api/v1/tts'>
export type LegacyTtsRequest = ResultOf<'GET /api/v1/tts/{request_id}'>
export type LegacyStreamBody = BodyOf<'POST /api/v1/tts/stream'>
export type SpeechBody = BodyOf<'POST /v1/audio/speech'>
export type DubbingBody = BodyOf<'POST /api/v1/dubbing'>
export type DubbingRender = ResultOf<'GET /api/v1/dubbing/{render_id}'>
export type CallbackLog = ResultOf<'GET /api/v1/tts/{request_id}/callback-result'>
