/**
 * A Piper voice's JSON (`NAME.onnx.json`, as read by piper1-gpl's config.py) and Piper's phoneme ids:
 * BOS `^`, then PAD `_` after BOS and after every phoneme, then EOS `$` (interspersed pad).
 */
import { readFile } from 'node:fs/promises'
import { TtsError } from '../errors.ts'

/** The piper engine's version: bump when the audio for the same voice and input may change. */
export const PIPER_ENGINE_VERSION = 'piper-ort-1'

export interface PiperConfig {
  sampleRate: number
  /** eSpeak NG voice used for phonemization (e.g. `vi`). */
  espeakVoice: string
  phonemeIdMap: ReadonlyMap<string, readonly number[]>
  numSpeakers: number
  speakerIdMap: Readonly<Record<string, number>>
  /** Piper's defaults: noise_scale 0.667, length_scale 1, noise_w 0.8. */
  noiseScale: number
  lengthScale: number
  noiseW: number
  /** What the voice file says about itself (language, dataset), for voices without a Loa sidecar. */
  languageCode: string | undefined
  dataset: string | undefined
  quality: string | undefined
}

const BOS = '^'
const EOS = '$'
const PAD = '_'

const invalid = (path: string, why: string): TtsError =>
  new TtsError('TTS_VOICE_CONFIG_INVALID', `Piper voice file ${path}: ${why}`)

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

const finite = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

/** Checks and reads a parsed voice JSON; `path` names the file in errors. */
export const parsePiperConfig = (json: unknown, path: string): PiperConfig => {
  const root = record(json)
  if (!root) throw invalid(path, 'not a JSON object')
  const phonemeType = root.phoneme_type ?? 'espeak'
  if (phonemeType !== 'espeak')
    throw invalid(path, `phoneme_type '${String(phonemeType)}' is not supported (only 'espeak')`)
  const sampleRate = record(root.audio)?.sample_rate
  if (
    typeof sampleRate !== 'number' ||
    !Number.isInteger(sampleRate) ||
    sampleRate < 8000 ||
    sampleRate > 96000
  )
    throw invalid(path, 'audio.sample_rate is missing or not a sample rate')
  const espeakVoice = record(root.espeak)?.voice
  if (typeof espeakVoice !== 'string' || !/^[\w-]+$/.test(espeakVoice))
    throw invalid(path, 'espeak.voice is missing')
  const map = record(root.phoneme_id_map)
  if (!map) throw invalid(path, 'phoneme_id_map is missing')
  const phonemeIdMap = new Map<string, number[]>()
  for (const [phoneme, ids] of Object.entries(map)) {
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((i) => Number.isInteger(i) && i >= 0))
      throw invalid(path, `phoneme_id_map['${phoneme}'] is not a list of ids`)
    phonemeIdMap.set(phoneme, ids as number[])
  }
  for (const needed of [BOS, EOS, PAD])
    if (!phonemeIdMap.has(needed)) throw invalid(path, `phoneme_id_map has no '${needed}'`)
  const numSpeakers = finite(root.num_speakers, 1)
  const speakerIdMap: Record<string, number> = {}
  for (const [name, id] of Object.entries(record(root.speaker_id_map) ?? {}))
    if (Number.isInteger(id)) speakerIdMap[name] = id as number
  const inference = record(root.inference) ?? {}
  const language = record(root.language)
  return {
    sampleRate,
    espeakVoice,
    phonemeIdMap,
    numSpeakers: Number.isInteger(numSpeakers) && numSpeakers >= 1 ? numSpeakers : 1,
    speakerIdMap,
    noiseScale: finite(inference.noise_scale, 0.667),
    lengthScale: finite(inference.length_scale, 1),
    noiseW: finite(inference.noise_w, 0.8),
    languageCode: typeof language?.code === 'string' ? language.code : undefined,
    dataset: typeof root.dataset === 'string' ? root.dataset : undefined,
    quality:
      typeof record(root.audio)?.quality === 'string' ? (record(root.audio)!.quality as string) : undefined,
  }
}

/** Reads and checks `NAME.onnx.json` (`TTS_VOICE_CONFIG_INVALID` when unreadable or malformed). */
export const readPiperConfig = async (path: string): Promise<PiperConfig> => {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
    throw missing
      ? new TtsError('TTS_VOICE_UNAVAILABLE', `Piper voice file ${path} is missing`)
      : invalid(path, String(error))
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw invalid(path, 'not valid JSON')
  }
  return parsePiperConfig(json, path)
}

export interface PhonemeIds {
  ids: number[]
  /** Phonemes the voice has no id for (skipped, as Piper does). */
  unknown: string[]
}

/**
 * Piper's ids for one utterance's phonemes (already NFD, one entry per code point): BOS, PAD, then each
 * known phoneme's ids followed by PAD, then EOS. Unknown phonemes are skipped; an utterance with phonemes
 * of which the voice knows none cannot be spoken by it (`TTS_UNKNOWN_PHONEME`).
 */
export const phonemeIds = (phonemes: readonly string[], map: PiperConfig['phonemeIdMap']): PhonemeIds => {
  const pad = map.get(PAD)!
  const ids = [...map.get(BOS)!, ...pad]
  const unknown: string[] = []
  let known = 0
  for (const p of phonemes) {
    const mapped = map.get(p)
    if (!mapped) {
      unknown.push(p)
      continue
    }
    if (p.trim() !== '') known++
    ids.push(...mapped, ...pad)
  }
  ids.push(...map.get(EOS)!)
  if (known === 0 && unknown.length > 0)
    throw new TtsError(
      'TTS_UNKNOWN_PHONEME',
      `The voice has no id for any of the phonemes ${JSON.stringify(unknown.join(''))}: its phoneme_id_map does not match eSpeak's phonemes`,
    )
  return { ids, unknown }
}
