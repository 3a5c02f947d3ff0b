import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { ApiErrorCode } from '../../errors.ts'

/**
 * OpenAI's voice names with the gender they sound (alloy is neutral; it reads as female here). The default map
 * gives the n-th name of a gender the n-th best installed Loa voice of that gender (docs/notes/issue-30.md).
 */
export const OPENAI_VOICES = {
  alloy: 'FEMALE',
  ash: 'MALE',
  ballad: 'MALE',
  coral: 'FEMALE',
  echo: 'MALE',
  fable: 'MALE',
  onyx: 'MALE',
  nova: 'FEMALE',
  sage: 'FEMALE',
  shimmer: 'FEMALE',
  verse: 'MALE',
  marin: 'FEMALE',
  cedar: 'MALE',
} as const
export type OpenAiVoice = keyof typeof OPENAI_VOICES

/** fast = eSpeak voices only (lowest latency); best = installed neural (Piper) voices first. */
export type Quality = 'fast' | 'best'

/** OpenAI's model names and Loa's engine names, and the quality each asks for. */
export const MODELS: Record<string, Quality> = {
  'tts-1': 'fast',
  'tts-1-hd': 'best',
  'gpt-4o-mini-tts': 'best',
  'gpt-4o-mini-tts-2025-12-15': 'best',
  espeak: 'fast',
  'espeak-native': 'fast',
  'espeak-wasm': 'fast',
  piper: 'best',
}

/** The quality of a model name; an unknown one is 404 TTS_MODEL_NOT_FOUND (as OpenAI answers `model_not_found`). */
export const qualityOf = (model: string): Quality => {
  const quality = MODELS[model] ?? (model.startsWith('gpt-4o-mini-tts') ? 'best' : undefined)
  if (!quality)
    throw new AppError(
      ApiErrorCode.TTS_MODEL_NOT_FOUND,
      `The model '${model}' does not exist; use one of ${Object.keys(MODELS).join(', ')}`,
      404,
      { details: { param: 'model' } },
    )
  return quality
}

const LOCAL_LEVELS = ['BASIC', 'NEURAL']

interface CatalogueVoice {
  code: string
  name: string
  gender: string
  level: string
}

/** The active local voices, best first for `quality` (neural before eSpeak for best; eSpeak only for fast). */
const candidates = (voices: CatalogueVoice[], quality: Quality): CatalogueVoice[] =>
  quality === 'fast'
    ? voices.filter((v) => v.level === 'BASIC')
    : [...voices.filter((v) => v.level === 'NEURAL'), ...voices.filter((v) => v.level === 'BASIC')]

/** Every OpenAI voice name → the Loa voice it speaks with at a quality (the documented default map). */
export const defaultVoiceMap = (voices: CatalogueVoice[], quality: Quality): Record<OpenAiVoice, string> => {
  const pool = candidates(voices, quality)
  const seen: Record<string, number> = {}
  const map = {} as Record<OpenAiVoice, string>
  for (const [name, gender] of Object.entries(OPENAI_VOICES) as [OpenAiVoice, string][]) {
    const same = pool.filter((v) => v.gender.toUpperCase() === gender)
    const from = same.length > 0 ? same : pool
    const n = seen[gender] ?? 0
    seen[gender] = n + 1
    if (from.length > 0) map[name] = from[n % from.length]!.code
  }
  return map
}

/** The catalogue's active local voices in rank order. */
export const localVoices = async (db: Db): Promise<CatalogueVoice[]> =>
  db
    .select({ code: t.voices.code, name: t.voices.name, gender: t.voices.gender, level: t.voices.level })
    .from(t.voices)
    .where(and(eq(t.voices.active, true), inArray(t.voices.level, LOCAL_LEVELS)))
    .orderBy(asc(t.voices.rank), asc(t.voices.code))

/**
 * The Loa voice code a request speaks with: an OpenAI name through `overrides` (OPENAI_VOICE_MAP), else the
 * default map; anything else as a Loa voice code (checked when the request is created).
 */
export const resolveOpenAiVoice = async (
  db: Db,
  voice: string,
  quality: Quality,
  overrides: Record<string, string> = {},
): Promise<string> => {
  const name = voice.toLowerCase()
  if (overrides[name]) return overrides[name]
  if (!(name in OPENAI_VOICES)) return voice
  const mapped = defaultVoiceMap(await localVoices(db), quality)[name as OpenAiVoice]
  if (!mapped)
    throw new AppError(ApiErrorCode.VOICE_NOT_FOUND, `No installed voice speaks for '${voice}'`, 400, {
      details: { param: 'voice' },
    })
  return mapped
}
