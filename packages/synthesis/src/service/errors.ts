import { AppError } from '@loa/contracts'

/** Error codes the synthesis domain answers with (the api lists them in its catalogue, docs/errors.md). */
export const SynthesisErrorCode = {
  TEXT_EMPTY: 'TEXT_EMPTY',
  /** Characters, but nothing to read aloud (only punctuation, symbols or emoji). */
  TTS_EMPTY_TEXT: 'TTS_EMPTY_TEXT',
  TEXT_TOO_LONG: 'TEXT_TOO_LONG',
  VOICE_NOT_FOUND: 'VOICE_NOT_FOUND',
  SYNTHESIS_OPTION_INVALID: 'SYNTHESIS_OPTION_INVALID',
  SYNTHESIS_NOT_FOUND: 'SYNTHESIS_NOT_FOUND',
  SYNTHESIS_NOT_READY: 'SYNTHESIS_NOT_READY',
  TTS_CONCURRENCY_LIMIT_REACHED: 'TTS_CONCURRENCY_LIMIT_REACHED',
  TTS_RATE_LIMITED: 'TTS_RATE_LIMITED',
} as const

export const textEmpty = () => new AppError(SynthesisErrorCode.TEXT_EMPTY, 'The text is empty', 400)

export const nothingToRead = () =>
  new AppError(
    SynthesisErrorCode.TTS_EMPTY_TEXT,
    'The text has no readable words (only punctuation, symbols, emoji or pause tags)',
    400,
  )

export const synthesisNotFound = () =>
  new AppError(SynthesisErrorCode.SYNTHESIS_NOT_FOUND, 'Synthesis request not found', 404)
