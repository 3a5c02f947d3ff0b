import { execFile } from 'node:child_process'
import { AudiobookError } from '../errors.ts'

/**
 * Debian's ffmpeg/ffprobe through child processes, as the dubbing package runs them. Without ffmpeg every step
 * fails with AUDIOBOOK_FFMPEG_MISSING; an input ffmpeg cannot read fails with AUDIOBOOK_AUDIO_UNREADABLE.
 */
export interface FfmpegTools {
  ffmpeg: string
  ffprobe: string
}

export const DEFAULT_TOOLS: FfmpegTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }

export interface RunResult {
  stdout: string
  stderr: string
}

export const run = (file: string, args: string[], signal?: AbortSignal): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024, signal }, (error, stdout, stderr) => {
      if (!error) return resolve({ stdout: String(stdout), stderr: String(stderr) })
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(
          new AudiobookError('AUDIOBOOK_FFMPEG_MISSING', `${file} is not installed (apt-get install ffmpeg)`),
        )
      if (signal?.aborted) return reject(error)
      reject(
        new AudiobookError('AUDIOBOOK_AUDIO_UNREADABLE', `${file} failed: ${String(stderr).slice(-1500)}`, {
          tool: file,
        }),
      )
    })
  })

/** One ffmpeg run that writes a file (quiet, overwriting). */
export const ffmpeg = (tools: FfmpegTools, args: string[], signal?: AbortSignal): Promise<RunResult> =>
  run(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args], signal)

/** Whether ffmpeg and ffprobe can be run. */
export const ffmpegAvailable = async (tools: FfmpegTools = DEFAULT_TOOLS): Promise<boolean> => {
  try {
    await Promise.all([run(tools.ffmpeg, ['-version']), run(tools.ffprobe, ['-version'])])
    return true
  } catch {
    return false
  }
}

/** A media file's length in milliseconds, as ffprobe reads its container. */
export const durationMsOf = async (path: string, tools: FfmpegTools = DEFAULT_TOOLS): Promise<number> => {
  const { stdout } = await run(tools.ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'json',
    path,
  ])
  const seconds = Number((JSON.parse(stdout) as { format?: { duration?: string } }).format?.duration)
  if (!Number.isFinite(seconds))
    throw new AudiobookError('AUDIOBOOK_AUDIO_UNREADABLE', `${path} has no duration`)
  return Math.round(seconds * 1000)
}
