/**
 * The providers this process speaks through (`configureVoiceProviders`, called by the services with their
 * parsed `VOICE_PROVIDERS_FILE`) and their voices as Loa voices, for the voice registry.
 */
import type { LoaVoice } from '../voices.ts'
import { createProviderClient, type ProviderClient, type ProviderState } from './client.ts'
import type { ProviderConfig } from './types.ts'

/** Provider voices come after the built-in and installed ones in the catalogue order. */
const FIRST_PROVIDER_RANK = 200

let clients = new Map<string, ProviderClient>()
let voices: readonly LoaVoice[] = []
const listeners = new Set<(id: string, state: ProviderState) => void>()

const toVoice = (provider: ProviderConfig, v: ProviderConfig['voices'][number], rank: number): LoaVoice => ({
  code: v.code,
  name: v.name,
  languageCode: 'vi-VN',
  region: v.region,
  gender: v.gender,
  purposes: v.purposes,
  tier: v.tier,
  creditFactor: v.credit_factor,
  rank,
  // Provider voices are not spoken by eSpeak: these fields only satisfy the mapping's shape.
  engine: { espeakVoice: 'vi', variant: '', pitch: 50, range: 50, rate: 175 },
  provider: {
    providerId: provider.id,
    kind: provider.kind,
    providerVoice: v.provider_voice,
    languageCode: v.language_code,
  },
  ...(v.attribution ? { attribution: v.attribution } : {}),
  ...(v.licence ? { licence: v.licence } : {}),
})

/** Replaces the configured providers (an empty list removes them all). */
export const configureVoiceProviders = (providers: readonly ProviderConfig[]): void => {
  clients = new Map(
    providers.map((p) => [
      p.id,
      createProviderClient(p, (id, state) => listeners.forEach((l) => l(id, state))),
    ]),
  )
  let rank = FIRST_PROVIDER_RANK
  voices = providers.flatMap((p) => p.voices.map((v) => toVoice(p, v, rank++)))
}

export const providerVoices = (): readonly LoaVoice[] => voices

export const providerClient = (id: string): ProviderClient | undefined => clients.get(id)

/** `available`, or `paused` (circuit breaker open) — undefined for a provider not configured. */
export const providerState = (id: string): ProviderState | undefined => clients.get(id)?.state()

/** Called when a provider is paused or available again (the API drops cached voice lists). */
export const onProviderStateChange = (listener: (id: string, state: ProviderState) => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
