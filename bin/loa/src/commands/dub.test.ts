import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseSubtitles } from '@loa/dubbing'
import { makeTestVideo } from '@loa/dubbing/test-video'
import { readMp3Info } from '@loa/tts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const dir = mkdtempSync(path.join(tmpdir(), 'loa-dub-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const loa = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const r = spawnSync(process.execPath, ['bin/loa/loa.mjs', 'dub', ...args], {
    cwd: root,
    env,
    timeout: 180_000,
  })
  return { code: r.status, stderr: r.stderr.toString('utf8') }
}
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0

const SRT = `1
00:00:00,400 --> 00:00:02,400
LAN: Chào anh, hôm nay anh có khỏe không?

2
00:00:02,900 --> 00:00:04,600
[Minh] Anh khỏe, <i>cảm ơn em</i>.
`
const srtPath = path.join(dir, 'two.srt')
writeFileSync(srtPath, SRT)

describe('loa dub', () => {
  it('writes the dub, the subtitles timed to it and the fit report, a voice per speaker', () => {
    const out = path.join(dir, 'dub.mp3')
    const srt = path.join(dir, 'dub.srt')
    const report = path.join(dir, 'report.json')
    const r = loa([
      srtPath,
      '--speaker',
      'Lan=vi-north-female-lan',
      '--speaker',
      'MINH=vi-south-male-kien@1.1',
      '-o',
      out,
      '--srt',
      srt,
      '--report',
      report,
    ])
    expect(r.stderr).toMatch(/wrote .*dub\.mp3 .*2 lines, 2 fitted, 0 retimed, 0 cut/)
    expect(r.code).toBe(0)
    const info = readMp3Info(readFileSync(out))
    expect(info.durationMs).toBeGreaterThan(4000)
    const json = JSON.parse(readFileSync(report, 'utf8'))
    const any = expect.any(Number)
    expect(json.lines[0]).toMatchObject({ index: 1, start_ms: 400, end_ms: 2400, placed_start_ms: 400 })
    expect(json.lines[1]).toMatchObject({ placed_end_ms: any, speed: any, stretch: any, overflow_ms: 0 })
    expect(json.lines[1].action).toMatch(/^(fit|speed|borrow|stretch)$/)
    expect(json.summary).toMatchObject({ lines: 2, fitted: 2, flagged: 0 })
    const adjusted = parseSubtitles(readFileSync(srt))
    expect(adjusted.cues.map((c) => c.startMs)).toEqual([400, 2900])
    // Subtitles to publish: the words only, no speaker prefix, no styling.
    expect(adjusted.cues[1]!.text).toBe('Anh khỏe, cảm ơn em.')
    expect(adjusted.cues[0]!.endMs).toBe(json.lines[0].placed_end_ms)
  })

  it('prints its usage on --help and exits 0', () => {
    const r = spawnSync(process.execPath, ['bin/loa/loa.mjs', 'dub', '--help'], { cwd: root })
    expect(r.status).toBe(0)
    expect(r.stdout.toString()).toMatch(/^usage: loa dub SUBTITLES/)
    expect(r.stdout.toString()).toContain('--allow-overrun')
  })

  it('exits 3 listing the lines that cannot fit, exporting nothing, unless --allow-overrun', () => {
    const long = path.join(dir, 'long.srt')
    writeFileSync(
      long,
      '1\n00:00:00,500 --> 00:00:01,000\nTrời nắng đẹp và có gió nhẹ ở khắp nơi trong thành phố hôm nay.\n\n' +
        '2\n00:00:01,100 --> 00:00:02,000\nVâng.\n',
    )
    const out = path.join(dir, 'held.mp3')
    const report = path.join(dir, 'held.json')
    const r = loa([long, '-o', out, '--report', report])
    expect(r.code).toBe(3)
    expect(r.stderr).toMatch(/long\.srt:2: cue 1: does not fit: too long by \d+ ms/)
    expect(r.stderr).toContain('nothing exported')
    expect(() => readFileSync(out)).toThrow()
    expect(JSON.parse(readFileSync(report, 'utf8')).lines[0].action).toBe('unresolved')
    const allowed = loa([long, '-o', out, '--report', report, '--allow-overrun'])
    expect(allowed.code).toBe(0)
    expect(allowed.stderr).toMatch(/long\.srt:2: cue 1: cut \(accepted overrun\)/)
    expect(JSON.parse(readFileSync(report, 'utf8')).lines[0].action).toBe('accepted-overrun')
    expect(readMp3Info(readFileSync(out)).durationMs).toBeGreaterThan(1000)
  })

  it('warns per line about text its voice cannot read; --strict fails', () => {
    const mixed = path.join(dir, 'mixed.srt')
    writeFileSync(
      mixed,
      '1\n00:00:01,000 --> 00:00:03,000\nXin chào.\n\n2\n00:00:03,500 --> 00:00:05,000\nWhat are you doing here?\n',
    )
    const r = loa([mixed, '--strict', '-o', path.join(dir, 'strict.mp3')])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(
      /mixed\.srt:6: cue 2: written in English: a vi-VN voice cannot read it.*DUBBING_FOREIGN_TEXT/,
    )
  })

  it('exits 2 with the line number on a bad subtitle file', () => {
    const bad = path.join(dir, 'bad.srt')
    writeFileSync(bad, '1\n00:00:01,000 --> 00:00:02,000\nĐúng.\n\n2\n00:00:03,000 --> 00:00:0x,000\nSai.\n')
    const r = loa([bad, '-o', path.join(dir, 'x.mp3')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('line 6')
    expect(r.stderr).toContain('DUBBING_BAD_TIMESTAMP')
  })

  it('exits 2 on a speaker the file does not name, and on bad usage', () => {
    const r = loa([srtPath, '--speaker', 'Hoa=vi-north-female-lan', '-o', path.join(dir, 'x.mp3')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('DUBBING_UNKNOWN_SPEAKER')
    expect(loa([srtPath, '-o', path.join(dir, 'x.ogg')]).code).toBe(2)
    expect(loa([srtPath, '-o', path.join(dir, 'x.mp4')]).code).toBe(2)
  })

  it('says DUBBING_FFMPEG_MISSING when media is given and ffmpeg is not installed', () => {
    const r = loa([srtPath, '--media', srtPath, '-o', path.join(dir, 'x.mp3')], {
      ...process.env,
      PATH: '/nonexistent',
    })
    expect(r.stderr).toContain('DUBBING_FFMPEG_MISSING')
    expect(r.code).toBe(1)
  })

  it.runIf(hasFfmpeg)('mixes over the media and muxes a video (ffmpeg)', () => {
    const video = path.join(dir, 'in.mp4')
    const made = makeTestVideo(video, 6)
    expect(made).toBe(true)
    const out = path.join(dir, 'out.mp4')
    const r = loa([srtPath, '--media', video, '-o', out])
    expect(r.stderr).toContain('wrote')
    expect(r.code).toBe(0)
    const probe = spawnSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name',
      '-of',
      'json',
      out,
    ])
    const streams = JSON.parse(probe.stdout.toString()).streams as {
      codec_type: string
      codec_name: string
    }[]
    expect(streams).toEqual(
      expect.arrayContaining([
        { codec_type: 'video', codec_name: 'h264' },
        { codec_type: 'audio', codec_name: 'aac' },
      ]),
    )
    const tone = (file: string, seconds: number) =>
      spawnSync('ffmpeg', ['-y', '-v', 'error', '-f', 'lavfi', '-i', `sine=duration=${seconds}`, file])
    const audio = path.join(dir, 'speech.wav')
    tone(audio, 6)
    const mixed = loa([srtPath, '--media', audio, '--duck', '-20', '-o', path.join(dir, 'mix.mp3')])
    expect(mixed.stderr).toContain('wrote')
    expect(mixed.code).toBe(0)
    expect(readMp3Info(readFileSync(path.join(dir, 'mix.mp3'))).durationMs).toBeGreaterThan(5500)
    const tooShort = path.join(dir, 'short.wav')
    tone(tooShort, 1)
    const r2 = loa([srtPath, '--media', tooShort, '-o', path.join(dir, 'y.mp3')])
    expect(r2.stderr).toContain('DUBBING_MEDIA_TOO_SHORT')
    expect(r2.code).toBe(2)
    const unreadable = loa([srtPath, '--media', srtPath, '-o', path.join(dir, 'z.mp3')])
    expect(unreadable.stderr).toContain('DUBBING_MEDIA_UNREADABLE')
    expect(unreadable.code).toBe(2)
  })
})
