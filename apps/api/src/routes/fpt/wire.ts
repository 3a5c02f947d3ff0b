import { z } from 'zod'

/** Where the FPT.AI-shaped call lives: FPT's own path, so a client changes only the host. */
export const FPT_TTS_PATH = '/hmi/tts/v5'
/** FPT's documented text length. */
export const FPT_MIN_CHARACTERS = 3
export const FPT_MAX_CHARACTERS = 5_000

const REQUEST_ID = '3f0c2a4e-8d1b-4c52-9a37-5e1f0b6d7c21'
const ASYNC_LINK = `https://api.example.vn/api/v1/files/synthesis/${REQUEST_ID}/audio.mp3?expires=1764086400&signature=…`

/** FPT's headers (`api_key` as its docs spell it, `api-key` as most clients send it); other headers pass. */
export const fptHeaders = z.looseObject({
  'api-key': z
    .string()
    .max(200)
    .optional()
    .describe('The Loa API app token (loa_…), in place of the FPT.AI key'),
  api_key: z.string().max(200).optional().describe('The same, as FPT.AI’s documentation spells it'),
  voice: z
    .string()
    .max(200)
    .optional()
    .describe(
      'banmai (default), thuminh, leminh (North), myan, giahuy (Central), lannhi, linhsan (South): each spoken by ' +
        'a Loa voice of the same region and gender; or any Loa voice code',
    ),
  speed: z
    .string()
    .regex(/^\s*[+-]?[0-3](\.0+)?\s*$/, 'speed is an integer from -3 to 3')
    .optional()
    .describe('−3 (slowest) … 0 (normal, default) … +3 (fastest); read as a Loa speed of 1 + speed / 10'),
  format: z.enum(['mp3', 'wav']).optional().describe('mp3 (default) or wav'),
  callback_url: z
    .string()
    .max(2_000)
    .optional()
    .describe('Where `{"message":"<audio link>","success":"true"}` is POSTed when the audio is ready'),
})

/** The answer, success and failure alike (FPT's fields; `error` 0 is success). */
export const fptAnswer = z
  .object({
    async: z
      .string()
      .describe('The link the audio will be at (404 until it is ready; poll it or take the callback)'),
    error: z.number().describe('0 on success; otherwise the HTTP status of the failure'),
    message: z.string().describe('What happened, in words'),
    request_id: z.string().describe('The Loa request id (also in the developer console’s request log)'),
    error_code: z.string().optional().describe('On failure: Loa’s stable error code (docs/errors.md)'),
  })
  .meta({
    example: {
      async: ASYNC_LINK,
      error: 0,
      message: 'The content will be returned after a few seconds under the async link.',
      request_id: REQUEST_ID,
    },
  })
export type FptAnswer = z.infer<typeof fptAnswer>

export const fptErrorAnswer = fptAnswer.meta({
  example: {
    async: '',
    error: 401,
    message: 'The app token is missing, unknown or revoked',
    request_id: '',
    error_code: 'APP_TOKEN_INVALID',
  },
})

/** The callback body FPT sends, and so does this door: the audio link, or the error in words. */
export const fptCallbackDoc = {
  audioReady: {
    '{$request.header.callback_url}': {
      post: {
        summary: 'The audio is ready (or failed)',
        requestBody: {
          description:
            '`{"message":"<audio link>","success":"true"}` or `{"message":"<error>","success":"false"}`, as ' +
            'FPT.AI sends it; signed like every Loa callback (`x-loa-signature`).',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  message: { type: 'string', description: 'The audio link (success), or the error in words' },
                  success: {
                    type: 'string',
                    enum: ['true', 'false'],
                    description: '"true" or "false", as a string',
                  },
                },
                required: ['message', 'success'],
              },
            },
          },
        },
        responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried' } },
      },
    },
  },
}
