import { execFile } from 'node:child_process'
import { DubbingError } from '../errors.ts'

/**
 * Debian's ffmpeg/ffprobe through child processes (fluent-ffmpeg is deprecated): probing the source media,
 * mixing the dub over the original audio (ducked under each line, or muted) and muxing a video with the new
 * audio (video stream copied). Without ffmpeg these fail with DUBBING_FFMPEG_MISSING; nothing else needs it.
 */
export interface FfmpegTools {
  ffmpeg: string
  ffprobe: string
}

export const DEFAULT_TOOLS: FfmpegTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }

const run = (file: string, args: string[], signal?: AbortSignal): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 16 * 1024 * 1024, signal }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout)
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(
          new DubbingError('DUBBING_FFMPEG_MISSING', `${file} is not installed (apt-get install ffmpeg)`),
        )
      reject(Object.assign(error, { stderr: String(stderr).slice(-2000) }))
    })
  })

/** Whether ffmpeg and ffprobe can be run. */
export const ffmpegAvailable = async (tools: FfmpegTools = DEFAULT_TOOLS): Promise<boolean> => {
  try {
    await Promise.all([run(tools.ffmpeg, ['-version']), run(tools.ffprobe, ['-version'])])
    return true
  } catch {
    return false
  }
}

export interface MediaInfo {
  durationMs: number
  hasVideo: boolean
  hasAudio: boolean
}

/** Length and streams of a media file; a file ffprobe cannot read → DUBBING_MEDIA_UNREADABLE. */
export const probeMedia = async (path: string, tools: FfmpegTools = DEFAULT_TOOLS): Promise<MediaInfo> => {
  let out: string
  try {
    out = await run(tools.ffprobe, [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type',
      '-of',
      'json',
      path,
    ])
  } catch (error) {
    if (error instanceof DubbingError) throw error
    throw new DubbingError(
      'DUBBING_MEDIA_UNREADABLE',
      'the media file cannot be read (not audio or video ffprobe knows)',
    )
  }
  const info = JSON.parse(out) as { format?: { duration?: string }; streams?: { codec_type?: string }[] }
  const seconds = Number(info.format?.duration)
  const streams = info.streams ?? []
  const hasAudio = streams.some((s) => s.codec_type === 'audio')
  const hasVideo = streams.some((s) => s.codec_type === 'video')
  if (!Number.isFinite(seconds) || (!hasAudio && !hasVideo))
    throw new DubbingError('DUBBING_MEDIA_UNREADABLE', 'the media file has no audio or video stream')
  return { durationMs: Math.round(seconds * 1000), hasVideo, hasAudio }
}

/** Fails with DUBBING_MEDIA_TOO_SHORT when the media ends before the last cue does. */
export const checkMediaCoversCues = (media: MediaInfo, lastCueEndMs: number): void => {
  if (media.durationMs + 50 < lastCueEndMs)
    throw new DubbingError(
      'DUBBING_MEDIA_TOO_SHORT',
      `the media lasts ${(media.durationMs / 1000).toFixed(1)} s, the subtitles run to ${(lastCueEndMs / 1000).toFixed(1)} s`,
    )
}

/** One ffmpeg run; a failure other than a missing ffmpeg means the input could not be read. */
const ffmpegStep = async (
  tools: FfmpegTools,
  args: string[],
  what: string,
  signal?: AbortSignal,
): Promise<void> => {
  try {
    await run(tools.ffmpeg, ['-y', '-v', 'error', ...args], signal)
  } catch (error) {
    if (error instanceof DubbingError) throw error
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new DubbingError('DUBBING_MEDIA_UNREADABLE', `ffmpeg could not ${what}: ${stderr}`)
  }
}

export interface MixOptions {
  mediaPath: string
  media: MediaInfo
  /** The dub track (WAV). */
  dubPath: string
  outPath: string
  format: 'mp3' | 'wav'
  /** Where the dub speaks: the original is lowered by `duckDb` there. */
  speech: readonly { startMs: number; endMs: number }[]
  /** Level of the original under the dub (default −15 dB). */
  duckDb?: number
  /** Drop the original audio altogether. */
  muteOriginal?: boolean
  tools?: FfmpegTools
  signal?: AbortSignal
}

export const DEFAULT_DUCK_DB = -15

/** The original's volume over time: `gain` while any line speaks, 1 elsewhere (evaluated per frame). */
const duckExpression = (speech: MixOptions['speech'], gain: number): string => {
  if (speech.length === 0) return '1'
  const spans = speech.map(
    (s) => `between(t,${(s.startMs / 1000).toFixed(3)},${(s.endMs / 1000).toFixed(3)})`,
  )
  return `if(${spans.join('+')},${gain.toFixed(4)},1)`
}

/** The dub over the original audio, ducked under each line (or the dub alone when muted or silent). */
export const mixWithOriginal = async (o: MixOptions): Promise<void> => {
  const tools = o.tools ?? DEFAULT_TOOLS
  const codec = o.format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '192k'] : ['-c:a', 'pcm_s16le']
  const useOriginal = o.media.hasAudio && !o.muteOriginal
  const gain = 10 ** ((o.duckDb ?? DEFAULT_DUCK_DB) / 20)
  const graph = useOriginal
    ? `[0:a]aformat=channel_layouts=stereo,volume='${duckExpression(o.speech, gain)}':eval=frame[bg];` +
      `[1:a]aformat=channel_layouts=stereo[dub];[bg][dub]amix=inputs=2:normalize=0:duration=longest[out]`
    : `[1:a]aformat=channel_layouts=stereo,apad=whole_dur=${(o.media.durationMs / 1000).toFixed(3)}[out]`
  await ffmpegStep(
    tools,
    ['-i', o.mediaPath, '-i', o.dubPath, '-filter_complex', graph, '-map', '[out]', ...codec, o.outPath],
    'mix the media',
    o.signal,
  )
}

/** The video with the new audio: video stream copied, audio as AAC, into MP4. */
export const muxVideo = async (o: {
  videoPath: string
  audioPath: string
  outPath: string
  tools?: FfmpegTools
  signal?: AbortSignal
}): Promise<void> => {
  const tools = o.tools ?? DEFAULT_TOOLS
  const copyVideo = ['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '192k']
  await ffmpegStep(
    tools,
    ['-i', o.videoPath, '-i', o.audioPath, ...copyVideo, '-shortest', '-movflags', '+faststart', o.outPath],
    'mux the video',
    o.signal,
  )
}
