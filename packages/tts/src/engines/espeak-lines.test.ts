import { afterAll, describe, expect, it } from 'vitest'
import { voicedShare } from '../../test/audio-checks.ts'
import { speechBounds } from '../audio/levels.ts'
import { createEngine, probeNativeEspeak } from './espeak-native.ts'
import { LineSpeaker } from './espeak-lines.ts'
import { Speakers, lineModeArgs } from './speakers.ts'
import type { EngineInput, SpeechEngine } from './types.ts'
import { tokenize } from './words.ts'

const native = await probeNativeEspeak()
const VOICE = { espeakVoice: 'vi', variant: 'f3' } as const
const args = (rate = 175): string[] => lineModeArgs(VOICE, { rate, pitch: 50 })
const unit = (text: string, clausePauses: EngineInput['clausePauses'] = []): EngineInput => ({
  text,
  clausePauses,
})
const UNITS = [
  unit('Bản tin sáng ngày hai mươi mốt.'),
  unit('Chào mừng quý vị, và các bạn đến với chương trình thời sự buổi sáng.', [{ offset: 16, ms: 250 }]),
  unit('Xin chào.'),
]
const seconds = (pcm: Int16Array, rate: number): number => {
  const b = speechBounds(pcm, rate)
  return b ? (b.end - b.start) / rate : 0
}

const engines: SpeechEngine[] = []
const engine = async (): Promise<SpeechEngine> => {
  const e = await createEngine()
  engines.push(e)
  return e
}
afterAll(async () => {
  for (const e of engines) await e.close()
})

describe.skipIf(!native)('native espeak-ng in line mode', () => {
  it('cuts one stream into the units, in order, as long as each spoken alone', async () => {
    const lines = await engine()
    const outs = await lines.synthesizeBatch!(UNITS, VOICE, { rate: 175, pitch: 50, range: 50 })
    for (const [i, out] of outs.entries()) {
      // Alone: a fresh engine, first unit of its process.
      const alone = await (await engine()).synthesize(UNITS[i]!, VOICE, { rate: 175, pitch: 50, range: 50 })
      const a = seconds(out.pcm, out.sampleRate)
      expect(Math.abs(a - seconds(alone.pcm, alone.sampleRate)) / a).toBeLessThan(0.1)
      expect(voicedShare(out.pcm, out.sampleRate)).toBeGreaterThan(0.5)
      expect(out.words.map((w) => w.text)).toEqual(tokenize(UNITS[i]!.text).map((t) => t.text))
      // A short margin of silence on either side, never a separator.
      expect(out.pcm.length / out.sampleRate - a).toBeLessThan(0.2)
    }
    // Longer sentences give longer audio: nothing was shifted to a neighbour.
    expect(seconds(outs[1]!.pcm, 22050)).toBeGreaterThan(seconds(outs[0]!.pcm, 22050))
    expect(seconds(outs[0]!.pcm, 22050)).toBeGreaterThan(seconds(outs[2]!.pcm, 22050))
  })

  it.each([80, 449])('finds the separators at rate %i', async (rate) => {
    const outs = await (await engine()).synthesizeBatch!(UNITS, VOICE, { rate, pitch: 50, range: 50 })
    expect(outs.map((o) => o.words.length)).toEqual(UNITS.map((u) => tokenize(u.text).length))
    for (const o of outs) expect(voicedShare(o.pcm, o.sampleRate)).toBeGreaterThan(0.4)
  })

  it('serves requests one after another from the same process, and concurrent ones', async () => {
    const e = await engine()
    const settings = { rate: 175, pitch: 50, range: 50 }
    const first = await e.synthesizeBatch!(UNITS, VOICE, settings)
    const [a, b] = await Promise.all([
      e.synthesizeBatch!(UNITS.slice(0, 2), VOICE, settings),
      e.synthesizeBatch!(UNITS.slice(1), VOICE, settings),
    ])
    const lengths = (outs: { pcm: Int16Array }[]): number[] => outs.map((o) => seconds(o.pcm, 22050))
    const close = (x: number[], y: number[]): void =>
      x.forEach((v, i) => expect(Math.abs(v - y[i]!) / v).toBeLessThan(0.1))
    close(lengths(a!), lengths(first).slice(0, 2))
    close(lengths(b!), lengths(first).slice(1))
  })

  it('falls back to a process per unit when a unit makes no sound or has a long pause', async () => {
    const e = await engine()
    const inputs = [UNITS[2]!, unit('...'), unit('Một, hai.', [{ offset: 4, ms: 1800 }]), UNITS[0]!]
    const outs = await e.synthesizeBatch!(inputs, VOICE, { rate: 175, pitch: 50, range: 50 })
    expect(outs).toHaveLength(4)
    expect(voicedShare(outs[0]!.pcm, 22050)).toBeGreaterThan(0.5)
    expect(seconds(outs[1]!.pcm, 22050)).toBe(0)
    // The long pause is there, inside the unit.
    expect(outs[2]!.words[1]!.startMs - outs[2]!.words[0]!.endMs).toBeGreaterThan(1500)
    expect(outs[3]!.words.map((w) => w.text)).toEqual(tokenize(UNITS[0]!.text).map((t) => t.text))
  })

  it('a speaker reports what it cannot attribute instead of guessing', async () => {
    const speaker = new LineSpeaker('espeak-ng', args())
    try {
      const ok = await speaker.speak(['Xin chào.', 'Tạm biệt.'])
      expect(ok.every((p) => p && voicedShare(p, speaker.sampleRate) > 0.4)).toBe(true)
      // A silent unit between two: two separators in one silence.
      expect(await speaker.speak(['Xin chào.', '...', 'Tạm biệt.'])).toEqual([
        undefined,
        undefined,
        undefined,
      ])
      expect(speaker.dead).toBe(true)
      expect(await speaker.speak(['Xin chào.'])).toEqual([undefined])
    } finally {
      speaker.close()
    }
  })
})

describe.skipIf(!native)('kept speakers', () => {
  it('reuse an idle speaker, add one for a busy one, stop the least recently used settings', async () => {
    const kept = new Speakers((a) => new LineSpeaker('espeak-ng', a), {
      maxKeys: 2,
      perKey: 2,
      idleMs: 60_000,
    })
    try {
      const a = await kept.get(args(175))
      expect(await kept.get(args(175))).toBe(a)
      const busy = a.speak(['Một câu khá dài để giữ tiến trình bận thêm một lúc nữa.'])
      const b = await kept.get(args(175))
      expect(b).not.toBe(a)
      await busy
      const c = await kept.get(args(150))
      expect(c).not.toBe(a)
      // A third set of settings stops the least recently used one (175).
      await kept.get(args(120))
      expect(a.dead && b.dead).toBe(true)
      expect(c.dead).toBe(false)
    } finally {
      kept.closeAll()
    }
  })

  it('stop a speaker left idle', async () => {
    const kept = new Speakers((a) => new LineSpeaker('espeak-ng', a), { maxKeys: 2, perKey: 1, idleMs: 300 })
    try {
      const a = await kept.get(args(175))
      await a.speak(['Xin chào.'])
      await new Promise((r) => setTimeout(r, 700))
      expect(a.dead).toBe(true)
      expect((await kept.get(args(175))).dead).toBe(false)
    } finally {
      kept.closeAll()
    }
  })
})
