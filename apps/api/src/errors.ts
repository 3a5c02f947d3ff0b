/**
 * Error codes of the product API (on top of CommonErrorCode from @loa/contracts).
 * Append only: never rename or reuse a code; the web app translates them into vi/en.
 */
export const ApiErrorCode = {
  VOICE_NOT_FOUND: 'VOICE_NOT_FOUND',
  PACKAGE_NOT_FOUND: 'PACKAGE_NOT_FOUND',
  BANNER_NOT_FOUND: 'BANNER_NOT_FOUND',
  VOUCHER_NOT_FOUND: 'VOUCHER_NOT_FOUND',
  NEWS_NOT_FOUND: 'NEWS_NOT_FOUND',
  SHORTLINK_NOT_FOUND: 'SHORTLINK_NOT_FOUND',
  AFFILIATE_CODE_NOT_FOUND: 'AFFILIATE_CODE_NOT_FOUND',
  AFFILIATE_SELF_REFERRAL: 'AFFILIATE_SELF_REFERRAL',
  AFFILIATE_ALREADY_SET: 'AFFILIATE_ALREADY_SET',
  CODE_ALREADY_EXISTS: 'CODE_ALREADY_EXISTS',
  // The credit codes (INSUFFICIENT_CREDITS, RESERVATION_…, INVALID_CREDIT_AMOUNT, …) are LedgerErrorCode of @loa/ledger.
  DEVICE_NOT_FOUND: 'DEVICE_NOT_FOUND',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  UPLOAD_NOT_FOUND: 'UPLOAD_NOT_FOUND',
  SUPPORT_TICKET_NOT_FOUND: 'SUPPORT_TICKET_NOT_FOUND',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  FILE_SIGNATURE_INVALID: 'FILE_SIGNATURE_INVALID',
  FILE_URL_EXPIRED: 'FILE_URL_EXPIRED',
  STORAGE_NOT_LOCAL: 'STORAGE_NOT_LOCAL',
  EMAIL_REQUIRED: 'EMAIL_REQUIRED',
  SYNTHESIS_NOT_FOUND: 'SYNTHESIS_NOT_FOUND',
  SYNTHESIS_NOT_READY: 'SYNTHESIS_NOT_READY',
  TEXT_EMPTY: 'TEXT_EMPTY',
  /** The text has characters but nothing to read (only punctuation, symbols or emoji). */
  TTS_EMPTY_TEXT: 'TTS_EMPTY_TEXT',
  TEXT_TOO_LONG: 'TEXT_TOO_LONG',
  SYNTHESIS_OPTION_INVALID: 'SYNTHESIS_OPTION_INVALID',
  CALLBACK_URL_INVALID: 'CALLBACK_URL_INVALID',
  CALLBACK_URL_FORBIDDEN: 'CALLBACK_URL_FORBIDDEN',
  CALLBACK_URL_UNRESOLVABLE: 'CALLBACK_URL_UNRESOLVABLE',
  API_APP_NOT_FOUND: 'API_APP_NOT_FOUND',
  APP_TOKEN_INVALID: 'APP_TOKEN_INVALID',
  APP_REVOKED: 'APP_REVOKED',
  APP_ID_MISMATCH: 'APP_ID_MISMATCH',
  TTS_CONCURRENCY_LIMIT_REACHED: 'TTS_CONCURRENCY_LIMIT_REACHED',
  TTS_RATE_LIMITED: 'TTS_RATE_LIMITED',
  DEMO_RATE_LIMITED: 'DEMO_RATE_LIMITED',
  DICTIONARY_ENTRY_NOT_FOUND: 'DICTIONARY_ENTRY_NOT_FOUND',
  DICTIONARY_ENTRY_EXISTS: 'DICTIONARY_ENTRY_EXISTS',
  DICTIONARY_LIMIT_REACHED: 'DICTIONARY_LIMIT_REACHED',
  DICTIONARY_WORD_INVALID: 'DICTIONARY_WORD_INVALID',
  DICTIONARY_READING_INVALID: 'DICTIONARY_READING_INVALID',
  USAGE_RANGE_INVALID: 'USAGE_RANGE_INVALID',
  USAGE_RANGE_TOO_LONG: 'USAGE_RANGE_TOO_LONG',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  SAMPLE_SCRIPT_NOT_FOUND: 'SAMPLE_SCRIPT_NOT_FOUND',
  SSO_OPERATOR_UNAVAILABLE: 'SSO_OPERATOR_UNAVAILABLE',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** A retry with an `Idempotency-Key` whose first call is still running (issue 37). */
  IDEMPOTENCY_KEY_IN_USE: 'IDEMPOTENCY_KEY_IN_USE',
  PAYMENT_EVENT_NOT_FOUND: 'PAYMENT_EVENT_NOT_FOUND',
  PAYMENT_EVENT_NOT_MATCHABLE: 'PAYMENT_EVENT_NOT_MATCHABLE',
  PAYMENT_AMOUNT_MISMATCH: 'PAYMENT_AMOUNT_MISMATCH',
  ORDER_NOT_REFUNDABLE: 'ORDER_NOT_REFUNDABLE',
  QUEUE_UNAVAILABLE: 'QUEUE_UNAVAILABLE',
  JOB_NOT_FOUND: 'JOB_NOT_FOUND',
  JOB_STATE_CONFLICT: 'JOB_STATE_CONFLICT',
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  ONE_TAP_EMAIL_MISMATCH: 'ONE_TAP_EMAIL_MISMATCH',
  /** Developer API v1 (`/v1/*`, issue 21): the per-app concurrency limit, under Vbee's name. */
  TTS_CCR_MAX_LIMIT_REACHED: 'TTS_CCR_MAX_LIMIT_REACHED',
  /** `mode: "sync"` with a text over the sync limit (use `async`). */
  TTS_SYNC_TEXT_TOO_LONG: 'TTS_SYNC_TEXT_TOO_LONG',
  /** `/v1/*` calls need the `App-Id` header of the token's app. */
  APP_ID_REQUIRED: 'APP_ID_REQUIRED',
  /** A sync request whose render failed (the body names the render's own error code). */
  TTS_SYNC_FAILED: 'TTS_SYNC_FAILED',
  /** The app token's chosen lifetime has passed (rotate it in the console). */
  APP_TOKEN_EXPIRED: 'APP_TOKEN_EXPIRED',
  /** Back-office: the voice's sample could not be spoken or stored (the old sample stays). */
  VOICE_SAMPLE_FAILED: 'VOICE_SAMPLE_FAILED',
  /** Back-office: no installed neural voice of that file name in the voices folder. */
  VOICE_NOT_INSTALLED: 'VOICE_NOT_INSTALLED',
  /** Back-office: no provider of that id was added on the Voices screen. */
  VOICE_PROVIDER_NOT_FOUND: 'VOICE_PROVIDER_NOT_FOUND',
  /** Back-office: a provider of that id exists already (in VOICE_PROVIDERS_FILE or added on the screen). */
  VOICE_PROVIDER_EXISTS: 'VOICE_PROVIDER_EXISTS',
  /** Back-office: the provider comes from VOICE_PROVIDERS_FILE, which the screen does not change. */
  VOICE_PROVIDER_READ_ONLY: 'VOICE_PROVIDER_READ_ONLY',
  /** Back-office: a voice code of the provider is another voice's (another provider's, or a catalogue voice). */
  VOICE_CODE_TAKEN: 'VOICE_CODE_TAKEN',
  /** Back-office: the key variable's name does not start with VOICE_KEY_ (Loa's own secrets are never sent out). */
  VOICE_PROVIDER_KEY_NAME: 'VOICE_PROVIDER_KEY_NAME',
  /** Back-office: an enabled provider names a key variable this server does not have. */
  VOICE_PROVIDER_KEY_NOT_SET: 'VOICE_PROVIDER_KEY_NOT_SET',
  /** Back-office: no such contact-form message. */
  CONTACT_NOT_FOUND: 'CONTACT_NOT_FOUND',
  /** The retention sweep deleted the request's audio and timeline (API_AUDIO_RETENTION_DAYS after creation). */
  TTS_AUDIO_EXPIRED: 'TTS_AUDIO_EXPIRED',
  /** `POST /v1/audio/speech`: a `model` that is neither an OpenAI speech model nor a Loa engine (issue 30). */
  TTS_MODEL_NOT_FOUND: 'TTS_MODEL_NOT_FOUND',
  /** A response format that needs ffmpeg (opus, aac, flac) on a server without it. */
  TTS_FORMAT_UNAVAILABLE: 'TTS_FORMAT_UNAVAILABLE',
  /** `/v1/tts/stream-input?ticket=`: a ticket that is unknown, already used or older than 60 s. */
  STREAM_TICKET_INVALID: 'STREAM_TICKET_INVALID',
  /** The text-in socket got no message for its inactivity timeout and closed. */
  STREAM_INPUT_IDLE: 'STREAM_INPUT_IDLE',
  /** The text-in socket reached its longest life and closed. */
  STREAM_INPUT_TIMEOUT: 'STREAM_INPUT_TIMEOUT',
  /** A context sent more text than one context may. */
  STREAM_INPUT_TOO_LONG: 'STREAM_INPUT_TOO_LONG',
  /** A frame that is not a JSON object (or a binary frame). */
  STREAM_INPUT_BAD_MESSAGE: 'STREAM_INPUT_BAD_MESSAGE',
} as const
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode]
