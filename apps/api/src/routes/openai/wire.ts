import { z } from 'zod'

/** OpenAI's speech formats, and Loa's telephone extensions (8 kHz G.711, raw or WAV-wrapped). */
export const RESPONSE_FORMATS = [
  'mp3',
  'opus',
  'aac',
  'flac',
  'wav',
  'pcm',
  'g711_ulaw',
  'g711_alaw',
  'g711_ulaw_wav',
  'g711_alaw_wav',
] as const
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number]

/** OpenAI's input limit. */
export const MAX_INPUT_CHARACTERS = 4096

export const speechBody = z
  .object({
    model: z
      .string()
      .max(100)
      .describe(
        'tts-1 (fast: eSpeak voices), tts-1-hd or gpt-4o-mini-tts (best: installed neural voices first), or a Loa engine: espeak, piper',
      ),
    input: z
      .string()
      .max(MAX_INPUT_CHARACTERS)
      .describe(`The text to speak, at most ${MAX_INPUT_CHARACTERS} characters`),
    voice: z
      .union([z.string().max(200), z.object({ id: z.string().max(200).describe('A Loa voice code') })])
      .describe(
        'An OpenAI voice name (alloy, ash, … cedar: mapped to installed Loa voices, see GET /v1/audio/voices) or any Loa voice code',
      ),
    instructions: z
      .string()
      .max(4096)
      .optional()
      .describe(
        'Accepted and ignored (Loa voices take no style prompt; the answer says so in x-loa-ignored)',
      ),
    response_format: z
      .enum(RESPONSE_FORMATS)
      .default('mp3')
      .describe(
        'mp3, wav, pcm (raw 16-bit little-endian mono at 24 kHz, as OpenAI), opus (Ogg), aac (ADTS), flac — the last three need ffmpeg on the server; ' +
          'Loa extensions for phone lines: g711_ulaw / g711_alaw (raw 8 kHz G.711) and g711_ulaw_wav / g711_alaw_wav (the same in a WAV, tags 7 / 6)',
      ),
    speed: z
      .number()
      .min(0.25)
      .max(4)
      .default(1)
      .describe('0.25–4.0; Loa voices speak at most 1.9× (faster asks are read at 1.9, said in x-loa-speed)'),
    stream_format: z
      .enum(['audio', 'sse'])
      .default('audio')
      .describe(
        'audio: the audio bytes as they are made; sse: speech.audio.delta events (base64 audio), then speech.audio.done with usage',
      ),
    sample_rate: z
      .union([
        z.literal(8000),
        z.literal(16000),
        z.literal(22050),
        z.literal(24000),
        z.literal(44100),
        z.literal(48000),
      ])
      .optional()
      .describe(
        'Loa extension for wav and pcm (default 24000); 8000 and 16000 are telephone PCM, 8 kHz band-limited to 3.4 kHz',
      ),
  })
  .meta({
    example: {
      model: 'tts-1',
      input: 'Xin chào, tôi có thể giúp gì cho bạn?',
      voice: 'alloy',
      response_format: 'mp3',
      speed: 1,
    },
  })
export type SpeechBody = z.infer<typeof speechBody>

const model = z.object({
  id: z.string().describe('The model name to send as `model`'),
  object: z.literal('model').describe('Always "model"'),
  created: z.number().describe('Unix seconds (a fixed date: Loa models are not versioned by date)'),
  owned_by: z.string().describe('Who serves it: "loa"'),
})

export const modelList = z
  .object({
    object: z.literal('list').describe('Always "list"'),
    data: z.array(model).describe('The models'),
  })
  .meta({
    example: {
      object: 'list',
      data: [{ id: 'tts-1', object: 'model', created: 1764547200, owned_by: 'loa' }],
    },
  })

export const modelOne = model.meta({
  example: { id: 'tts-1', object: 'model', created: 1764547200, owned_by: 'loa' },
})

export const voiceList = z
  .object({
    voices: z
      .array(
        z.object({
          id: z.string().describe('What to send as `voice`'),
          name: z.string().describe('The name shown to people'),
          gender: z.string().describe('FEMALE or MALE'),
          maps_to: z
            .object({
              fast: z.string().nullable().describe('The Loa voice for tts-1 and the eSpeak engines'),
              best: z.string().nullable().describe('The Loa voice for tts-1-hd, gpt-4o-mini-tts and piper'),
            })
            .nullable()
            .describe(
              'For an OpenAI voice name: the Loa voice it speaks with for fast models (tts-1) and best ones (tts-1-hd, gpt-4o-mini-tts); null for a Loa voice',
            ),
        }),
      )
      .describe('OpenAI voice names first, then every active Loa voice'),
  })
  .meta({
    example: {
      voices: [
        {
          id: 'alloy',
          name: 'alloy',
          gender: 'FEMALE',
          maps_to: { fast: 'hn_female_thuha_news', best: 'hn_female_thuha_news' },
        },
        { id: 'hn_female_thuha_news', name: 'Thu Hà', gender: 'FEMALE', maps_to: null },
      ],
    },
  })
