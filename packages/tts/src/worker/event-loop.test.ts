import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import { benchText } from '../../bench/bench-text.ts'
import { synthesizeStream } from '../pipeline/synthesize.ts'
import { createSynthesisPool } from './pool.ts'

const pool = createSynthesisPool({ size: 2 })
afterAll(() => pool.close())

describe('worker threads', () => {
  it('keep the event loop responsive during a 100,000-character job', { timeout: 600_000 }, async () => {
    const text = benchText(100_000)
    expect(text.length).toBeGreaterThan(99_000)
    const histogram = monitorEventLoopDelay({ resolution: 10 })
    // A timer that should tick every 20 ms: the longest gap between ticks is the longest block.
    let last = performance.now()
    let longestGap = 0
    let ticks = 0
    const timer = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
      ticks++
    }, 20)
    histogram.enable()
    const elu = performance.eventLoopUtilization()
    const started = performance.now()
    let bytes = 0
    // The WASM engine is synchronous: on the main thread it would keep the loop busy most of the time.
    const stream = synthesizeStream({
      text,
      voice: 'vi-north-female-mai',
      format: 'wav',
      cache: false,
      pool,
      engine: 'espeak-wasm',
    })
    for await (const chunk of stream) bytes += chunk.length
    const elapsed = performance.now() - started
    const utilization = performance.eventLoopUtilization(elu).utilization
    histogram.disable()
    clearInterval(timer)
    const summary = await stream.summary

    // The job really ran: about an hour and a half of speech.
    expect(summary.durationMs).toBeGreaterThan(60 * 60 * 1000)
    expect(bytes).toBeGreaterThan(summary.durationMs * 22.05 * 2 * 0.99)
    expect(summary.timeline.sentences.length).toBeGreaterThan(1000)
    // No single block of the event loop longer than 500 ms, and the timer kept ticking.
    expect(longestGap).toBeLessThan(500)
    expect(histogram.max / 1e6).toBeLessThan(500)
    expect(ticks).toBeGreaterThan((elapsed / 20) * 0.5)
    // The main thread mostly waits: the work happens on the workers.
    expect(utilization).toBeLessThan(0.5)
    console.log(
      `100k job: ${Math.round(elapsed)} ms, longest block ${Math.round(longestGap)} ms, ELU ${utilization.toFixed(2)}`,
    )
  })
})
