import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { AppError } from '@loa/contracts'
import { ApiErrorCode } from '../../errors.ts'

/** Formats made by Debian's ffmpeg from the 24 kHz WAV stream: args after `-i pipe:0`, and the content type. */
export const FFMPEG_FORMATS = {
  opus: { args: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'], mime: 'audio/ogg' },
  aac: { args: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'], mime: 'audio/aac' },
  flac: { args: ['-c:a', 'flac', '-f', 'flac'], mime: 'audio/flac' },
} as const
export type FfmpegFormat = keyof typeof FFMPEG_FORMATS

let present: boolean | undefined

/** Fails with 503 TTS_FORMAT_UNAVAILABLE (before anything is charged) when ffmpeg cannot run here. */
export const assertFfmpeg = (format: string, binary = 'ffmpeg'): void => {
  present ??= spawnSync(binary, ['-version']).status === 0
  if (!present)
    throw new AppError(
      ApiErrorCode.TTS_FORMAT_UNAVAILABLE,
      `response_format '${format}' needs ffmpeg, which is not installed on this server; use mp3, wav or pcm`,
      503,
      { details: { param: 'response_format' }, headers: { 'x-should-retry': 'false' } },
    )
}

/**
 * Pipes a WAV stream through ffmpeg and yields the encoded bytes as ffmpeg writes them. Stopping early (the
 * client went away) kills ffmpeg and ends the source, which releases the request's credits.
 */
export async function* transcode(
  source: AsyncGenerator<Uint8Array>,
  format: FfmpegFormat,
): AsyncGenerator<Uint8Array> {
  const child = spawn(
    'ffmpeg',
    ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', ...FFMPEG_FORMATS[format].args, 'pipe:1'],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)))
  child.stdin.on('error', () => undefined)
  const exited = once(child, 'close') as Promise<[number | null]>
  const pump = (async () => {
    try {
      for await (const chunk of source) if (!child.stdin.write(chunk)) await once(child.stdin, 'drain')
      child.stdin.end()
    } catch (error) {
      child.kill('SIGKILL')
      throw error
    }
  })()
  pump.catch(() => undefined)
  let finished = false
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) yield new Uint8Array(chunk)
    await pump
    const [code] = await exited
    if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${stderr}`)
    finished = true
  } finally {
    if (!finished) {
      child.kill('SIGKILL')
      await source.return(undefined)
    }
  }
}
