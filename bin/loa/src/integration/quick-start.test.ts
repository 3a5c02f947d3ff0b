/**
 * The console's quick start runs as written: the composed product (`loa serve all` on a temporary DATA_DIR and
 * free loopback ports) is started, a user signs up through the SSO's real form, creates an API app with a 7-day
 * token, and the curl, Node, Python and SDK snippets of `@loa/contracts/browser` (sync and async) are run by the real
 * `sh`/`curl`, `node` and `python3` with only `LOA_TOKEN` set (the SDK's snippets with its publishable build as
 * their installed `@loa-voice/sdk`). Each must save an audio file.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  quickStartAudioFile,
  quickStartSnippets,
  SDK_PACKAGE,
  type QuickStartLanguage,
  type QuickStartSnippet,
} from '@loa/contracts/browser'
import { createDeveloperApp, startProduct, type DeveloperApp, type Product } from './product.ts'

const SDK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/sdk')
const workDir = mkdtempSync(path.join(tmpdir(), 'loa-quick-start-run-'))
let product: Product | undefined
let apiUrl: string
let app: DeveloperApp

const has = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0
const PYTHON = has('python3')
if (!PYTHON) console.warn('quick-start.test: python3 is not installed — the Python snippets are NOT run')

/** The SDK as it would be installed from npm: its publishable build (packages/sdk/build.mjs). */
const sdkDist = path.join(workDir, 'sdk-dist')

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve(SDK_DIR, 'build.mjs'), sdkDist], { stdio: 'pipe' })
  product = await startProduct(process.env)
  apiUrl = product.apiUrl
  app = await createDeveloperApp(product, { name: 'Quick start', expires_in_days: 7 })
}, 300_000)

afterAll(async () => {
  await product?.stop()
  rmSync(workDir, { recursive: true, force: true })
})

const COMMANDS: Record<QuickStartLanguage, string> = {
  curl: 'sh',
  node: process.execPath,
  python: 'python3',
  sdk: process.execPath,
}

/** Writes the snippet as the console shows it into a fresh folder and runs it with only LOA_TOKEN added. */
const runSnippet = (snippet: QuickStartSnippet) => {
  const dir = mkdtempSync(path.join(workDir, `${snippet.language}-${snippet.mode}-`))
  writeFileSync(path.join(dir, snippet.file), snippet.code)
  // `npm install @loa-voice/sdk`, from the build instead of the registry.
  if (snippet.language === 'sdk') {
    mkdirSync(path.join(dir, 'node_modules', '@loa-voice'), { recursive: true })
    symlinkSync(sdkDist, path.join(dir, 'node_modules', SDK_PACKAGE))
  }
  const run = spawnSync(COMMANDS[snippet.language], [snippet.file], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LOA_TOKEN: app.token },
    encoding: 'utf8',
    timeout: 120_000,
  })
  const report = `${snippet.language}/${snippet.mode} exited ${run.status}\n${run.stdout}\n${run.stderr}\n${snippet.code}`
  expect(run.status, report).toBe(0)
  expect(run.stdout, report).toContain(`saved ${quickStartAudioFile(snippet.mode)}`)
  return readFileSync(path.join(dir, quickStartAudioFile(snippet.mode)))
}

/** RIFF (WAV), an ID3 tag or an MPEG audio frame sync at the start of the file. */
const isAudio = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' ||
  bytes.subarray(0, 3).toString('latin1') === 'ID3' ||
  (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)

describe('the console quick start, run as written against `loa serve all`', () => {
  it('the app has its 7-day token', () => {
    const days = (Date.parse(app.tokenExpiresAt!) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
  })

  const snippets = () => quickStartSnippets({ apiBase: apiUrl, appId: app.appId })
  for (const language of ['curl', 'node', 'python', 'sdk'] as const)
    for (const mode of ['sync', 'async'] as const)
      it.skipIf(language === 'python' && !PYTHON)(
        `${language} ${mode}: saves the audio`,
        () => {
          const snippet = snippets().find((s) => s.language === language && s.mode === mode)!
          const audio = runSnippet(snippet)
          expect(audio.length).toBeGreaterThan(1_000)
          expect(isAudio(audio), `${audio.subarray(0, 16).toString('hex')}`).toBe(true)
        },
        150_000,
      )

  it('a snippet with a wrong token prints the coded error and saves nothing', () => {
    const snippet = snippets().find((s) => s.language === 'curl' && s.mode === 'sync')!
    const dir = mkdtempSync(path.join(workDir, 'wrong-token-'))
    writeFileSync(path.join(dir, snippet.file), snippet.code)
    const run = spawnSync('sh', [snippet.file], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOA_TOKEN: 'not-a-token' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.stdout).toContain('"code":"APP_TOKEN_INVALID"')
    expect(() => readFileSync(path.join(dir, quickStartAudioFile('sync')))).toThrow()
  })
})
