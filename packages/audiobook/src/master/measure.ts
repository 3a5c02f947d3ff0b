import { AudiobookError } from '../errors.ts'
import { DEFAULT_TOOLS, durationMsOf, run, type FfmpegTools } from './ffmpeg.ts'

/** What ffmpeg measures of a file (dB figures rounded to 0.1; null where the signal is digital silence). */
export interface AudioFigures {
  /** Integrated loudness, EBU R128 (ebur128 filter). */
  integratedLufs: number | null
  /** True peak in dBFS (ebur128 peak=true, 4× oversampled). */
  truePeakDb: number | null
  /** RMS of the whole file in dBFS (astats), the ACX "RMS" figure. */
  rmsDb: number | null
  /** The quietest half second's RMS in dBFS (astats length=0.5, RMS trough): the noise floor between words. */
  noiseFloorDb: number | null
  durationMs: number
}

/** Windows over which the noise floor is read: half a second, ACX's room-tone measure. */
const NOISE_WINDOW_SECONDS = 0.5

const decibels = (raw: string | undefined): number | null => {
  if (raw === undefined) return null
  const value = Number(raw)
  return Number.isFinite(value) ? Math.round(value * 10) / 10 : null
}

/** The figures from one ffmpeg pass's log (ebur128 summary, astats "Overall" block). */
export const parseFigures = (log: string): Omit<AudioFigures, 'durationMs'> => {
  const summary = log.slice(log.lastIndexOf('Summary:'))
  const overall = log.slice(log.lastIndexOf('] Overall'))
  return {
    integratedLufs: decibels(/\bI:\s*(-?[\d.]+|-?inf)\s*LUFS/.exec(summary)?.[1]),
    truePeakDb: decibels(/True peak:\s*Peak:\s*(-?[\d.]+|-?inf)\s*dBFS/.exec(summary)?.[1]),
    rmsDb: decibels(/RMS level dB:\s*(-?[\d.]+|-?inf)/.exec(overall)?.[1]),
    noiseFloorDb: decibels(/RMS trough dB:\s*(-?[\d.]+|-?inf)/.exec(overall)?.[1]),
  }
}

/** Decodes the file's first audio stream through analysis filters and returns ffmpeg's log (where they report). */
const analyze = async (path: string, filters: string, tools: FfmpegTools): Promise<string> =>
  (
    await run(tools.ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-af',
      filters,
      '-f',
      'null',
      '-',
    ])
  ).stderr

/** Loudness, true peak, RMS and noise floor of a file, as ffmpeg decodes it (an MP3 is measured as heard). */
export const measureAudio = async (
  path: string,
  tools: FfmpegTools = DEFAULT_TOOLS,
): Promise<AudioFigures> => {
  const stderr = await analyze(
    path,
    `ebur128=peak=true,astats=length=${NOISE_WINDOW_SECONDS}:measure_perchannel=none`,
    tools,
  )
  if (!stderr.includes('Summary:') || !stderr.includes('] Overall'))
    throw new AudiobookError('AUDIOBOOK_AUDIO_UNREADABLE', `ffmpeg could not measure ${path}`)
  const durationMs = await durationMsOf(path, tools)
  return { ...parseFigures(stderr), durationMs }
}

/** loudnorm's first-pass figures (what its second, linear pass needs), as it prints them. */
export interface LoudnormMeasurement {
  input_i: string
  input_tp: string
  input_lra: string
  input_thresh: string
  target_offset: string
}

/**
 * loudnorm's first pass over a file, with the file's RMS (astats before loudnorm, same decode): the second pass
 * needs loudnorm's figures, and the RMS tells how far this speech's RMS sits from its loudness.
 */
export const loudnormMeasure = async (
  path: string,
  target: { integratedLufs: number; truePeakDb: number; lra: number },
  tools: FfmpegTools = DEFAULT_TOOLS,
): Promise<{ loudnorm: LoudnormMeasurement; rmsDb: number | null }> => {
  const stderr = await analyze(
    path,
    `astats=measure_perchannel=none,loudnorm=I=${target.integratedLufs}:TP=${target.truePeakDb}:LRA=${target.lra}:print_format=json`,
    tools,
  )
  const json = /\{[^{}]*"input_i"[^{}]*\}/.exec(stderr)?.[0]
  if (!json) throw new AudiobookError('AUDIOBOOK_AUDIO_UNREADABLE', `ffmpeg could not measure ${path}`)
  return { loudnorm: JSON.parse(json) as LoudnormMeasurement, rmsDb: parseFigures(stderr).rmsDb }
}
