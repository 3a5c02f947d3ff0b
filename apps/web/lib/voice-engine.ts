import type { Voice } from './api/types'

/** What the catalogue says about a voice's engine (`GET /voices`: `engine`, `attribution`). */
export interface VoiceEngineInfo {
  /** A neural (Piper) voice rather than an eSpeak one. */
  neural: boolean
  /** The credit line the voice's licence asks for, shown with the voice. */
  attribution?: string
}

export const voiceEngineInfo = (voice: Voice): VoiceEngineInfo => {
  const { engine, attribution } = voice as Voice & { engine?: unknown; attribution?: unknown }
  const credit = typeof attribution === 'string' && attribution.trim() !== '' ? attribution.trim() : undefined
  return { neural: engine === 'piper', ...(credit ? { attribution: credit } : {}) }
}
