import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseWav, readMp3Info } from '@loa/tts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const dir = mkdtempSync(path.join(tmpdir(), 'loa-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const loa = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, ['bin/loa/loa.mjs', ...args], {
    cwd: root,
    input,
    timeout: 120_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') }
}

describe('loa voices', () => {
  it('lists code, name, region, gender and engine', () => {
    const r = loa(['voices'])
    expect(r.code).toBe(0)
    const lines = r.stdout.toString('utf8').trim().split('\n')
    expect(lines[0]).toMatch(/^CODE\s+NAME\s+REGION\s+GENDER\s+ENGINE$/)
    expect(lines.some((l) => /^vi-south-male-kien\s+Kiên \(Sài Gòn\)\s+SOUTH\s+MALE\s+espeak$/.test(l))).toBe(
      true,
    )
    expect(lines.length).toBeGreaterThanOrEqual(7)
  })
})

describe('loa normalize', () => {
  it('writes one normalized line per input line', () => {
    const r = loa(['normalize'], 'Giá 1.500.000đ\n\nNgày 21/11/2026\n')
    expect(r.code).toBe(0)
    const lines = r.stdout.toString('utf8').split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toContain('một triệu năm trăm nghìn')
    expect(lines[1]).toBe('')
    expect(lines[2]).toContain('hai mươi mốt')
  })

  it('rejects an unknown option with exit code 2', () => {
    expect(loa(['normalize', '--loud'], '').code).toBe(2)
  })
})

describe('loa speak', () => {
  it('writes an MP3 file', () => {
    const out = path.join(dir, 'a.mp3')
    const r = loa([
      'speak',
      '-v',
      'vi-central-female-huong',
      '-s',
      '1.2',
      '-o',
      out,
      'Xin chào, đây là giọng miền Trung.',
    ])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain('wrote')
    const info = readMp3Info(new Uint8Array(readFileSync(out)))
    expect(info.frames).toBeGreaterThan(50)
    expect(info.durationMs).toBeGreaterThan(1000)
  })

  it('reads the text from a file and writes WAV to stdout when piped', () => {
    const input = path.join(dir, 'in.txt')
    writeFileSync(input, 'Câu thứ nhất.\n\nCâu thứ hai.')
    const r = loa(['speak', '-f', 'wav', '-i', input])
    expect(r.code).toBe(0)
    const wav = parseWav(new Uint8Array(r.stdout))
    expect(wav.sampleRate).toBe(22050)
    expect(wav.pcm.length / 22050).toBeGreaterThan(1)
  })

  it.each([
    [['speak', '-v', 'nobody', 'Xin chào'], /Unknown voice/],
    [['speak', '   '], /empty/],
    [['speak', '-i', '/nonexistent/file.txt'], /cannot read/],
    [['speak', '-s', 'fast', 'Xin chào'], /needs a number/],
    [['speak', '-s', '3', 'Xin chào'], /speed must be/],
    [['speak', '-f', 'ogg', 'Xin chào'], /mp3 or wav/],
    [['speak', '--shout', 'Xin chào'], /unknown option/],
    [['speak'], /no text/],
  ])('%j → exit code 2 with a clear message', (args, message) => {
    const r = loa(args)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
    expect(r.stdout.length).toBe(0)
  })
})
