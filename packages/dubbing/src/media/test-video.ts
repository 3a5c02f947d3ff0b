import { spawnSync } from 'node:child_process'

/**
 * For tests: writes an H.264/AAC MP4 of `seconds` (a test pattern and a tone) with Debian's ffmpeg. Returns
 * false when ffmpeg is missing or fails.
 */
export const makeTestVideo = (file: string, seconds: number): boolean =>
  spawnSync('ffmpeg', [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]).status === 0
