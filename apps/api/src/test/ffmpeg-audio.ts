import { execFileSync, spawnSync } from 'node:child_process'

/** Whether Debian's ffmpeg/ffprobe can run here; suites that need it skip loudly without it. */
export const hasFfmpeg =
  spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0

export const warnNoFfmpeg = (suite: string): void => {
  if (!hasFfmpeg)
    console.warn(
      `\n!!! SKIPPED: ${suite} — ffmpeg is not installed (apt-get install ffmpeg; .ci/run does) !!!\n`,
    )
}

export interface DecodedAudio {
  /** What ffprobe says the file is (codec, sample rate); empty for raw input described by `input`. */
  codec: string
  sampleRate: number
  /** The samples ffmpeg decoded (mono 16-bit, at `sampleRate`). */
  pcm: Int16Array
  durationMs: number
  /** Root mean square of the samples (0 = silence). */
  rms: number
}

/**
 * Decodes `bytes` with ffmpeg (from standard input) to mono 16-bit PCM at the file's own rate. Raw formats need
 * `input` (e.g. `['-f', 'mulaw', '-ar', '8000']`); containers are probed with ffprobe first.
 */
export const decodeAudio = (bytes: Uint8Array, input: string[] = []): DecodedAudio => {
  let codec = ''
  let sampleRate = Number(input[input.indexOf('-ar') + 1] ?? 0)
  if (input.length === 0) {
    const probe = execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', '-i', 'pipe:0'], {
      input: bytes,
    })
    const stream = (
      JSON.parse(probe.toString()) as { streams: { codec_name: string; sample_rate: string }[] }
    ).streams[0]!
    codec = stream.codec_name
    sampleRate = Number(stream.sample_rate)
  }
  const out = execFileSync(
    'ffmpeg',
    ['-v', 'error', ...input, '-i', 'pipe:0', '-ac', '1', '-f', 's16le', '-'],
    {
      input: bytes,
      maxBuffer: 256 * 1024 * 1024,
    },
  )
  const pcm = new Int16Array(out.buffer.slice(out.byteOffset, out.byteOffset + (out.byteLength & ~1)))
  let sum = 0
  for (const s of pcm) sum += s * s
  return {
    codec,
    sampleRate,
    pcm,
    durationMs: (pcm.length / sampleRate) * 1000,
    rms: pcm.length ? Math.sqrt(sum / pcm.length) : 0,
  }
}
