/**
 * npm run bench:memory — resident memory (RSS) of the embedded backend (`loa serve all`), part by part: Node with
 * the code loaded, the database (PGlite, migrated and seeded), the three apps, the job runner, then busy (demo
 * syntheses on the tts worker pool) and idle again. Each part is the RSS added when it starts; the target is an
 * idle backend at or under BENCH_MEMORY_TARGET_MB (400), and the run fails above it. Columns: V8's heap
 * (committed), external memory (ArrayBuffers: PGlite's WebAssembly memory), the C allocator's main heap and the
 * mapped files (Node's own code, shared libraries), from /proc/self/smaps.
 *
 * Run through bench/memory.mjs: on the prebuilt backend with `npm start`'s flags, or with `--tsx` on tsx.
 *   BENCH_SYNTHESES=12 BENCH_IDLE_S=75 npm run bench:memory [-- --tsx]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createLogger } from '@loa/service-kit'
import { loadWorkerConfig, registerJobHandlers } from '@loa/worker'
import { loadCliConfig } from '../src/config.ts'
import { openPlatform } from '../src/platform/open-platform.ts'
import { loadService, SERVICE_NAMES, type ServiceApp } from '../src/platform/services.ts'

const syntheses = Number(process.env.BENCH_SYNTHESES ?? 12)
const targetMb = Number(process.env.BENCH_MEMORY_TARGET_MB ?? 400)
/** Longer than the tts pool's worker idle time (60 s), so idle workers have stopped. */
const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 75)
const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-bench-memory-'))
const env: Record<string, string | undefined> = {
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  TTS_DEMO_LIMIT: '10000',
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
const settle = async (ms = 2_000) => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.()
    await sleep(ms / 3)
  }
}
/** Resident bytes of the C allocator's main heap and of mapped files (code), from /proc/self/smaps (Linux). */
const mappings = (): { malloc: number; files: number } => {
  const out = { malloc: 0, files: 0 }
  let kind: 'malloc' | 'files' | undefined
  try {
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line)
      if (head) kind = head[2] === '[heap]' ? 'malloc' : head[1] !== '0' ? 'files' : undefined
      const rss = /^Rss:\s+(\d+) kB/.exec(line)
      if (rss && kind) out[kind] += Number(rss[1]) * 1024
    }
  } catch {
    // not Linux: the columns read 0
  }
  return out
}
type Row = { part: string; rss: number; heap: number; external: number; malloc: number; files: number }
const rows: Row[] = []
const mark = (part: string) => {
  const m = process.memoryUsage()
  rows.push({ part, rss: m.rss, heap: m.heapTotal, external: m.external, ...mappings() })
}

await settle()
mark('node + code loaded')
const cli = loadCliConfig(env)
const worker = loadWorkerConfig(env)
const logger = createLogger('warn', { app: 'bench-memory' })
const platform = await openPlatform(cli, worker, logger, { command: 'bench memory', seed: true })
await settle()
mark('database (PGlite: migrated, seeded)')

const apps: ServiceApp[] = []
let apiUrl = ''
for (const name of SERVICE_NAMES) {
  const mod = await loadService(name)
  if (typeof mod === 'string') throw new Error(mod)
  const app = await mod.build({ config: mod.loadConfig(env), ...platform, logger })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  if (name === 'api') apiUrl = url
  apps.push(app)
}
await settle()
mark('apps (api, sso, flags) listening')

const definitions = registerJobHandlers({ config: worker, ...platform, logger })
await platform.queue.start(definitions, { concurrency: worker.concurrency })
await settle()
mark('job runner started (idle)')

let peak = 0
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100)
const texts = [
  'Xin chào, đây là bài kiểm tra bộ nhớ của Loa.',
  'Hôm nay là ngày 23/11/2026, nhiệt độ 25°C, giá 1.250.000 đồng.',
  'Chúng tôi đọc văn bản tiếng Việt bằng nhiều giọng khác nhau.',
]
const started = Date.now()
await Promise.all(
  Array.from({ length: syntheses }, async (_, i) => {
    const res = await fetch(`${apiUrl}/api/v1/demo/synthesis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: `${texts[i % texts.length]} (${i})`, fingerprint: `bench-${i}` }),
    })
    if (!res.ok) throw new Error(`demo synthesis ${i}: HTTP ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
  }),
)
clearInterval(sampler)
const m = process.memoryUsage()
rows.push({
  part: `busy: peak during ${syntheses} demo syntheses`,
  rss: peak,
  heap: m.heapTotal,
  external: m.external,
  ...mappings(),
})
const busyMs = Date.now() - started
await settle(idleSeconds * 1000)
mark(`idle again (${idleSeconds} s after)`)

const runtime = env.BENCH_MEMORY_RUNTIME ?? 'tsx'
console.log(
  `bench:memory — Node ${process.version} (${runtime}), ${syntheses} syntheses in ${busyMs} ms, database ${platform.database.kind}`,
)
console.log('')
const columns = ['RSS MB', '+MB', 'V8 heap', 'ext', 'malloc', 'files']
console.log(`${'part'.padEnd(46)} ${columns.map((c) => c.padStart(7)).join(' ')}`)
let previous = 0
for (const r of rows) {
  const added = previous ? r.rss - previous : r.rss
  const cells = [r.rss, added, r.heap, r.external, r.malloc, r.files].map((v) => String(mb(v)).padStart(7))
  console.log(`${r.part.padEnd(46)} ${cells.join(' ')}`)
  if (!r.part.startsWith('busy')) previous = r.rss
}
const idle = mb(rows.at(-1)!.rss)
console.log(`\nidle backend: ${idle} MB (target ≤ ${targetMb} MB)`)
if (idle > targetMb) {
  console.error(`bench:memory FAILED: the idle backend holds ${idle} MB, over ${targetMb} MB`)
  process.exitCode = 1
}

await Promise.allSettled(apps.map((app) => app.close()))
await platform.close()
rmSync(dataDir, { recursive: true, force: true })
setTimeout(() => process.exit(), 2_000).unref()
