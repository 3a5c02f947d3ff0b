import { DEFAULT_TOOLS, durationMsOf, ffmpeg, type FfmpegTools } from './ffmpeg.ts'
import { loudnormMeasure } from './measure.ts'
import { MASTERING_TARGET, ROOM_TONE } from './standard.ts'

/** The mastered chapter's format: 44.1 kHz mono 16-bit WAV (ACX asks for 44.1 kHz; speech is mono). */
export const MASTER_SAMPLE_RATE = 44_100

export interface MasterOptions {
  /** The chapter as rendered (any audio ffmpeg reads). */
  input: string
  /** Where the mastered WAV goes. */
  output: string
  roomTone?: { headMs: number; tailMs: number; levelDb: number }
  tools?: FfmpegTools
  signal?: AbortSignal
}

/**
 * One chapter mastered in one step. Two-pass loudnorm: the first pass measures the speech, the second applies
 * those measurements (linear gain when the true-peak ceiling allows it, otherwise loudnorm's gentle dynamic mode)
 * toward the loudness that puts the chapter's RMS at −20.5 dBFS (see `loudnessFor`), −3.5 dBTP. Then room tone — a steady pink-noise bed far below the −60 dBFS floor limit — under
 * the whole chapter, with `headMs` of it alone before the first word and `tailMs` after the last, so a listener
 * never hears digital silence switching on and off between chapters.
 */
export const masterChapter = async (o: MasterOptions): Promise<void> => {
  const tools = o.tools ?? DEFAULT_TOOLS
  const tone = o.roomTone ?? ROOM_TONE
  const first = await loudnormMeasure(o.input, MASTERING_TARGET, tools)
  const speechMs = await durationMsOf(o.input, tools)
  const t = { ...MASTERING_TARGET, integratedLufs: loudnessFor(first, speechMs, tone) }
  const m = first.loudnorm
  const loudnorm =
    `loudnorm=I=${t.integratedLufs}:TP=${t.truePeakDb}:LRA=${t.lra}:measured_I=${m.input_i}:` +
    `measured_TP=${m.input_tp}:measured_LRA=${m.input_lra}:measured_thresh=${m.input_thresh}:` +
    `offset=${m.target_offset}:linear=true`
  const amplitude = (10 ** (tone.levelDb / 20)).toFixed(6)
  const graph =
    `[0:a]${loudnorm},aresample=${MASTER_SAMPLE_RATE},aformat=channel_layouts=mono,` +
    `adelay=${tone.headMs}:all=1,apad=pad_dur=${(tone.tailMs / 1000).toFixed(3)}[speech];` +
    `anoisesrc=color=pink:sample_rate=${MASTER_SAMPLE_RATE}:amplitude=${amplitude}:seed=31,` +
    `aformat=channel_layouts=mono[tone];` +
    `[speech][tone]amix=inputs=2:duration=first:normalize=0[out]`
  await ffmpeg(
    tools,
    [
      '-i',
      o.input,
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-ar',
      String(MASTER_SAMPLE_RATE),
      '-c:a',
      'pcm_s16le',
      o.output,
    ],
    o.signal,
  )
}

/**
 * The loudness to normalize to so the finished chapter's RMS lands on MASTERING_TARGET.rmsDb: the speech's RMS sits
 * a fixed distance from its loudness (measured in the first pass), and the room tone's near-silent head and tail
 * lower the whole file's RMS by 10·log10(speech / total). Kept within −24…−16 LUFS.
 */
export const loudnessFor = (
  first: { loudnorm: { input_i: string }; rmsDb: number | null },
  speechMs: number,
  tone: { headMs: number; tailMs: number },
): number => {
  const inputI = Number(first.loudnorm.input_i)
  if (first.rmsDb === null || !Number.isFinite(inputI) || speechMs <= 0)
    return MASTERING_TARGET.integratedLufs
  const rmsAboveLoudness = first.rmsDb - inputI
  const toneDilution = 10 * Math.log10(speechMs / (speechMs + tone.headMs + tone.tailMs))
  const target = MASTERING_TARGET.rmsDb - toneDilution - rmsAboveLoudness
  return Math.round(Math.min(-16, Math.max(-24, target)) * 10) / 10
}
