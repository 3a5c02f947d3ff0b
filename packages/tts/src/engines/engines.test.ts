import { describe, expect, it } from 'vitest'
import { voicedShare } from '../../test/audio-checks.ts'
import { TtsError } from '../errors.ts'
import { getEngine } from './registry.ts'
import { probeNativeEspeak } from './espeak-native.ts'
import { createEngine as createNative } from './espeak-native.ts'
import { createEventEngine } from './espeak-wasm.ts'
import type { SpeechEngine } from './types.ts'
import { tokenize } from './words.ts'

const SENTENCE = 'Xin chào, tôi là trợ lý giọng nói tiếng Việt.'
const INPUT = { text: SENTENCE, clausePauses: [{ offset: 9, ms: 250 }] }
const SETTINGS = { rate: 175, pitch: 50, range: 50 }

const checkOutput = async (id: 'espeak-native' | 'espeak-wasm' | SpeechEngine) => {
  const engine = typeof id === 'string' ? await getEngine(id) : id
  const out = await engine.synthesize(INPUT, { espeakVoice: 'vi', variant: 'f3' }, SETTINGS)
  const seconds = out.pcm.length / out.sampleRate
  expect(out.sampleRate).toBe(22050)
  expect(seconds).toBeGreaterThan(1.5)
  expect(seconds).toBeLessThan(5)
  expect(voicedShare(out.pcm, out.sampleRate)).toBeGreaterThan(0.5)
  expect(out.words.map((w) => w.text)).toEqual(tokenize(SENTENCE).map((t) => t.text))
  for (const [i, w] of out.words.entries()) {
    expect(SENTENCE.slice(w.offset, w.offset + w.length)).toBe(w.text)
    expect(w.endMs).toBeGreaterThanOrEqual(w.startMs)
    if (i > 0) expect(w.startMs).toBeGreaterThanOrEqual(out.words[i - 1]!.endMs - 1)
    expect(w.endMs).toBeLessThanOrEqual(seconds * 1000 + 1)
  }
  // The clause pause: a silent gap of about 250 ms between "chào" and "tôi".
  expect(out.words[2]!.startMs - out.words[1]!.endMs).toBeGreaterThan(150)
  return out
}

describe('eSpeak engines', () => {
  it('WASM engine (WebAssembly command line on its own thread) speaks Vietnamese, word timings estimated', async () => {
    const out = await checkOutput('espeak-wasm')
    expect(out.timing).toBe('estimated')
    const engine = await getEngine('espeak-wasm')
    expect(engine.version).toMatch(/^espeak-ng-wasm-/)
    // One unit per line, each with exactly its own audio: a silent unit and a long pause stay in place.
    const outs = await engine.synthesizeBatch!(
      [
        INPUT,
        { text: '...', clausePauses: [] },
        { text: 'Một, hai.', clausePauses: [{ offset: 4, ms: 3000 }] },
      ],
      { espeakVoice: 'vi', variant: 'f3' },
      SETTINGS,
    )
    expect(Math.abs(outs[0]!.pcm.length - out.pcm.length)).toBeLessThan(out.sampleRate * 0.2)
    expect(voicedShare(outs[1]!.pcm, outs[1]!.sampleRate)).toBe(0)
    expect(outs[2]!.pcm.length / outs[2]!.sampleRate).toBeGreaterThan(3.5)
    expect(outs[2]!.words[1]!.startMs - outs[2]!.words[0]!.endMs).toBeGreaterThan(2500)
  })

  it('speaks a unit longer than one line of eSpeak input (a process / the asm.js build of its own)', async () => {
    const long = { text: 'nghiệng '.repeat(110).trim(), clausePauses: [] }
    expect(Buffer.byteLength(long.text)).toBeGreaterThan(1000)
    const engines = [
      await getEngine('espeak-wasm'),
      ...((await probeNativeEspeak()) ? [await getEngine('espeak-native')] : []),
    ]
    for (const engine of engines) {
      const [a, b] = await engine.synthesizeBatch!(
        [INPUT, long],
        { espeakVoice: 'vi', variant: 'f3' },
        SETTINGS,
      )
      expect(a!.words.map((w) => w.text)).toEqual(tokenize(SENTENCE).map((t) => t.text))
      expect(b!.words).toHaveLength(110)
      expect(b!.pcm.length / b!.sampleRate).toBeGreaterThan(20)
    }
  })

  it('asm.js build (the fallback) speaks Vietnamese with word events', async () => {
    const engine = await createEventEngine()
    const out = await checkOutput(engine)
    expect(out.timing).toBe('events')
  })

  it('native engine is used when installed, with estimated word timings', async () => {
    const version = await probeNativeEspeak()
    if (version) {
      const out = await checkOutput('espeak-native')
      expect(out.timing).toBe('estimated')
      // Several units in one process, split back on the separators.
      const native = await getEngine('espeak-native')
      const inputs = [
        INPUT,
        { text: 'Câu thứ hai.', clausePauses: [] },
        { text: 'Và câu cuối, hết.', clausePauses: [{ offset: 12, ms: 250 }] },
      ]
      const outs = await native.synthesizeBatch!(inputs, { espeakVoice: 'vi', variant: 'f3' }, SETTINGS)
      expect(outs).toHaveLength(3)
      for (const [i, o] of outs.entries()) {
        expect(voicedShare(o.pcm, o.sampleRate)).toBeGreaterThan(0.3)
        expect(o.words.map((w) => w.text)).toEqual(tokenize(inputs[i]!.text).map((t) => t.text))
        expect(o.pcm.length / o.sampleRate).toBeLessThan(5)
      }
      expect(Math.abs(outs[0]!.pcm.length - out.pcm.length) / out.pcm.length).toBeLessThan(0.5)
      expect((await getEngine('auto')).id).toBe('espeak-native')
    } else {
      await expect(createNative()).rejects.toMatchObject({ code: 'TTS_ENGINE_UNAVAILABLE' })
      expect((await getEngine('auto')).id).toBe('espeak-wasm')
    }
  })

  it('falls back to the WASM engine when the native binary is missing', async () => {
    await expect(createNative({ espeakPath: '/nonexistent/espeak-ng' })).rejects.toBeInstanceOf(TtsError)
    const engine = await getEngine('auto', { espeakPath: '/nonexistent/espeak-ng' })
    expect(engine.id).toBe('espeak-wasm')
  })

  it('renders the three regional voices differently', async () => {
    const engine = await getEngine('espeak-wasm')
    const lengths = new Set<number>()
    for (const espeakVoice of ['vi', 'vi-vn-x-central', 'vi-vn-x-south'] as const) {
      const out = await engine.synthesize(
        { text: 'Một hai ba bốn năm.', clausePauses: [] },
        { espeakVoice, variant: 'm3' },
        SETTINGS,
      )
      expect(voicedShare(out.pcm, out.sampleRate)).toBeGreaterThan(0.4)
      lengths.add(out.pcm.length)
    }
    expect(lengths.size).toBe(3)
  })

  it('escapes markup characters instead of dropping the sentence', async () => {
    const engine = await getEngine('espeak-wasm')
    const out = await engine.synthesize(
      { text: 'A & B < C > D "E"', clausePauses: [] },
      { espeakVoice: 'vi', variant: 'f1' },
      SETTINGS,
    )
    expect(out.words.map((w) => w.text)).toEqual(['A', 'B', 'C', 'D', 'E'])
  })
})
