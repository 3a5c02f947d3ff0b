import { fitReport, type FitReport } from './report.ts'
import type { DubLine } from './render/line.ts'
import { renderTrack, type RenderedTrack, type TrackRenderOptions } from './render/track.ts'
import { speakerName, speechText } from './subtitles/text.ts'
import type { Cue } from './subtitles/types.ts'
import type { TimedText } from './subtitles/write.ts'
import { exportText, youtubeCues } from './subtitles/youtube.ts'

/** Voice and speed per speaker (names compared as `speakerName` spells them). */
export type SpeakerVoices = Record<string, { voice: string; speed?: number }>

export interface DubOptions extends TrackRenderOptions {
  /** Voice of lines without a speaker, or whose speaker has no voice. */
  voice: string
  speed?: number
  speakers?: SpeakerVoices
  /** Keep "Name: " in front of each line of the subtitles out (default: the words only). */
  keepSpeakers?: boolean
}

export interface DubResult {
  track: RenderedTrack
  report: FitReport
  /** The cues timed to the dub (where each line is really spoken), their written text kept. */
  adjusted: TimedText[]
  /** The subtitles to publish: timed to the dub, plain words, YouTube's layout (`youtubeCues`). */
  subtitles: TimedText[]
}

/** The lines to synthesize: each cue's speech with its speaker's voice and speed. */
export const dubLines = (cues: readonly Cue[], options: DubOptions): DubLine[] => {
  const speakers = new Map(Object.entries(options.speakers ?? {}).map(([k, v]) => [speakerName(k), v]))
  return cues.map((cue) => {
    const own = cue.speaker ? speakers.get(speakerName(cue.speaker)) : undefined
    return {
      index: cue.index,
      startMs: cue.startMs,
      endMs: cue.endMs,
      speech: speechText(cue.text, cue.speaker),
      voice: own?.voice ?? options.voice,
      speed: own?.speed ?? options.speed ?? 1,
    }
  })
}

/** Renders the dub of parsed cues: the track, the fit report and the adjusted subtitles. */
export const dubSubtitles = async (cues: readonly Cue[], options: DubOptions): Promise<DubResult> => {
  const track = await renderTrack(dubLines(cues, options), options)
  const byIndex = new Map(cues.map((c) => [c.index, c]))
  const adjusted = adjustedCues(track, byIndex)
  const plain = new Map(
    cues.map((c) => [c.index, { text: exportText(c.text, c.speaker, options.keepSpeakers) }]),
  )
  return {
    track,
    report: fitReport(track, byIndex),
    adjusted,
    subtitles: youtubeCues(adjustedCues(track, plain)),
  }
}

/** The cues timed to where the dub speaks them (text as written). */
export const adjustedCues = (
  track: RenderedTrack,
  byIndex: ReadonlyMap<number, { text: string }>,
): TimedText[] =>
  track.lines.map((l) => ({
    startMs: l.placedStartMs,
    endMs: Math.max(l.placedEndMs, l.placedStartMs + 1),
    text: byIndex.get(l.index)?.text ?? '',
  }))
