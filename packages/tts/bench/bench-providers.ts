/**
 * bench:providers (issue #26 §2) — what Loa adds to a provider voice: first audio byte and total time of one
 * synthesis through Loa's pipeline (normalizer, split, stream, resample/encode) against the same loopback
 * OpenAI-compatible provider called directly, medians of 20; then 50 syntheses at once against a provider with a
 * concurrency limit of 4, printing the most requests the provider saw at once. Target: Loa adds ≤ 15 ms to the
 * first byte.
 */
import { startLoopbackProvider } from '../test/providers/loopback.ts'
import { voiceProvidersFileSchema } from '@loa/contracts'
import { configureVoiceProviders } from '../src/providers/state.ts'
import { synthesizeStream } from '../src/pipeline/synthesize.ts'
import { closeSharedPool, getSharedPool } from '../src/worker/pool.ts'

const RUNS = 20
const TEXT =
  'Hà Nội mùa thu, trời trong xanh và gió nhẹ. Những con phố cổ rợp bóng cây, người đi bộ thong thả bên hồ. ' +
  'Buổi sáng, quán cà phê ven đường đông khách, tiếng nói cười rộn ràng khắp nơi.'
const KEY = 'bench-key'

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

const main = async (): Promise<void> => {
  // A provider that generates: 20 ms before the first byte, then 100 ms of audio every 10 ms.
  const server = await startLoopbackProvider('openai', {
    key: KEY,
    firstByteDelayMs: 20,
    chunkMs: 100,
    chunkDelayMs: 10,
  })
  const entry = (concurrency: number) => ({
    ...voiceProvidersFileSchema.parse({
      providers: [
        {
          id: 'bench',
          kind: 'openai',
          base_url: `${server.url}/v1`,
          concurrency,
          voices: [
            { code: 'bench-voice', provider_voice: 'ngoc', name: 'Bench', gender: 'female', region: 'north' },
          ],
        },
      ],
    }).providers[0]!,
    apiKey: () => KEY,
  })
  configureVoiceProviders([entry(4)])
  await getSharedPool().engineInfo('auto')

  const direct = async (): Promise<[number, number]> => {
    const t0 = performance.now()
    const res = await fetch(`${server.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ model: 'tts-1', input: TEXT, voice: 'ngoc', response_format: 'pcm' }),
    })
    let first = 0
    for await (const _ of res.body as unknown as AsyncIterable<Uint8Array>) first ||= performance.now() - t0
    return [first, performance.now() - t0]
  }
  const throughLoa = async (format: 'wav' | 'mp3', sampleRate: number): Promise<[number, number]> => {
    const t0 = performance.now()
    let first = 0
    for await (const _ of synthesizeStream({ text: TEXT, voice: 'bench-voice', format, sampleRate }))
      first ||= performance.now() - t0
    return [first, performance.now() - t0]
  }

  // Interleaved (one run of each variant per round), so the machine's load drifts equally over all three.
  const variants: [string, () => Promise<[number, number]>][] = [
    ['provider called directly (pcm 24 kHz)', direct],
    ['through Loa, WAV 24 kHz', () => throughLoa('wav', 24000)],
    ['through Loa, MP3 22.05 kHz (resampled + encoded)', () => throughLoa('mp3', 22050)],
  ]
  const samples = variants.map(() => ({ firsts: [] as number[], totals: [] as number[] }))
  for (const [, run] of variants) await run()
  // The order rotates each round: no variant always runs right after the same other one.
  for (let i = 0; i < RUNS; i++)
    for (let k = 0; k < variants.length; k++) {
      const v = (i + k) % variants.length
      const [f, t] = await variants[v]![1]()
      samples[v]!.firsts.push(f)
      samples[v]!.totals.push(t)
    }
  const rows = variants.map(([name], v) => ({
    name,
    first: median(samples[v]!.firsts),
    total: median(samples[v]!.totals),
  }))
  const base = rows[0]!
  console.log(`bench:providers — medians of ${RUNS}, text of ${TEXT.length} characters`)
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(52)} first byte ${r.first.toFixed(1).padStart(7)} ms (+${(r.first - base.first).toFixed(1)} ms)   total ${r.total.toFixed(1).padStart(7)} ms (${(r.total / base.total).toFixed(2)}×)`,
    )
  const worst = Math.max(...rows.slice(1).map((r) => r.first - base.first))
  console.log(
    `  Loa adds at most ${worst.toFixed(1)} ms to the first byte (target ≤ 15 ms): ${worst <= 15 ? 'met' : 'NOT met'}`,
  )

  server.peak = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for await (const _ of synthesizeStream({
        text: 'Xin chào các bạn.',
        voice: 'bench-voice',
        format: 'wav',
      }));
    }),
  )
  console.log(
    `  50 parallel syntheses, provider concurrency 4: at most ${server.peak} requests at the provider at once (${server.peak <= 4 ? 'held' : 'NOT held'}), ${(performance.now() - t0).toFixed(0)} ms`,
  )
  await server.close()
  await closeSharedPool()
}

await main()
