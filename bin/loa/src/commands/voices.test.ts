import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMp3Info } from '@loa/tts'
import { buildTinyModel, tinyVoiceConfig } from '@loa/tts/test-voices'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-voices-cli-'))
const NAME = 'vi_VN-tiny-x_low'
const files: Record<string, Buffer> = {
  [`/v/${NAME}.onnx`]: Buffer.from(buildTinyModel()),
  [`/v/${NAME}.onnx.json`]: Buffer.from(JSON.stringify(tinyVoiceConfig())),
}
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files[req.url ?? '']
    if (!body) res.statusCode = 404
    res.end(body ?? 'not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dataDir, { recursive: true, force: true })
})

const loa = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/loa/loa.mjs', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })

describe('loa voices install / remove', () => {
  it('installs a neural voice from a URL, speaks a sample with it, lists it, and removes it', async () => {
    const installed = await loa(['voices', 'install', `${base}/v/${NAME}.onnx`])
    expect(installed.stderr).toContain(`installed ${NAME}`)
    expect(installed.code).toBe(0)
    const voices = path.join(dataDir, 'voices')
    const sample = readMp3Info(new Uint8Array(readFileSync(path.join(voices, `${NAME}.sample.mp3`))))
    expect(sample.durationMs).toBeGreaterThan(1000)
    const listed = await loa(['voices'])
    expect(listed.stdout).toMatch(new RegExp(`^${NAME}\\s.*\\spiper$`, 'm'))
    const spoken = await loa(['speak', '-v', NAME, '-o', path.join(dataDir, 'x.wav'), 'Xin chào'])
    expect(spoken.stderr).toContain('engine piper')
    expect((await loa(['voices', 'remove', NAME])).code).toBe(0)
    expect(readdirSync(voices)).toEqual([])
    expect((await loa(['voices'])).stdout).not.toContain(NAME)
  })

  it('fails cleanly for a voice the repository does not have', async () => {
    const r = await loa(['voices', 'install', `${base}/v/vi_VN-nosuch-x_low.onnx`])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('VOICE_NOT_FOUND')
    expect(existsSync(path.join(dataDir, 'voices', 'vi_VN-nosuch-x_low.onnx'))).toBe(false)
  })
})
