import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Storage } from '@loa/storage'
import type { SentenceCache } from '@loa/tts'
import {
  ffmpegAvailable,
  mixWithOriginal,
  muxVideo,
  type FfmpegTools,
  DEFAULT_TOOLS,
} from '../media/ffmpeg.ts'
import { adjustedCues } from '../dub.ts'
import { encodeTrack } from '../render/encode.ts'
import { renderTrack } from '../render/track.ts'
import { fitReport, fitReportCsv, type FitReport } from '../report.ts'
import { writeSrt, writeVtt } from '../subtitles/write.ts'
import { youtubeCues } from '../subtitles/youtube.ts'
import { UnresolvedLinesError } from '../errors.ts'
import type { RenderInput } from './projects.ts'

/** The files a render writes (storage keys; null when not made, e.g. no media or no ffmpeg). */
export interface RenderFiles {
  track_mp3: string
  track_wav: string
  srt: string
  vtt: string
  report_json: string
  report_csv: string
  mix_mp3: string | null
  video_mp4: string | null
  /** Why the mix and the video are missing when media was uploaded. */
  mix_error: string | null
}

export const renderKeys = (projectId: string, renderId: string) => {
  const base = `dubbing/${projectId}/${renderId}`
  return {
    track_mp3: `${base}/dub.mp3`,
    track_wav: `${base}/dub.wav`,
    srt: `${base}/dub.srt`,
    vtt: `${base}/dub.vtt`,
    report_json: `${base}/report.json`,
    report_csv: `${base}/report.csv`,
    mix_mp3: `${base}/mix.mp3`,
    video_mp4: `${base}/video.mp4`,
  }
}

export interface RunRenderOptions {
  storage: Storage
  projectId: string
  renderId: string
  input: RenderInput
  cache?: SentenceCache
  signal?: AbortSignal
  /** Share of the work done, 0–1. */
  onProgress?: (ratio: number) => void
  tools?: FfmpegTools
}

const text = (s: string): Uint8Array => new TextEncoder().encode(s)

/**
 * Renders a snapshot and writes its files: the dub (MP3, WAV), adjusted SRT/VTT, the fit report (JSON, CSV)
 * and — when media was uploaded and ffmpeg is installed — the mix over the original and the muxed video.
 */
export const runRender = async (
  o: RunRenderOptions,
): Promise<{ files: RenderFiles; report: FitReport; durationMs: number }> => {
  const { input, storage } = o
  const keys = renderKeys(o.projectId, o.renderId)
  const track = await renderTrack(
    input.lines.map((l) => ({
      index: l.index,
      startMs: l.startMs,
      endMs: l.endMs,
      speech: l.speech,
      voice: l.voice,
      speed: l.speed,
    })),
    {
      mediaMs: input.media?.durationMs ?? undefined,
      fixes: new Map(input.lines.flatMap((l) => (l.fix ? [[l.index, l.fix] as const] : []))),
      cache: o.cache,
      signal: o.signal,
      onProgress: (done, total) => o.onProgress?.((done / total) * 0.85),
    },
  )
  const report = fitReport(
    track,
    new Map(input.lines.map((l) => [l.index, { ...l, line: l.sourceLine ?? null }])),
  )
  // Export is held while a line cannot fit: nothing is written, the lines keep their fit for the editor.
  if (report.summary.unresolved > 0) throw new UnresolvedLinesError(report)
  const adjusted = adjustedCues(track, new Map(input.lines.map((l) => [l.index, l])))
  const wav = await encodeTrack(track.pcm, track.sampleRate, 'wav')
  await storage.put(keys.track_wav, wav, { contentType: 'audio/wav' })
  await storage.put(keys.track_mp3, await encodeTrack(track.pcm, track.sampleRate, 'mp3'), {
    contentType: 'audio/mpeg',
  })
  // Subtitles to publish: the words spoken (no styling, no speaker prefix), YouTube's layout.
  const subtitles = youtubeCues(
    adjustedCues(track, new Map(input.lines.map((l) => [l.index, { text: l.speech }]))),
  )
  await storage.put(keys.srt, text(writeSrt(subtitles)), { contentType: 'application/x-subrip' })
  await storage.put(keys.vtt, text(writeVtt(subtitles)), { contentType: 'text/vtt' })
  await storage.put(keys.report_json, text(JSON.stringify(report)), { contentType: 'application/json' })
  await storage.put(keys.report_csv, text(fitReportCsv(report)), { contentType: 'text/csv' })
  o.onProgress?.(0.9)
  const files: RenderFiles = { ...keys, mix_mp3: null, video_mp4: null, mix_error: null }
  if (input.media) {
    const tools = o.tools ?? DEFAULT_TOOLS
    if (!(await ffmpegAvailable(tools))) files.mix_error = 'DUBBING_FFMPEG_MISSING'
    else {
      const dir = await mkdtemp(path.join(tmpdir(), 'loa-dub-'))
      try {
        const mediaPath = path.join(dir, `media${path.extname(input.media.key) || '.bin'}`)
        await pipeline(await storage.get(input.media.key), createWriteStream(mediaPath))
        const dubPath = path.join(dir, 'dub.wav')
        await writeFile(dubPath, wav)
        const mixPath = path.join(dir, 'mix.mp3')
        const media = {
          durationMs: input.media.durationMs ?? track.durationMs,
          hasAudio: true,
          hasVideo: input.media.kind === 'video',
        }
        await mixWithOriginal({
          mediaPath,
          media,
          dubPath,
          outPath: mixPath,
          format: 'mp3',
          speech: adjusted,
          duckDb: input.duckDb,
          muteOriginal: input.muteOriginal,
          tools,
          signal: o.signal,
        }).catch(async (error) => {
          // A video without an audio stream: the dub alone is the mix.
          if (!media.hasVideo) throw error
          await mixWithOriginal({
            mediaPath,
            media: { ...media, hasAudio: false },
            dubPath,
            outPath: mixPath,
            format: 'mp3',
            speech: adjusted,
            tools,
            signal: o.signal,
          })
        })
        await storage.put(keys.mix_mp3, await readFile(mixPath), { contentType: 'audio/mpeg' })
        files.mix_mp3 = keys.mix_mp3
        if (media.hasVideo) {
          const videoPath = path.join(dir, 'video.mp4')
          await muxVideo({
            videoPath: mediaPath,
            audioPath: mixPath,
            outPath: videoPath,
            tools,
            signal: o.signal,
          })
          await storage.put(keys.video_mp4, await readFile(videoPath), { contentType: 'video/mp4' })
          files.video_mp4 = keys.video_mp4
        }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    }
  }
  o.onProgress?.(1)
  return { files, report, durationMs: track.durationMs }
}
