#!/usr/bin/env node
// Builds tiny Piper-shaped voices for tests and benchmarks (no Python, no weights): the same ONNX inputs and
// outputs as a Piper export (`input` int64 [1, phonemes], `input_lengths` int64 [1], `scales` float [3] =
// [noise_scale, length_scale, noise_w], `sid` int64 [1] when multi-speaker → `output` float [1, 1, 1, samples])
// and a Piper voice JSON. The output is a tone per phoneme id, so it depends on every input: the ids set the
// pitch, `input_lengths` × `length_scale` the duration, noise_scale and noise_w the loudness, `sid` the pitch.
//   node packages/tts/test/piper/build-tiny-voice.mjs [outDir]   (default: this folder)
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DataType, model, node, tensor, valueInfo } from './onnx-writer.mjs'

export const TINY_SAMPLE_RATE = 16000
/** Samples per phoneme id at length_scale 1. */
export const TINY_HOP = 256

/** Piper's phoneme id map for espeak voices: `_` pad, `^` BOS, `$` EOS, then punctuation and IPA symbols. */
const SYMBOLS = [
  '_',
  '^',
  '$',
  ' ',
  '!',
  "'",
  '(',
  ')',
  ',',
  '-',
  '.',
  ':',
  ';',
  '?',
  ...'abcdefhijklmnopqrstuvwxyz',
  ...'æçðøħŋœǀǁǂǃɐɑɒɓɔɕɖɗɘəɚɛɜɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲˈˌːˑ˞βθχᵻⱱ',
  ...'0123456789',
  '\u0327',
  '\u0303',
  '\u032a',
  '\u032f',
  '\u0329',
  'ʰ',
  'ˤ',
  'ε',
  '↓',
  '#',
  '"',
  '↑',
  '\u033a',
  '\u033b',
]
export const PHONEME_ID_MAP = Object.fromEntries(SYMBOLS.map((s, i) => [s, [i]]))

/** The ONNX model; `names` renames the inputs (to test a voice whose model does not follow the contract). */
export const buildTinyModel = ({ speakers = 1, names = {} } = {}) => {
  const n = { input: 'input', input_lengths: 'input_lengths', scales: 'scales', sid: 'sid', ...names }
  const f = (name, v) => tensor(name, DataType.FLOAT, [], [v])
  const i = (name, v) => tensor(name, DataType.INT64, [], [v])
  const initializers = [
    i('i0', 0),
    i('i1', 1),
    i('i2', 2),
    f('hop', TINY_HOP),
    f('loud', 0.05),
    f('base_amp', 0.4),
    f('pitch_step', 12),
    f('base_pitch', 110),
    ...(speakers > 1 ? [f('speaker_step', 40)] : []),
    f('omega', (2 * Math.PI) / TINY_SAMPLE_RATE),
    tensor('flat', DataType.INT64, [1], [-1]),
    tensor('out_shape', DataType.INT64, [4], [1, 1, 1, -1]),
  ]
  const nodes = [
    node('Gather', [n.scales, 'i1'], ['length_scale']),
    node('Mul', ['length_scale', 'hop'], ['hop_f']),
    node('Ceil', ['hop_f'], ['hop_c']),
    node('Cast', ['hop_c'], ['hop_i'], { to: DataType.INT64 }),
    node('Gather', [n.input_lengths, 'i0'], ['length']),
    node('Mul', ['length', 'hop_i'], ['total']),
    node('Range', ['i0', 'total', 'i1'], ['t']),
    node('Div', ['t', 'hop_i'], ['phoneme_at']),
    node('Reshape', [n.input, 'flat'], ['ids']),
    node('Gather', ['ids', 'phoneme_at'], ['id_at']),
    node('Cast', ['id_at'], ['id_f'], { to: DataType.FLOAT }),
    node('Mul', ['id_f', 'pitch_step'], ['pitch_rise']),
    node('Add', ['pitch_rise', 'base_pitch'], speakers > 1 ? ['pitch_0'] : ['pitch']),
    ...(speakers > 1
      ? [
          node('Cast', [n.sid], ['sid_f'], { to: DataType.FLOAT }),
          node('Mul', ['sid_f', 'speaker_step'], ['speaker_rise']),
          node('Add', ['pitch_0', 'speaker_rise'], ['pitch']),
        ]
      : []),
    node('Cast', ['t'], ['t_f'], { to: DataType.FLOAT }),
    node('Mul', ['t_f', 'pitch'], ['cycles']),
    node('Mul', ['cycles', 'omega'], ['phase']),
    node('Sin', ['phase'], ['wave']),
    node('Gather', [n.scales, 'i0'], ['noise_scale']),
    node('Gather', [n.scales, 'i2'], ['noise_w']),
    node('Add', ['noise_scale', 'noise_w'], ['noise_sum']),
    node('Mul', ['noise_sum', 'loud'], ['noise_amp']),
    node('Add', ['noise_amp', 'base_amp'], ['amp']),
    node('Mul', ['wave', 'amp'], ['audio']),
    node('Reshape', ['audio', 'out_shape'], ['output']),
  ]
  const inputs = [
    valueInfo(n.input, DataType.INT64, [1, 'phonemes']),
    valueInfo(n.input_lengths, DataType.INT64, [1]),
    valueInfo(n.scales, DataType.FLOAT, [3]),
    ...(speakers > 1 ? [valueInfo(n.sid, DataType.INT64, [1])] : []),
  ]
  const outputs = [valueInfo('output', DataType.FLOAT, [1, 1, 1, 'samples'])]
  return model({
    name: 'tiny_piper',
    nodes,
    initializers,
    inputs,
    outputs,
    opset: 15,
    producer: 'loa-tiny-piper',
  })
}

/** The Piper voice JSON of a tiny voice. */
export const tinyVoiceConfig = ({ speakers = 1 } = {}) => ({
  audio: { sample_rate: TINY_SAMPLE_RATE, quality: 'x_low' },
  espeak: { voice: 'vi' },
  language: {
    code: 'vi_VN',
    family: 'vi',
    region: 'VN',
    name_native: 'Tiếng Việt',
    country_english: 'Vietnam',
  },
  inference: { noise_scale: 0.667, length_scale: 1, noise_w: 0.8 },
  phoneme_type: 'espeak',
  phoneme_map: {},
  phoneme_id_map: PHONEME_ID_MAP,
  num_symbols: SYMBOLS.length,
  num_speakers: speakers,
  speaker_id_map:
    speakers > 1 ? Object.fromEntries(Array.from({ length: speakers }, (_, s) => [`speaker_${s}`, s])) : {},
  piper_version: '1.0.0',
  dataset: 'loa-tiny',
})

/** Writes `<name>.onnx` and `<name>.onnx.json` into `dir`; returns the model's path. */
export const writeTinyVoice = (dir, name, options = {}) => {
  mkdirSync(dir, { recursive: true })
  const modelPath = join(dir, `${name}.onnx`)
  writeFileSync(modelPath, buildTinyModel(options))
  writeFileSync(`${modelPath}.json`, `${JSON.stringify(tinyVoiceConfig(options), null, 2)}\n`)
  return modelPath
}

/**
 * A loopback Piper voice repository of tiny voices (the public one's layout): `voices.json` with each file's size
 * and MD5, the files under `vi/vi_VN/NAME/x_low/`, each model sent in ten pieces `pieceDelayMs` apart (so that an
 * install has progress steps). Answers `{ url, requests, close }`; `requests` lists the paths asked for.
 */
export const startTinyRepository = async (names, { pieceDelayMs = 5 } = {}) => {
  const md5 = (b) => createHash('md5').update(b).digest('hex')
  const files = new Map()
  const catalogue = {}
  for (const name of names) {
    const dir = `vi/vi_VN/${name.split('-')[1] ?? name}/x_low/${name}`
    const model = Buffer.from(buildTinyModel())
    const config = Buffer.from(JSON.stringify(tinyVoiceConfig()))
    files.set(`/${dir}.onnx`, model)
    files.set(`/${dir}.onnx.json`, config)
    catalogue[name] = {
      files: {
        [`${dir}.onnx`]: { size_bytes: model.length, md5_digest: md5(model) },
        [`${dir}.onnx.json`]: { size_bytes: config.length, md5_digest: md5(config) },
      },
    }
  }
  const requests = []
  const server = createServer((req, res) => {
    const url = req.url ?? ''
    requests.push(url)
    if (url === '/voices.json') return void res.end(JSON.stringify(catalogue))
    const body = files.get(url)
    if (!body) return void res.writeHead(404).end()
    if (!url.endsWith('.onnx')) return void res.end(body)
    res.writeHead(200, { 'content-length': body.length })
    const piece = Math.ceil(body.length / 10)
    let at = 0
    const next = () => {
      if (at >= body.length) return void res.end()
      res.write(body.subarray(at, (at += piece)))
      setTimeout(next, pieceDelayMs)
    }
    next()
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    /** The bytes of a voice's model and JSON together (what an install downloads). */
    bytesOf: (name) =>
      [...files].filter(([path]) => path.includes(`/${name}.onnx`)).reduce((n, [, b]) => n + b.length, 0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), 'voices')
  console.log(writeTinyVoice(dir, 'vi_VN-tiny-x_low'))
  console.log(writeTinyVoice(dir, 'vi_VN-tinymulti-x_low', { speakers: 2 }))
}
