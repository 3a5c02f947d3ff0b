import {
  AppError,
  billableCharacters,
  hasReadableWords,
  joinParagraphs,
  MAX_PARAGRAPHS,
  MAX_SYNTHESIS_CHARACTERS,
} from '@loa/contracts'
import {
  BITRATE_RANGE,
  findVoice,
  MP3_SAMPLE_RATES,
  resolveOptions,
  SAMPLE_RATE_RANGE,
  SPEED_RANGE,
  type PauseSettings,
} from '@loa/tts'
import { renderFormatOf, type AudioType } from '../pcm.ts'
import type { RenderParagraph } from '../render.ts'
import { nothingToRead, SynthesisErrorCode, textEmpty } from './errors.ts'
import type { InputParagraph } from './voices.ts'

export interface SynthesisInput {
  paragraphs: InputParagraph[]
  audioType: AudioType
  bitrate: number
  sampleRate: number
  pauses?: Partial<PauseSettings>
  title?: string
  callbackUrl?: string | null
}

const invalid = (message: string) => new AppError(SynthesisErrorCode.SYNTHESIS_OPTION_INVALID, message, 400)

/** A text over `max` characters (as typed): 400 TEXT_TOO_LONG. */
export const checkLength = (text: string, max: number): void => {
  if (text.length > max)
    throw new AppError(
      SynthesisErrorCode.TEXT_TOO_LONG,
      `The text has ${text.length} characters; at most ${max} are accepted`,
      400,
      { details: { max_characters: max, characters: text.length } },
    )
}

const checkAudio = (input: { audioType: AudioType; bitrate: number; sampleRate: number }) => {
  if (!(
    Number.isInteger(input.bitrate) &&
    input.bitrate >= BITRATE_RANGE.min &&
    input.bitrate <= BITRATE_RANGE.max
  ))
    throw invalid(`bitrate must be an integer between ${BITRATE_RANGE.min} and ${BITRATE_RANGE.max}`)
  if (
    !(
      Number.isInteger(input.sampleRate) &&
      input.sampleRate >= SAMPLE_RATE_RANGE.min &&
      input.sampleRate <= SAMPLE_RATE_RANGE.max
    ) ||
    (input.audioType === 'mp3' && !(MP3_SAMPLE_RATES as readonly number[]).includes(input.sampleRate))
  )
    throw invalid(
      input.audioType === 'mp3'
        ? `sample_rate for MP3 must be one of ${MP3_SAMPLE_RATES.join(', ')}`
        : `sample_rate must be between ${SAMPLE_RATE_RANGE.min} and ${SAMPLE_RATE_RANGE.max}`,
    )
}

/**
 * Checks a request the way the engine will (voices, speed, bitrate, sample rate, pauses, length) so that bad
 * input is a 4xx before any credit is touched. Returns the joined text and its billable characters.
 */
export const validateSynthesis = (
  input: Omit<SynthesisInput, 'paragraphs'> & { paragraphs: RenderParagraph[] },
  maxCharacters = MAX_SYNTHESIS_CHARACTERS,
): { text: string; characters: number } => {
  if (input.paragraphs.length === 0) throw textEmpty()
  if (input.paragraphs.length > MAX_PARAGRAPHS)
    throw new AppError(
      SynthesisErrorCode.TEXT_TOO_LONG,
      `At most ${MAX_PARAGRAPHS} paragraphs per request`,
      400,
    )
  const text = joinParagraphs(input.paragraphs)
  checkLength(text, maxCharacters)
  const characters = billableCharacters(text)
  if (characters === 0 || input.paragraphs.every((p) => billableCharacters(p.text) === 0)) throw textEmpty()
  // The engine's rule, checked before credits are held or a stream starts: one voice reads the joined text,
  // several voices read each paragraph on its own (render.ts), so each of those needs a word.
  const first = input.paragraphs[0]!
  const oneVoice = input.paragraphs.every((p) => p.voiceCode === first.voiceCode && p.speed === first.speed)
  if (oneVoice ? !hasReadableWords(text) : input.paragraphs.some((p) => !hasReadableWords(p.text)))
    throw nothingToRead()
  for (const p of input.paragraphs) {
    if (!findVoice(p.voiceCode))
      throw new AppError(SynthesisErrorCode.VOICE_NOT_FOUND, `Unknown voice '${p.voiceCode}'`, 400)
    if (!(p.speed >= SPEED_RANGE.min && p.speed <= SPEED_RANGE.max))
      throw invalid(`speed must be between ${SPEED_RANGE.min} and ${SPEED_RANGE.max}`)
  }
  checkAudio(input)
  try {
    resolveOptions({
      voice: input.paragraphs[0]!.voiceCode,
      format: renderFormatOf(input.audioType),
      bitrate: input.bitrate,
      sampleRate: input.sampleRate,
      pauses: input.pauses,
    })
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error))
  }
  return { text, characters }
}
