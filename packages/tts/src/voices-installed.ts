/**
 * Neural voices installed in the voices folder (`VOICES_DIR`): Piper voices (`NAME.onnx` + `NAME.onnx.json`)
 * with an optional Loa sidecar (`NAME.loa.json`: code, name, region, gender, purposes, tier, creditFactor,
 * attribution, licence, speaker). A voice is listed only when its model and its JSON are both in place (the installer
 * moves the JSON in last), and the folder is read again whenever it changes, so running services pick up
 * new and removed voices without a restart.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { isVoiceTier, normalizeCreditFactor } from '@loa/contracts'
import { parsePiperConfig } from './engines/piper-config.ts'
import type { Region } from './normalize/types.ts'
import type { Gender, LoaVoice, VoicePurpose } from './voices.ts'

export const PIPER_MODEL_SUFFIX = '.onnx'
export const PIPER_CONFIG_SUFFIX = '.onnx.json'
export const SIDECAR_SUFFIX = '.loa.json'
export const SAMPLE_SUFFIX = '.sample.mp3'

/** Installed voices come after the built-in ones in the catalogue order. */
const FIRST_INSTALLED_RANK = 100
/** The folder is read again at most this often when its modification time has not changed. */
const RESCAN_MS = 2000

export interface VoiceProblem {
  name: string
  problem: string
}

interface Scan {
  dir: string
  dirMtime: number
  at: number
  voices: LoaVoice[]
  problems: VoiceProblem[]
}

let voicesDir = resolve('data', 'voices')
let last: Scan | undefined

/** Where installed voices live (the services set it from `VOICES_DIR`). */
export const setVoicesDir = (dir: string): void => {
  voicesDir = resolve(dir)
  last = undefined
}

export const getVoicesDir = (): string => voicesDir

const REGIONS: readonly Region[] = ['NORTH', 'CENTRAL', 'SOUTH']
const GENDERS: readonly Gender[] = ['MALE', 'FEMALE']
const PURPOSES: readonly VoicePurpose[] = ['REVIEW_FILM', 'NEWS', 'AUDIO_BOOK', 'ADVERTISE']

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback

const text = (value: unknown, fallback: string | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback

const fingerprint = (path: string): string => {
  const s = statSync(path)
  return `${s.size}:${Math.round(s.mtimeMs)}`
}

/** One installed voice from its files; throws with the reason when it cannot be listed. */
const readVoice = (dir: string, stem: string, rank: number, files: ReadonlySet<string>): LoaVoice => {
  const model = join(dir, `${stem}${PIPER_MODEL_SUFFIX}`)
  const configPath = join(dir, `${stem}${PIPER_CONFIG_SUFFIX}`)
  const config = parsePiperConfig(JSON.parse(readFileSync(configPath, 'utf8')) as unknown, configPath)
  if (!config.espeakVoice.startsWith('vi'))
    throw new Error(`not a Vietnamese voice (espeak.voice '${config.espeakVoice}')`)
  const sidecarPath = join(dir, `${stem}${SIDECAR_SUFFIX}`)
  let sidecar: Record<string, unknown> = {}
  try {
    sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8')) as Record<string, unknown>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${stem}${SIDECAR_SUFFIX} is not valid JSON`)
  }
  const speaker = sidecar.speaker
  const purposes = Array.isArray(sidecar.purposes)
    ? sidecar.purposes.filter((p): p is VoicePurpose => PURPOSES.includes(p as VoicePurpose))
    : []
  const code = text(sidecar.code, stem)!
  if (!/^[\w.-]{1,100}$/.test(code)) throw new Error(`voice code '${code}' is not allowed`)
  return {
    code,
    name: text(sidecar.name, `${config.dataset ?? stem} (neural)`)!,
    languageCode: 'vi-VN',
    region: oneOf(sidecar.region, REGIONS, 'NORTH'),
    gender: oneOf(sidecar.gender, GENDERS, 'FEMALE'),
    purposes: purposes.length > 0 ? purposes : ['NEWS', 'AUDIO_BOOK'],
    // An installed Piper voice is NEURAL unless its sidecar says otherwise (an older sidecar's `level` is ignored).
    tier: isVoiceTier(sidecar.tier) ? sidecar.tier : 'NEURAL',
    ...(typeof sidecar.creditFactor === 'number'
      ? { creditFactor: normalizeCreditFactor(sidecar.creditFactor) }
      : {}),
    rank: typeof sidecar.rank === 'number' ? sidecar.rank : rank,
    engine: {
      espeakVoice: 'vi',
      variant: '',
      pitch: 50,
      range: 50,
      rate: 175,
      piper: {
        model,
        config: configPath,
        ...(Number.isInteger(speaker) ? { speakerId: speaker as number } : {}),
        fingerprint: `${fingerprint(model)}/${fingerprint(configPath)}`,
        ...(files.has(`${stem}${SAMPLE_SUFFIX}`) ? { sample: join(dir, `${stem}${SAMPLE_SUFFIX}`) } : {}),
      },
    },
    ...(text(sidecar.attribution, undefined) ? { attribution: text(sidecar.attribution, '')! } : {}),
    ...(text(sidecar.licence, undefined) ? { licence: text(sidecar.licence, '')! } : {}),
  }
}

const scan = (dir: string, dirMtime: number): Scan => {
  const files = new Set(readdirSync(dir))
  const stems = [...files]
    .filter((f) => f.endsWith(PIPER_CONFIG_SUFFIX) && !f.startsWith('.'))
    .map((f) => f.slice(0, -PIPER_CONFIG_SUFFIX.length))
    .filter((stem) => files.has(`${stem}${PIPER_MODEL_SUFFIX}`))
    .sort()
  const voices: LoaVoice[] = []
  const problems: VoiceProblem[] = []
  for (const [i, stem] of stems.entries()) {
    try {
      voices.push(readVoice(dir, stem, FIRST_INSTALLED_RANK + i, files))
    } catch (error) {
      problems.push({ name: stem, problem: error instanceof Error ? error.message : String(error) })
    }
  }
  return { dir, dirMtime, at: Date.now(), voices, problems }
}

/** No folder, no voices: one shared list, so that callers telling a change by identity see none. */
const NO_VOICES: LoaVoice[] = []

const current = (): Scan => {
  const dir = voicesDir
  // Asked on every public catalogue request: no exception for an absent folder (the common case) — throwing and
  // catching one costs more than the whole cached answer.
  const stat = statSync(dir, { throwIfNoEntry: false })
  if (!stat) return { dir, dirMtime: -1, at: Date.now(), voices: NO_VOICES, problems: [] }
  const dirMtime = stat.mtimeMs
  if (!last || last.dir !== dir || last.dirMtime !== dirMtime || Date.now() - last.at > RESCAN_MS) {
    const next = scan(dir, dirMtime)
    // The same voices keep the same list, so that callers can tell a change by identity.
    if (last?.dir === dir && JSON.stringify(last.voices) === JSON.stringify(next.voices))
      next.voices = last.voices
    last = next
  }
  return last
}

/** The neural voices installed now (read again when the folder changed; the same list while nothing did). */
export const installedVoices = (): readonly LoaVoice[] => current().voices

/** Voices in the folder that cannot be used, with the reason (for `loa voices`). */
export const voiceProblems = (): readonly VoiceProblem[] => current().problems
