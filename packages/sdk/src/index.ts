export { Loa } from './client.ts'
export type { ClientOptions, CreateOptions, RequestOptions, WebSocketLike } from './http.ts'
export {
  LoaAbortError,
  LoaApiError,
  LoaConnectionError,
  LoaError,
  LoaTimeoutError,
  LoaWebhookError,
} from './errors.ts'
export { AudioStream } from './audio-stream.ts'
export type { PollOptions } from './poll.ts'
export {
  StreamInput,
  type StreamInputMessage,
  type StreamInputOptions,
  type StreamOutputFormat,
} from './resources/stream-input.ts'
export type { CallPromptJob } from './resources/call-prompts.ts'
export { verifyWebhook, SIGNATURE_HEADER, type VerifyWebhookOptions } from './webhooks.ts'
export type * from './types.ts'
export type { Operations, OperationKey } from './generated/api.ts'
