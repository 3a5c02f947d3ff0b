import type { Db } from '@loa/db'
import { app as t } from '@loa/db'
import { and, asc, eq, inArray } from 'drizzle-orm'

/**
 * FPT.AI text-to-speech v5's documented voices with the region and gender they speak
 * (shared/reference/voice-providers.md §5a). Each is spoken by a Loa voice of the same region and gender.
 */
export const FPT_VOICES = {
  banmai: { region: 'NORTH', gender: 'FEMALE' },
  thuminh: { region: 'NORTH', gender: 'FEMALE' },
  leminh: { region: 'NORTH', gender: 'MALE' },
  myan: { region: 'CENTRAL', gender: 'FEMALE' },
  giahuy: { region: 'CENTRAL', gender: 'MALE' },
  lannhi: { region: 'SOUTH', gender: 'FEMALE' },
  linhsan: { region: 'SOUTH', gender: 'FEMALE' },
} as const
export type FptVoice = keyof typeof FPT_VOICES
/** FPT's default voice (the header is optional there). */
export const FPT_DEFAULT_VOICE: FptVoice = 'banmai'

interface LocalVoice {
  code: string
  region: string
  gender: string
  level: string
}

/**
 * Every FPT voice → a Loa voice code: the n-th FPT name of a region and gender gets the n-th best active local
 * voice of that region and gender (neural before eSpeak), else of that gender, else the best voice.
 */
export const fptVoiceMap = (voices: LocalVoice[]): Record<FptVoice, string> => {
  const pool = [...voices.filter((v) => v.level === 'NEURAL'), ...voices.filter((v) => v.level !== 'NEURAL')]
  const seen: Record<string, number> = {}
  const map = {} as Record<FptVoice, string>
  for (const [name, { region, gender }] of Object.entries(FPT_VOICES) as [FptVoice, LocalVoice][]) {
    const same = pool.filter((v) => v.region === region && v.gender.toUpperCase() === gender)
    const from = same.length > 0 ? same : pool.filter((v) => v.gender.toUpperCase() === gender)
    const n = seen[`${region}/${gender}`] ?? 0
    seen[`${region}/${gender}`] = n + 1
    const chosen = (from.length > 0 ? from : pool)[n % Math.max(1, (from.length > 0 ? from : pool).length)]
    if (chosen) map[name] = chosen.code
  }
  return map
}

/**
 * The Loa voice a `voice` header speaks with: an FPT name through the map (case-insensitive), anything else as a
 * Loa voice code (checked when the request is created: VOICE_NOT_FOUND).
 */
export const resolveFptVoice = async (db: Db, voice: string | undefined): Promise<string> => {
  const name = (voice ?? FPT_DEFAULT_VOICE).trim().toLowerCase()
  if (!(name in FPT_VOICES)) return voice!.trim()
  const voices = await db
    .select({ code: t.voices.code, region: t.voices.region, gender: t.voices.gender, level: t.voices.level })
    .from(t.voices)
    .where(and(eq(t.voices.active, true), inArray(t.voices.level, ['BASIC', 'NEURAL'])))
    .orderBy(asc(t.voices.rank), asc(t.voices.code))
  return fptVoiceMap(voices)[name as FptVoice] ?? name
}

/** FPT's speed (−3 slowest … +3 fastest, 0 normal) as a Loa speed rate: 1 + speed / 10 (0.7 … 1.3). */
export const loaSpeedOf = (fptSpeed: number): number => Math.round((1 + fptSpeed / 10) * 100) / 100
