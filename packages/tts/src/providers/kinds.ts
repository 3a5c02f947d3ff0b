/** Provider kinds → their adapter module, loaded on first use (one file per kind). */
import type { VoiceProviderKind } from '@loa/contracts'
import type { ProviderAdapter } from './types.ts'

const KINDS: Record<VoiceProviderKind, () => Promise<{ adapter: ProviderAdapter }>> = {
  openai: () => import('./openai.ts'),
  azure: () => import('./azure.ts'),
  google: () => import('./google.ts'),
  elevenlabs: () => import('./elevenlabs.ts'),
  fpt: () => import('./fpt.ts'),
}

export const adapterFor = async (kind: VoiceProviderKind): Promise<ProviderAdapter> =>
  (await KINDS[kind]()).adapter
