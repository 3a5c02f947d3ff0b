/**
 * What Loa knows about public Vietnamese Piper voices: their Loa sidecar (name, region, gender, purposes),
 * licence and the credit line their licence asks for. Written next to a voice when it is installed by name.
 */
export interface VoiceSidecar {
  code: string
  name: string
  region: 'NORTH' | 'CENTRAL' | 'SOUTH'
  gender: 'MALE' | 'FEMALE'
  purposes: string[]
  tier: 'NEURAL'
  licence: string
  attribution?: string
}

const KNOWN: Record<string, VoiceSidecar> = {
  'vi_VN-vais1000-medium': {
    code: 'vi-north-female-vais1000-neural',
    name: 'VAIS-1000 (neural, Hà Nội)',
    region: 'NORTH',
    gender: 'FEMALE',
    purposes: ['NEWS', 'AUDIO_BOOK'],
    tier: 'NEURAL',
    licence: 'CC BY 4.0 (VAIS-1000 dataset); Piper voice model MIT',
    attribution: 'Neural voice trained by the Piper project on the VAIS-1000 dataset (CC BY 4.0)',
  },
}

/** Public Vietnamese Piper voices whose licence rules out commercial use. */
const NOT_COMMERCIAL: Record<string, string> = {
  'vi_VN-vivos-x_low': 'the VIVOS dataset is CC BY-NC-SA 4.0: non-commercial use only',
  'vi_VN-25hours_single-low': "the model card gives no licence ('Unknown'): do not use it commercially",
}

export const knownVoiceSidecar = (name: string): VoiceSidecar | undefined => KNOWN[name]

/** Why a voice must not be used commercially, when Loa knows of a reason. */
export const licenceWarning = (name: string): string | undefined => NOT_COMMERCIAL[name]
