import { z } from 'zod'

/** `?active=true` style booleans in query strings. */
export const queryBool = () =>
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()

/** offset/limit with bounds: negative or huge values are rejected (400), not clamped silently. */
export const pagination = (defaultLimit = 20, maxLimit = 100) => ({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
})

/** A file extension in a query string: trimmed, lower case, leading dot dropped ("?extension=.SRT" → "srt"). */
export const fileExtension = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/^\./, ''))
    .pipe(z.string().min(1).max(10))

/** A bounded single-line string. */
export const line = (max: number, min = 1) => z.string().trim().min(min).max(max)

/** An absolute http(s) URL (banners' action URLs, callbacks). */
export const httpUrlString = (max = 2_000) =>
  z
    .string()
    .max(max)
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'must be an http(s) URL')

/** An image reference: an absolute http(s) URL or a path on the web app / CDN ("/images/x.png"). */
export const mediaRef = (max = 2_000) =>
  z
    .string()
    .max(max)
    .refine(
      (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v),
      'must be an http(s) URL or an absolute path',
    )

/** Success envelope schema for OpenAPI. */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ status: z.literal(1), result })

export const errorBody = z.object({
  status: z.literal(0),
  error_code: z.string(),
  error_message: z.string(),
  details: z.unknown().optional(),
})

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null)
