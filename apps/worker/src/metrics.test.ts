import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createLogger } from '@loa/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWorkerConfig } from './config.ts'
import { probeJobSpec } from './handlers/probe.ts'
import { startWorker, type RunningWorker } from './runtime.ts'

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/**
 * The Prometheus text exposition format (0.0.4), read independently of prom-client: `# HELP`/`# TYPE` lines, then
 * `name{label="value",…} number` samples. Throws on any line that is neither, so a malformed answer fails the test.
 */
const parsePrometheusText = (text: string): { types: Map<string, string>; samples: Sample[] } => {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line)
    if (meta) {
      if (meta[1] === 'TYPE') types.set(meta[2]!, meta[3]!)
      continue
    }
    const match = sampleLine.exec(line)
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`)
    const labels: Record<string, string> = {}
    const body = match[2] ?? ''
    labelPair.lastIndex = 0
    let consumed = 0
    for (let pair = labelPair.exec(body); pair; pair = labelPair.exec(body)) {
      labels[pair[1]!] = pair[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\')
      consumed = labelPair.lastIndex
    }
    if (consumed !== body.length) throw new Error(`malformed labels: ${line}`)
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : Number(match[3])
    if (Number.isNaN(value) && match[3] !== 'NaN') throw new Error(`malformed value: ${line}`)
    samples.push({ name: match[1]!, labels, value })
  }
  return { types, samples }
}

describe('worker /metrics and per-job logs', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-worker-metrics-'))
  const lines: Record<string, unknown>[] = []
  let worker: RunningWorker
  beforeAll(async () => {
    // The structured log lines the worker writes (pino JSON), read as a log shipper would.
    const logger = createLogger('info', {}, { write: (line: string) => void lines.push(JSON.parse(line)) })
    const config = loadWorkerConfig({
      DATA_DIR: dataDir,
      WORKER_PORT: '0',
      FILE_SIGNING_SECRET: 'x'.repeat(32),
    })
    worker = await startWorker(config, logger)
  }, 120_000)
  afterAll(async () => {
    await worker?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('parses in the Prometheus text format and shows a finished job, its duration and its log line', async () => {
    const job = await worker.queue.enqueue(probeJobSpec, { workMs: 0 })
    const deadline = Date.now() + 30_000
    while ((await worker.queue.getJob(job.id))?.state !== 'completed') {
      if (Date.now() > deadline) throw new Error('probe job not completed in 30 s')
      await sleep(50)
    }
    const res = await fetch(`${worker.address}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const { types, samples } = parsePrometheusText(await res.text())
    const find = (name: string, labels: Record<string, string> = {}) =>
      samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    expect(types.get('loa_job_duration_seconds')).toBe('histogram')
    expect(find('loa_job_duration_seconds_count', { job: 'system.probe', outcome: 'completed' })?.value).toBe(
      1,
    )
    expect(types.get('loa_queue_jobs')).toBe('gauge')
    expect(find('loa_queue_jobs', { state: 'active' })?.value).toBe(0)
    expect(find('loa_queue_oldest_waiting_seconds')).toBeDefined()
    // The scrape before this one was recorded by route pattern, with the worker's service label.
    await fetch(`${worker.address}/readyz`)
    const again = parsePrometheusText(await (await fetch(`${worker.address}/metrics`)).text())
    expect(
      again.samples.find(
        (s) =>
          s.name === 'loa_http_request_duration_seconds_count' &&
          s.labels.route === '/readyz' &&
          s.labels.service === 'worker' &&
          s.labels.status_code === '200',
      )?.value,
    ).toBeGreaterThanOrEqual(1)
    const started = lines.findIndex((l) => l.msg === 'job attempt started' && l.jobId === job.id)
    const finishedAt = lines.findIndex((l) => l.msg === 'job attempt finished' && l.jobId === job.id)
    expect(started, 'a line when the attempt begins, before the one when it ends').toBeGreaterThanOrEqual(0)
    expect(started).toBeLessThan(finishedAt)
    const finished = lines[finishedAt]
    expect(lines[started]).toMatchObject({
      job: 'system.probe',
      attempt: 1,
      takeover: false,
      worker: finished?.worker,
    })
    expect(finished).toMatchObject({
      job: 'system.probe',
      attempt: 1,
      outcome: 'completed',
      takeover: false,
      worker: expect.any(String),
      durationMs: expect.any(Number),
    })
  }, 60_000)
})
