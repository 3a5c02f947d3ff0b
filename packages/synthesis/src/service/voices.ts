import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { findVoice, VOICES } from '@loa/tts'
import { and, eq, inArray } from 'drizzle-orm'
import type { RenderParagraph } from '../render.ts'
import { SynthesisErrorCode } from './errors.ts'

/**
 * The @loa/tts voice that speaks a catalogue voice. The catalogue stores either a tts voice code or an eSpeak
 * reference `espeak:<voice>+<variant>` (the seeds); the latter maps to the tts voice with that eSpeak voice
 * and variant, else the first one of that voice and gender.
 */
export const ttsVoiceFor = (engineVoice: string): string | undefined => {
  if (findVoice(engineVoice)) return engineVoice
  const m = /^espeak:([\w-]+)\+([a-z]+)(\d*)$/i.exec(engineVoice)
  if (!m) return undefined
  const [, espeakVoice, kind, n] = m
  const same = VOICES.filter((v) => v.engine.espeakVoice === espeakVoice)
  const gender = kind!.toLowerCase() === 'f' ? 'FEMALE' : 'MALE'
  return (
    same.find((v) => v.engine.variant === `${kind}${n}`) ??
    same.find((v) => v.gender === gender) ??
    same[0]
  )?.code
}

/** A paragraph as requested: the catalogue voice code (`voice`) and, once resolved, the engine voice. */
export interface InputParagraph {
  text: string
  voice: string
  speed: number
}

/** What the row keeps per paragraph: the engine voice to render with and the catalogue code to show. */
export type StoredParagraph = RenderParagraph & { voice: string }

/** Catalogue voice codes → engine voices (active catalogue voices; engine ids are accepted as they are). */
export const resolveVoices = async (db: Db, paragraphs: InputParagraph[]): Promise<StoredParagraph[]> => {
  const codes = [...new Set(paragraphs.map((p) => p.voice))]
  const rows = codes.length
    ? await db
        .select({ code: t.voices.code, engineVoice: t.voices.engineVoice })
        .from(t.voices)
        .where(and(inArray(t.voices.code, codes), eq(t.voices.active, true)))
    : []
  const engine = new Map(rows.map((r) => [r.code, r.engineVoice]))
  return paragraphs.map((p) => {
    const mapped = engine.get(p.voice)
    const voiceCode = mapped !== undefined ? ttsVoiceFor(mapped) : findVoice(p.voice) ? p.voice : undefined
    if (!voiceCode || !findVoice(voiceCode))
      throw new AppError(SynthesisErrorCode.VOICE_NOT_FOUND, `Unknown voice '${p.voice}'`, 400)
    return { text: p.text, voiceCode, speed: p.speed, voice: p.voice }
  })
}

/** The region a resolved paragraph is read in (its engine voice's). */
export const regionOf = (paragraph: RenderParagraph) => findVoice(paragraph.voiceCode)!.region
