/**
 * Processes of the scale-mode end-to-end test, started as an operator starts them: `loa serve <service>` and
 * `loa worker` (the real entry point, bin/loa/loa.mjs) and s3rver's own command line, each a child process with its
 * own environment, output and exit. Everything started here is stopped by `stopAll()`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

const loa = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'loa.mjs')
const s3rverCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
  'bin',
  's3rver.js',
)

export interface Started {
  name: string
  child: ChildProcess
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  /** The pino JSON lines it printed, parsed (other lines skipped). */
  logLines: () => Record<string, unknown>[]
  exited: Promise<number | null>
  /** SIGKILL (a crash), resolved when the process is gone. */
  kill: () => Promise<void>
}

const running = new Set<Started>()

/** Polls `probe` every 100 ms until it returns a value; throws naming `what` after `timeoutMs`. */
export const waitFor = async <T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 90_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(100)
  }
}

const start = async (
  name: string,
  command: string,
  args: string[],
  /** Undefined: this process's own environment. */
  env: NodeJS.ProcessEnv | undefined,
  ready: RegExp,
): Promise<Started> => {
  const child = spawn(process.execPath, [command, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const started: Started = {
    name,
    child,
    output: () => out,
    logLines: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>]
          } catch {
            return []
          }
        }),
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
  running.add(started)
  await waitFor(
    `${name} to start`,
    () => {
      if (child.exitCode !== null)
        throw new Error(`${name} exited (${child.exitCode}) while starting:\n${out}`)
      return ready.test(out) ? true : undefined
    },
    // Seconds on a quiet machine; minutes when the machine is shared and every process transpiles at once.
    300_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- ${name} printed:\n${out}`)
  })
  return started
}

/** `loa serve <service>` (api, sso, flags): ready when it prints that Loa is running. */
export const serve = (name: string, service: string, env: NodeJS.ProcessEnv) =>
  start(name, loa, ['serve', service], env, /Loa is running/)

/** `loa worker`: ready when it prints `worker ready`. */
export const worker = (name: string, env: NodeJS.ProcessEnv) =>
  start(name, loa, ['worker'], env, /worker ready/)

/** s3rver on its own command line (as .ci/run starts it), with `bucket` created at start; `--silent` is not given:
 * it prints `S3rver listening on …` once the port accepts requests. */
export const s3rver = (port: number, directory: string, bucket: string) =>
  start(
    's3rver',
    s3rverCli,
    ['-d', directory, '-a', '127.0.0.1', '-p', String(port), '--configure-bucket', bucket],
    undefined,
    /S3rver listening/,
  )

/** Stops everything still running (SIGKILL: the test owns these processes and their data is thrown away). */
export const stopAll = async () => {
  await Promise.all([...running].map((p) => p.kill()))
  running.clear()
}
