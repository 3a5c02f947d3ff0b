import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  TINY_HOP,
  TINY_SAMPLE_RATE,
  tinyVoiceConfig,
  writeTinyVoice,
} from '../../test/piper/build-tiny-voice.mjs'
import type { PiperVoiceRef, VoiceEngineMapping } from '../voices.ts'
import { phonemeIds, parsePiperConfig } from './piper-config.ts'
import { probeNativeEspeak } from './espeak-native.ts'
import { clausePhonemes, createPhonemizer } from './piper-phonemize.ts'
import { createEngine } from './piper.ts'
import type { EngineInput, SpeechEngine } from './types.ts'

const dir = mkdtempSync(join(tmpdir(), 'loa-piper-'))
const engines: SpeechEngine[] = []
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()))
  rmSync(dir, { recursive: true, force: true })
})

const engine = async (): Promise<SpeechEngine> => {
  const e = await createEngine()
  engines.push(e)
  return e
}

const voiceOf = (
  model: string,
  speakerId?: number,
): Pick<VoiceEngineMapping, 'espeakVoice' | 'variant' | 'piper'> => {
  const piper: PiperVoiceRef = { model, config: `${model}.json`, fingerprint: 'test' }
  if (speakerId !== undefined) piper.speakerId = speakerId
  return { espeakVoice: 'vi', variant: '', piper }
}

const settings = (speed = 1) => ({ rate: 175, pitch: 50, range: 50, speed })
const unit = (text: string, clausePauses: EngineInput['clausePauses'] = []): EngineInput => ({
  text,
  clausePauses,
})

describe('Piper phoneme ids and phonemes', () => {
  const config = parsePiperConfig(tinyVoiceConfig(), 'tiny.onnx.json')

  it('puts BOS, a pad after BOS and after every phoneme, then EOS', () => {
    const map = config.phonemeIdMap
    const [a, b] = [map.get('a')![0]!, map.get('b')![0]!]
    expect(phonemeIds(['a', 'b'], map)).toEqual({ ids: [1, 0, a, 0, b, 0, 2], unknown: [] })
  })

  it('skips phonemes the voice does not know, and refuses text with none it knows', () => {
    expect(phonemeIds(['a', '☃'], config.phonemeIdMap).unknown).toEqual(['☃'])
    expect(() => phonemeIds(['☃', '☂'], config.phonemeIdMap)).toThrow(
      expect.objectContaining({ code: 'TTS_UNKNOWN_PHONEME' }),
    )
  })

  it("drops eSpeak's language flags, keeps the clause's punctuation and decomposes (NFD)", () => {
    expect(clausePhonemes('Computer của tôi,', '(en)kə1mpjˈuː1təə(vi) kˌuə4 t̪ˈo7j')).toEqual([
      ...'kə1mpjˈuː1təə kˌuə4 t̪ˈo7j,'.normalize('NFD'),
    ])
    expect(clausePhonemes('ờ', 'ờ')).toEqual(['o', '\u031b', '\u0300'])
  })

  it('reads the scales from the voice JSON and refuses a malformed one', () => {
    expect([config.noiseScale, config.lengthScale, config.noiseW]).toEqual([0.667, 1, 0.8])
    expect(config.sampleRate).toBe(TINY_SAMPLE_RATE)
    expect(() => parsePiperConfig({ ...tinyVoiceConfig(), phoneme_id_map: undefined }, 'x')).toThrow(
      expect.objectContaining({ code: 'TTS_VOICE_CONFIG_INVALID' }),
    )
    expect(() => parsePiperConfig({ ...tinyVoiceConfig(), audio: {} }, 'x')).toThrow(
      expect.objectContaining({ code: 'TTS_VOICE_CONFIG_INVALID' }),
    )
  })
})

describe.skipIf(!(await probeNativeEspeak()))('phonemization', () => {
  it('gives the same phonemes with native espeak-ng and its WebAssembly build', async () => {
    const texts = [
      'Xin chào,',
      'tôi là trợ lý giọng nói tiếng Việt.',
      'Hôm nay là ngày hai mươi mốt tháng mười một!',
      'Computer của tôi có phải là máy tính không?',
      'Người ở Huế; nghiêng ngả: khuỷu tay.',
    ]
    const native = await createPhonemizer({ prefer: 'native' })
    const wasm = await createPhonemizer({ prefer: 'wasm' })
    try {
      expect(native.kind).toBe('native')
      expect(wasm.kind).toBe('wasm')
      const [a, b] = await Promise.all([native.ipa('vi', texts), wasm.ipa('vi', texts)])
      expect(a).toHaveLength(texts.length)
      expect(a.every((p) => p.length > 0)).toBe(true)
      expect(b).toEqual(a)
    } finally {
      native.close()
      wasm.close()
    }
  })
})

describe('the piper engine with a tiny Piper-shaped voice', () => {
  const single = writeTinyVoice(dir, 'single')
  const multi = writeTinyVoice(dir, 'multi', { speakers: 2 })

  it("speaks at the voice's sample rate, one utterance per clause with the clause pause between", async () => {
    const e = await engine()
    const [out] = await e.synthesizeBatch!(
      [unit('Xin chào, bạn.', [{ offset: 9, ms: 200 }])],
      voiceOf(single),
      settings(),
    )
    expect(out!.sampleRate).toBe(TINY_SAMPLE_RATE)
    expect(out!.timing).toBe('estimated')
    expect(out!.words.map((w) => w.text)).toEqual(['Xin', 'chào', 'bạn'])
    const pause = Math.round(0.2 * TINY_SAMPLE_RATE)
    // Every id (BOS, pads, phonemes, EOS) lasts TINY_HOP samples at length_scale 1.
    expect((out!.pcm.length - pause) % TINY_HOP).toBe(0)
    let run = 0
    let longest = 0
    for (const s of out!.pcm) longest = Math.max(longest, (run = s === 0 ? run + 1 : 0))
    expect(longest).toBeGreaterThanOrEqual(pause)
    expect(longest).toBeLessThan(pause + 3)
  })

  it('maps speed onto length_scale (twice as fast, half as long) and takes length_scale from the JSON', async () => {
    const e = await engine()
    const text = [unit('Hôm nay trời đẹp')]
    const [normal] = await e.synthesizeBatch!(text, voiceOf(single), settings(1))
    const [fast] = await e.synthesizeBatch!(text, voiceOf(single), settings(2))
    expect(fast!.pcm.length * 2).toBe(normal!.pcm.length)
    const slow = writeTinyVoice(dir, 'slow')
    const json = tinyVoiceConfig()
    writeFileSync(
      `${slow}.json`,
      JSON.stringify({ ...json, inference: { ...json.inference, length_scale: 2 } }),
    )
    const [slower] = await e.synthesizeBatch!(text, voiceOf(slow), settings(1))
    expect(slower!.pcm.length).toBe(normal!.pcm.length * 2)
  })

  it('passes the speaker id of a multi-speaker voice', async () => {
    const e = await engine()
    const [zero] = await e.synthesizeBatch!([unit('Xin chào')], voiceOf(multi, 0), settings())
    const [one] = await e.synthesizeBatch!([unit('Xin chào')], voiceOf(multi, 1), settings())
    expect(one!.pcm.length).toBe(zero!.pcm.length)
    expect(Buffer.from(one!.pcm.buffer).equals(Buffer.from(zero!.pcm.buffer))).toBe(false)
  })
})

describe('the piper engine refuses broken voices with stable codes', () => {
  const fails = async (model: string, code: string, text = 'Xin chào'): Promise<void> => {
    const e = await engine()
    await expect(e.synthesizeBatch!([unit(text)], voiceOf(model), settings())).rejects.toMatchObject({ code })
  }

  it('a corrupt or truncated model', async () => {
    const corrupt = writeTinyVoice(dir, 'corrupt')
    writeFileSync(corrupt, Buffer.from('this is not an onnx model'))
    await fails(corrupt, 'TTS_VOICE_MODEL_INVALID')
    const truncated = writeTinyVoice(dir, 'truncated')
    writeFileSync(truncated, readFileSync(truncated).subarray(0, 700))
    await fails(truncated, 'TTS_VOICE_MODEL_INVALID')
  })

  it('a model whose inputs are not named as Piper names them', async () => {
    await fails(writeTinyVoice(dir, 'renamed', { names: { scales: 'scale' } }), 'TTS_VOICE_MODEL_INVALID')
  })

  it('a missing or invalid JSON', async () => {
    const missing = writeTinyVoice(dir, 'nojson')
    rmSync(`${missing}.json`)
    await fails(missing, 'TTS_VOICE_UNAVAILABLE')
    const broken = writeTinyVoice(dir, 'badjson')
    writeFileSync(`${broken}.json`, '{"audio": ')
    await fails(broken, 'TTS_VOICE_CONFIG_INVALID')
  })

  it("text whose phonemes the voice's map does not hold", async () => {
    const odd = writeTinyVoice(dir, 'oddmap')
    writeFileSync(
      `${odd}.json`,
      JSON.stringify({ ...tinyVoiceConfig(), phoneme_id_map: { _: [0], '^': [1], $: [2], Q: [3] } }),
    )
    await fails(odd, 'TTS_UNKNOWN_PHONEME')
  })

  it('a voice whose files are deleted while its session is loaded, and keeps speaking other voices', async () => {
    const e = await engine()
    const doomed = writeTinyVoice(dir, 'doomed')
    await e.synthesizeBatch!([unit('Xin chào')], voiceOf(doomed), settings())
    rmSync(doomed)
    await expect(e.synthesizeBatch!([unit('Xin chào')], voiceOf(doomed), settings())).rejects.toMatchObject({
      code: 'TTS_VOICE_UNAVAILABLE',
    })
    const alive = writeTinyVoice(dir, 'alive')
    const [out] = await e.synthesizeBatch!([unit('Xin chào')], voiceOf(alive), settings())
    expect(out!.pcm.length).toBeGreaterThan(0)
  })
})
