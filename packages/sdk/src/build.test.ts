/**
 * The publishable build (build.mjs): ESM and CJS load and export the client, the browser global defines
 * `LoaSDK`, no bundle names a Node built-in (esbuild's browser platform refuses them), and the declarations
 * import `.js` paths.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { runInNewContext } from 'node:vm'
import { afterAll, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const out = mkdtempSync(path.join(tmpdir(), 'loa-sdk-build-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

it('builds ESM, CJS, a browser global and declarations, with no Node-only module', async () => {
  execFileSync(process.execPath, [path.join(here, '../build.mjs'), out], { stdio: 'pipe' })
  const esm = (await import(pathToFileURL(path.join(out, 'index.mjs')).href)) as Record<string, unknown>
  const cjs = createRequire(import.meta.url)(path.join(out, 'index.cjs')) as Record<string, unknown>
  for (const module of [esm, cjs]) {
    expect(typeof module.Loa).toBe('function')
    expect(typeof module.verifyWebhook).toBe('function')
  }
  const sandbox: Record<string, unknown> = { URL, AbortSignal, Headers, TextEncoder, TextDecoder }
  runInNewContext(readFileSync(path.join(out, 'loa.global.js'), 'utf8'), sandbox)
  expect(Object.keys(sandbox.LoaSDK as object)).toContain('Loa')
  for (const file of ['index.mjs', 'index.cjs', 'loa.global.js'])
    expect(readFileSync(path.join(out, file), 'utf8')).not.toMatch(
      /\bnode:|require\(["'](fs|crypto|http|https|ws)["']\)/,
    )
  const manifest = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8'))
  expect(manifest).toMatchObject({ name: '@loa-voice/sdk', exports: { '.': { import: './index.mjs' } } })
  expect(manifest.private).toBeUndefined()
  const types = readFileSync(path.join(out, 'types/index.d.ts'), 'utf8')
  expect(types).toContain("from './client.js'")
  expect(types).not.toMatch(/from '\.[^']*\.ts'/)
}, 120_000)
