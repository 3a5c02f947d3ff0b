#!/usr/bin/env node
// Builds a medium-size Piper-shaped voice for `npm run bench:neural -- --medium` (no Python, no download): the
// inputs and output of a Piper export (`input`, `input_lengths`, `scales` → `output` float [1, 1, 1, samples]) at
// 22.05 kHz, and inside the shape and weight of a Piper "medium" VITS voice's costly part — a phoneme embedding
// and convolutional text encoder, each phoneme id spread over 2 frames × length_scale, then a HiFi-GAN V1 decoder
// (conv 192→512, four transposed-convolution upsamplings ×8 ×8 ×2 ×2 = 256 samples per frame, each followed by
// multi-receptive-field residual blocks with kernels 3, 7, 11 and dilations 1, 3, 5) and a tanh. About 14.7 M
// float weights (~59 MB, as vi_VN-vais1000-medium's 63 MB). The weights are seeded noise: the audio is not speech,
// but the arithmetic per second of audio is that of a real medium voice, which is what the benchmark measures.
//   node packages/tts/test/piper/build-medium-voice.mjs [outDir]   (default: $TMPDIR/loa-piper-medium)
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tinyVoiceConfig } from './build-tiny-voice.mjs'
import { DataType, model, node, tensor, valueInfo } from './onnx-writer.mjs'

export const MEDIUM_VOICE = 'vi_VN-loamedium-medium'
export const MEDIUM_SAMPLE_RATE = 22050
const TEXT_CHANNELS = 192
const PRE_CHANNELS = 512
/** [out channels, kernel, stride, padding] of each upsampling (output length = stride × input length). */
const UPSAMPLES = [
  [256, 16, 8, 4],
  [128, 16, 8, 4],
  [64, 4, 2, 1],
  [32, 4, 2, 1],
]
const RESBLOCK_KERNELS = [3, 7, 11]
const RESBLOCK_DILATIONS = [1, 3, 5]
/**
 * Frames (256 samples) per phoneme id at length_scale 1. Piper puts a pad id between phonemes; 2 frames per id
 * reads the benchmark's Vietnamese at about 10 characters a second, a natural rate.
 */
const FRAMES_PER_PHONEME = 2

/** A seeded generator (mulberry32): the same model every time. */
const random = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** Builds the ONNX model. */
export const buildMediumModel = () => {
  const next = random(26)
  const symbols = Object.keys(tinyVoiceConfig().phoneme_id_map).length
  const initializers = []
  const nodes = []
  let count = 0
  /** A weight tensor of `dims`, uniform in ±scale·√(6 / fan-in) (He: the signal keeps its level layer to layer). */
  const weight = (dims, fanIn, scale = 1) => {
    const name = `w${count++}`
    const values = new Float32Array(dims.reduce((a, b) => a * b, 1))
    const bound = scale * Math.sqrt(6 / fanIn)
    for (let i = 0; i < values.length; i++) values[i] = (next() * 2 - 1) * bound
    initializers.push(tensor(name, DataType.FLOAT, dims, values))
    return name
  }
  const constant = (dataType, dims, values) => {
    const name = `c${count++}`
    initializers.push(tensor(name, dataType, dims, values))
    return name
  }
  let at = 0
  const op = (type, inputs, attributes = {}) => {
    const out = `t${at++}`
    nodes.push(node(type, inputs, [out], attributes))
    return out
  }
  /** Conv1d with "same" length: pads = dilation × (kernel − 1) / 2 on each side. */
  const conv = (x, cin, cout, kernel, dilation = 1, scale = 1) =>
    op('Conv', [x, weight([cout, cin, kernel], cin * kernel, scale)], {
      dilations: [dilation],
      pads: [(dilation * (kernel - 1)) / 2, (dilation * (kernel - 1)) / 2],
      kernel_shape: [kernel],
    })

  // Text encoder: embedding [1, T, 192] → [1, 192, T], four convolutions.
  let x = op('Gather', [weight([symbols, TEXT_CHANNELS], 6), 'input'])
  x = op('Transpose', [x], { perm: [0, 2, 1] })
  for (let i = 0; i < 4; i++) x = op('Relu', [conv(x, TEXT_CHANNELS, TEXT_CHANNELS, 3)])
  // Each phoneme id over ceil(2 × length_scale) frames (nearest-neighbour resize).
  const lengthScale = op('Gather', ['scales', constant(DataType.INT64, [], [1])])
  const frames = op('Ceil', [op('Mul', [lengthScale, constant(DataType.FLOAT, [], [FRAMES_PER_PHONEME])])])
  const scales = op(
    'Concat',
    [constant(DataType.FLOAT, [2], [1, 1]), op('Reshape', [frames, constant(DataType.INT64, [1], [1])])],
    {
      axis: 0,
    },
  )
  x = op('Resize', [x, '', scales])
  // HiFi-GAN decoder.
  x = conv(x, TEXT_CHANNELS, PRE_CHANNELS, 7)
  let channels = PRE_CHANNELS
  for (const [out, kernel, stride, pad] of UPSAMPLES) {
    x = op(
      'ConvTranspose',
      [op('LeakyRelu', [x]), weight([channels, out, kernel], (channels * kernel) / stride)],
      {
        strides: [stride],
        pads: [pad, pad],
        kernel_shape: [kernel],
      },
    )
    channels = out
    const blocks = RESBLOCK_KERNELS.map((kernel) => {
      let y = x
      for (const dilation of RESBLOCK_DILATIONS) {
        const inner = conv(op('LeakyRelu', [y]), channels, channels, kernel, dilation, 0.5)
        y = op('Add', [y, conv(op('LeakyRelu', [inner]), channels, channels, kernel, 1, 0.5)])
      }
      return y
    })
    x = op('Mul', [op('Sum', blocks), constant(DataType.FLOAT, [], [1 / RESBLOCK_KERNELS.length])])
  }
  x = op('Tanh', [conv(op('LeakyRelu', [x]), channels, 1, 7)])
  nodes.push(node('Reshape', [x, constant(DataType.INT64, [4], [1, 1, 1, -1])], ['output']))
  return model({
    name: 'loa_medium_piper',
    nodes,
    initializers,
    inputs: [
      valueInfo('input', DataType.INT64, [1, 'phonemes']),
      valueInfo('input_lengths', DataType.INT64, [1]),
      valueInfo('scales', DataType.FLOAT, [3]),
    ],
    outputs: [valueInfo('output', DataType.FLOAT, [1, 1, 1, 'samples'])],
    opset: 15,
    producer: 'loa-medium-piper',
  })
}

/** The Piper voice JSON of the medium voice. */
export const mediumVoiceConfig = () => ({
  ...tinyVoiceConfig(),
  audio: { sample_rate: MEDIUM_SAMPLE_RATE, quality: 'medium' },
  dataset: 'loa-medium',
})

/** Writes `<MEDIUM_VOICE>.onnx` and `.onnx.json` into `dir` unless there (the build takes seconds); the model's path. */
export const writeMediumVoice = (dir = join(tmpdir(), 'loa-piper-medium')) => {
  mkdirSync(dir, { recursive: true })
  const modelPath = join(dir, `${MEDIUM_VOICE}.onnx`)
  if (!existsSync(`${modelPath}.json`) || !existsSync(modelPath) || statSync(modelPath).size < 1e6) {
    writeFileSync(modelPath, buildMediumModel())
    writeFileSync(`${modelPath}.json`, `${JSON.stringify(mediumVoiceConfig(), null, 2)}\n`)
  }
  return modelPath
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(writeMediumVoice(process.argv[2]))
