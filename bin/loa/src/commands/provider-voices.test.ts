import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseWav } from '@loa/tts'
import { startLoopbackProvider, type LoopbackProvider } from '@loa/tts/test-providers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const dir = mkdtempSync(path.join(tmpdir(), 'loa-cli-providers-'))
const KEY = 'sk-cli-loopback-0123456789'
let server: LoopbackProvider
let file: string

beforeAll(async () => {
  server = await startLoopbackProvider('openai', { key: KEY })
  file = path.join(dir, 'providers.json')
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        {
          id: 'gpu-box',
          kind: 'openai',
          base_url: `${server.url}/v1`,
          api_key_env: 'LOA_CLI_PROVIDER_KEY',
          max_retries: 0,
          voices: [
            {
              code: 'vi-north-female-cli',
              provider_voice: 'ngoc',
              name: 'Ngọc',
              gender: 'female',
              region: 'north',
            },
          ],
        },
      ],
    }),
  )
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs the CLI without blocking this process (the loopback provider answers from here). */
const loa = (args: string[], env: Record<string, string | undefined>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['bin/loa/loa.mjs', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, VOICE_PROVIDERS_FILE: file, ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })

describe('provider voices in the CLI (VOICE_PROVIDERS_FILE)', () => {
  it('lists them, speaks with them, and exits non-zero with the coded error when the provider is down', async () => {
    const env = { LOA_CLI_PROVIDER_KEY: KEY }
    const list = await loa(['voices'], env)
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^vi-north-female-cli\s+Ngọc\s+NORTH\s+FEMALE\s+provider$/m)

    const out = path.join(dir, 'ngoc.wav')
    const spoken = await loa(['speak', '-v', 'vi-north-female-cli', '-o', out, 'Xin chào các bạn.'], env)
    expect(spoken.code, spoken.stderr).toBe(0)
    const wav = parseWav(readFileSync(out))
    expect(wav.pcm.length / wav.sampleRate).toBeGreaterThan(0.5)
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`)

    server.down = true
    try {
      const failed = await loa(['speak', '-v', 'vi-north-female-cli', '-o', out, 'Xin chào.'], env)
      expect(failed.code).not.toBe(0)
      expect(failed.stderr).toContain('PROVIDER_UNAVAILABLE')
    } finally {
      server.down = false
    }
  }, 120_000)

  it('stops with a message naming the key variable (never a value) when it is not set', async () => {
    const r = await loa(['voices'], { LOA_CLI_PROVIDER_KEY: undefined })
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('LOA_CLI_PROVIDER_KEY')
    expect(r.stderr).not.toContain(KEY)
  }, 60_000)
})
