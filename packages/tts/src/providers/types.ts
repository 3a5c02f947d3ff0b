/**
 * Provider voices (issue #26 §2): one adapter module per provider kind behind `ProviderAdapter`; adding a kind
 * is adding a file and a line in `kinds.ts`. Adapters turn one request (plain normalized text, at most the
 * provider's limit) into 16-bit mono PCM chunks as the provider sends them, with word times where it offers
 * them. Concurrency, timeouts, retries and the circuit breaker live in `client.ts`, shared by every kind.
 */
import type { VoiceProviderEntry } from '@loa/contracts'

/** A provider as configured: the file's entry plus how to read its key (never stored, never serialized). */
export interface ProviderConfig extends VoiceProviderEntry {
  /** Reads the key from the environment variable the entry names; undefined when none is needed. */
  apiKey?: () => string | undefined
}

/** What a provider voice adds to a Loa voice. */
export interface ProviderVoiceRef {
  /** The provider entry's id. */
  providerId: string
  kind: VoiceProviderEntry['kind']
  /** The provider's own voice id. */
  providerVoice: string
  languageCode: string
}

export interface ProviderRequest {
  /** Normalized plain text (adapters that send SSML escape it). */
  text: string
  voice: ProviderVoiceRef
  /** Loa's speed, 0.25–1.9 (adapters map it onto the provider's scale). */
  speed: number
  /** The rate the caller wants (adapters ask for it when the provider offers it; else Loa resamples). */
  sampleRate: number
}

/** A word as the provider timed it: offsets in `ProviderRequest.text`, times from the start of its audio. */
export interface ProviderWord {
  offset: number
  length: number
  startMs: number
  endMs: number
}

export interface ProviderAudio {
  sampleRate: number
  /** PCM chunks in order, as they arrive (a streaming provider's first bytes come out at once). */
  pcm: AsyncIterable<Int16Array>
  /** After `pcm` is consumed: the provider's word times, or undefined (Loa then estimates them). */
  words(): ProviderWord[] | undefined
}

/** How an adapter reaches the provider: `fetch` with the provider's timeout, retries and error mapping. */
export interface ProviderHttp {
  /** Sends a request; resolves with a 2xx response or throws a coded `TtsError` (PROVIDER_*). */
  send(url: string, init: RequestInit): Promise<Response>
  /** Waits (cancellable) — used by adapters that poll. */
  sleep(ms: number): Promise<void>
  /** The request's signal (the caller's cancel and the provider's time limit), for fetches outside `send`. */
  readonly signal: AbortSignal
  readonly config: ProviderConfig
}

export interface ProviderAdapter {
  /** The provider's own request limit, in characters of `size()` (the operator's `max_chars` may lower it). */
  readonly maxChars: number
  /** How much of the limit a text uses (SSML providers count the escaped document; Google counts bytes). */
  size(text: string): number
  synthesize(request: ProviderRequest, http: ProviderHttp): Promise<ProviderAudio>
}
