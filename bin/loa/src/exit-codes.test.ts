import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { tinyVoiceConfig } from '@loa/tts/test-voices'

/**
 * Every CLI failure exits non-zero (scripts and CI rely on it; issue #26 "Also"): one failing call per command,
 * 2 for bad usage or input, 1 for a failure while running.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-exit-codes-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
// Nothing listens on port 1: an unreachable database and voice repository.
const UNREACHABLE = { DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x', PIPER_VOICES_URL: 'http://127.0.0.1:1' }

const loa = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number; stderr: string; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      ['bin/loa/loa.mjs', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })

describe('loa exit codes', () => {
  it('speak: a broken voice model is TTS_VOICE_MODEL_INVALID, exit 1, no file written', async () => {
    const voices = path.join(dataDir, 'voices')
    mkdirSync(voices, { recursive: true })
    writeFileSync(path.join(voices, 'vi_VN-broken-x_low.onnx'), 'not an ONNX model')
    writeFileSync(path.join(voices, 'vi_VN-broken-x_low.onnx.json'), JSON.stringify(tinyVoiceConfig()))
    const out = path.join(dataDir, 'broken.wav')
    const r = await loa(['speak', '-v', 'vi_VN-broken-x_low', '-o', out, 'Xin chào'])
    expect(r.stderr).toContain('TTS_VOICE_MODEL_INVALID')
    expect(r.code).toBe(1)
    expect(existsSync(out)).toBe(false)
    const piped = await loa(['speak', '-v', 'vi_VN-broken-x_low', 'Xin chào'])
    expect(piped.code).toBe(1)
    rmSync(voices, { recursive: true, force: true })
  }, 120_000)

  it.each([
    ['an unknown command → exit 2', ['nosuch'], {}, 2],
    ['normalize: an unknown option → exit 2', ['normalize', '--loud'], {}, 2],
    ['dub: an unreadable subtitle file → exit 2', ['dub', '/nonexistent/x.srt', '-o', '/tmp/x.wav'], {}, 2],
    [
      'voices: the repository unreachable → exit 1',
      ['voices', 'install', 'vi_VN-nosuch-medium'],
      UNREACHABLE,
      1,
    ],
    ['voices: removing a voice not installed → exit 1', ['voices', 'remove', 'nosuch'], {}, 1],
    ['migrate: the database unreachable → exit 1', ['migrate'], UNREACHABLE, 1],
    ['seed: the database unreachable → exit 1', ['seed'], UNREACHABLE, 1],
    ['serve: an unknown service → exit 2', ['serve', 'nosuch'], {}, 2],
    ['worker: an unexpected argument → exit 2', ['worker', 'nosuch'], {}, 2],
    ['flags: no sub-command → exit 2', ['flags'], {}, 2],
    ['sso: no sub-command → exit 2', ['sso'], {}, 2],
    ['sso: the database unreachable → exit 1', ['sso', 'client', 'list'], UNREACHABLE, 1],
  ] as const)(
    '%s',
    async (_, args, env, code) => {
      expect((await loa([...args], env)).code).toBe(code)
    },
    120_000,
  )
})
