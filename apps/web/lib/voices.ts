import {
  GENDERS,
  REGIONS,
  VOICE_PURPOSES,
  type Gender,
  type Region,
  type VoicePurpose,
} from '@loa/contracts/browser'
import type { Voice } from './api/types'

export interface SampleVoice {
  code: string
  name: string
  gender: Gender
  region: Region
  audioLink: string
}

/** A voice the try-it box can read with (no sample needed). */
export type TryItVoice = Omit<SampleVoice, 'audioLink'>

export type VoicesByPurpose = Record<VoicePurpose, SampleVoice[]>

/** The voice keys the landing and /demo read (spec §7 `GET /voices` `fields`): a smaller answer to render. */
export const SAMPLE_VOICE_FIELDS = [
  'code',
  'name',
  'gender',
  'region',
  'features',
  'sample_audio_url',
  'audio_link',
  'rank',
  'level',
] as const

export const sampleAudioOf = (voice: Voice): string | undefined =>
  voice.sampleAudioUrl ?? voice.audioLink ?? voice.demo ?? undefined

/** Voices with a sample, grouped by purpose and ordered by region then gender (then rank). */
export const groupVoicesByPurpose = (
  voices: Voice[],
  resolveMedia: (path: string) => string,
): VoicesByPurpose => {
  const groups = Object.fromEntries(VOICE_PURPOSES.map((p) => [p, [] as SampleVoice[]])) as VoicesByPurpose
  const sorted = [...voices].sort(
    (a, b) =>
      REGIONS.indexOf(a.region ?? 'NORTH') - REGIONS.indexOf(b.region ?? 'NORTH') ||
      GENDERS.indexOf(a.gender) - GENDERS.indexOf(b.gender) ||
      (a.rank ?? 0) - (b.rank ?? 0),
  )
  for (const voice of sorted) {
    const audio = sampleAudioOf(voice)
    if (!audio) continue
    const sample: SampleVoice = {
      code: voice.code,
      name: voice.name,
      gender: (GENDERS as readonly string[]).includes(voice.gender) ? voice.gender : 'OTHER',
      region: (REGIONS as readonly string[]).includes(voice.region ?? '')
        ? (voice.region as Region)
        : 'NORTH',
      audioLink: resolveMedia(audio),
    }
    for (const purpose of voice.features ?? []) {
      if ((VOICE_PURPOSES as readonly string[]).includes(purpose))
        groups[purpose as VoicePurpose].push(sample)
    }
  }
  return groups
}
