import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Every app's standalone `server.ts` opens its database through the platform opener `loa serve` uses
 * (`openServiceDatabase` of @loa/db): on the embedded database it claims `$DATA_DIR` first, so it refuses to
 * open a PGlite directory another process holds, and releases it when it stops.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loa-standalone-'))
  dirs.push(dir)
  return dir
}

const start = (app: string, env: Record<string, string>) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps', app, 'src', 'server.ts')],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe('standalone servers open the database through the platform opener', () => {
  it.each(['api', 'sso', 'flags'])(
    '%s refuses a data directory another process holds, naming it',
    async (app) => {
      const dir = dataDir()
      // This test process stands for the running `loa serve all`: alive, and not the server's own pid.
      writeFileSync(
        path.join(dir, 'loa.pid'),
        JSON.stringify({ pid: process.pid, command: 'loa serve all', startedAt: new Date().toISOString() }),
      )
      const server = start(app, { DATA_DIR: dir })
      expect(await server.exited).toBe(1)
      expect(server.output()).toContain('is in use by process')
      expect(server.output()).toContain("'loa serve all'")
      expect(existsSync(path.join(dir, 'db'))).toBe(false)
    },
    120_000,
  )

  it('flags claims the directory while it runs and releases it when stopped', async () => {
    const dir = dataDir()
    const server = start('flags', { DATA_DIR: dir, FLAGS_PORT: '5353', HOST: '127.0.0.1' })
    const deadline = Date.now() + 150_000
    while (!server.output().includes('flags service listening') && Date.now() < deadline) {
      if (server.child.exitCode !== null) throw new Error(server.output())
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(server.output()).toContain('flags service listening')
    expect(existsSync(path.join(dir, 'loa.pid'))).toBe(true)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(existsSync(path.join(dir, 'loa.pid'))).toBe(false)
  }, 180_000)
})
