/**
 * Child process of the benchmark: streams N characters through the full pipeline (MP3, chunks discarded)
 * and prints the peak RSS (main thread + worker threads) as JSON.
 */
import { closeSharedPool, synthesizeStream } from '../src/index.ts'
import { benchText } from './bench-text.ts'

const characters = Number(process.argv[2] ?? 10_000)
const text = benchText(characters)
const started = performance.now()
let bytes = 0
const stream = synthesizeStream({ text, voice: 'vi-north-female-mai', bitrate: 64, cache: false })
for await (const chunk of stream) bytes += chunk.length
const summary = await stream.summary
await closeSharedPool()
console.log(
  JSON.stringify({
    characters: text.length,
    ms: Math.round(performance.now() - started),
    audioSeconds: Math.round(summary.durationMs / 1000),
    mp3Bytes: bytes,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
)
