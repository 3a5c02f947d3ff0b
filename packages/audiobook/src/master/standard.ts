import type { AudioFigures } from './measure.ts'

/**
 * The audiobook standard Loa masters to (ACX's published figures, which EBU R128 listeners also accept):
 * RMS between −23 and −18 dBFS, true peak at most −3 dBFS, noise floor at most −60 dBFS. Mastering aims at
 * −20.5 dBFS RMS with a −3.5 dBTP ceiling, half a dB under the limit, so that MP3/AAC encoding's inter-sample
 * overs stay inside it.
 */
export const AUDIOBOOK_STANDARD = {
  rmsMinDb: -23,
  rmsMaxDb: -18,
  truePeakMaxDb: -3,
  noiseFloorMaxDb: -60,
} as const

/** −20.5 dBFS RMS: inside −23…−18 with room on both sides; loudness starts at −20 LUFS before `loudnessFor`. */
export const MASTERING_TARGET = { integratedLufs: -20, rmsDb: -20.5, truePeakDb: -3.5, lra: 11 } as const

/** Room tone: ACX asks for 0.5–1 s at a chapter's head and 1–5 s at its tail. */
export const ROOM_TONE = { headMs: 1000, tailMs: 3000, levelDb: -72 } as const

export type CheckName = 'rms' | 'true_peak' | 'noise_floor' | 'room_tone'

export interface ComplianceCheck {
  check: CheckName
  /** The measured value (dB, or ms for room tone); null when ffmpeg measured digital silence. */
  value: number | null
  /** What the standard allows, for display: "−23…−18 dBFS", "≤ −3 dBFS". */
  limit: string
  pass: boolean
}

export interface ComplianceReport {
  figures: AudioFigures
  checks: ComplianceCheck[]
  pass: boolean
}

/** A chapter's report from the figures ffmpeg measured on the exported file. */
export const complianceOf = (
  figures: AudioFigures,
  roomTone: { headMs: number; tailMs: number },
): ComplianceReport => {
  const s = AUDIOBOOK_STANDARD
  const checks: ComplianceCheck[] = [
    {
      check: 'rms',
      value: figures.rmsDb,
      limit: `${s.rmsMinDb}…${s.rmsMaxDb} dBFS`,
      pass: figures.rmsDb !== null && figures.rmsDb >= s.rmsMinDb && figures.rmsDb <= s.rmsMaxDb,
    },
    {
      check: 'true_peak',
      value: figures.truePeakDb,
      limit: `≤ ${s.truePeakMaxDb} dBFS`,
      pass: figures.truePeakDb === null || figures.truePeakDb <= s.truePeakMaxDb,
    },
    {
      // Digital silence (no measurable floor) is below any floor.
      check: 'noise_floor',
      value: figures.noiseFloorDb,
      limit: `≤ ${s.noiseFloorMaxDb} dBFS`,
      pass: figures.noiseFloorDb === null || figures.noiseFloorDb <= s.noiseFloorMaxDb,
    },
    {
      check: 'room_tone',
      value: Math.min(roomTone.headMs, roomTone.tailMs),
      limit: 'head 500–1000 ms, tail 1000–5000 ms',
      pass:
        roomTone.headMs >= 500 &&
        roomTone.headMs <= 1000 &&
        roomTone.tailMs >= 1000 &&
        roomTone.tailMs <= 5000,
    },
  ]
  return { figures, checks, pass: checks.every((c) => c.pass) }
}
