import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, line } from '../../lib/wire.ts'
import { acceptCamelCaseBodies } from '../../plugins/camel-keys.ts'
import { signedIn } from '../../plugins/profile.ts'

/** The spec's One Tap login payload (§3), read by the web from the token-info endpoint after One Tap. */
const oneTapPayload = z.object({
  first_name: line(100).optional(),
  last_name: line(100).optional(),
  email: z.email().max(254),
  avatar: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  /** Google's stable account id (`sub`); the SSO keeps the identity link, this only has to be well formed. */
  provider_id: z
    .string()
    .regex(/^[\w.-]{1,255}$/)
    .optional(),
})

/** Google writes names given-first; the profile keeps Google's own order (the SSO's `name` claim uses it too). */
export const nameFromOneTap = (first?: string, last?: string): string | undefined =>
  [first, last].filter((part) => part && part.trim()).join(' ') || undefined

/**
 * `POST /auths/google-one-tap` (bearer; spec §7): after a Google One Tap sign-in the web sends the Google profile
 * (firstName, lastName, email, avatar, providerId) and the caller's profile is filled or updated with it. The email
 * must be the signed-in account's (409 ONE_TAP_EMAIL_MISMATCH otherwise): a profile is never moved to someone else.
 */
export const googleOneTapRoute: FastifyPluginAsyncZod = async (app) => {
  acceptCamelCaseBodies(app)
  signedIn(app)
  app.post(
    '/auths/google-one-tap',
    {
      schema: {
        tags: ['account'],
        summary: 'Fill the profile from the Google One Tap profile',
        security: [{ bearer: [] }],
        body: oneTapPayload,
        response: {
          200: envelope(
            z.object({
              id: z.string(),
              email: z.string().nullable(),
              name: z.string().nullable(),
              avatar: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const user = request.profile!
      const body = request.body
      const accountEmail = request.auth!.email ?? user.email
      if (!accountEmail || accountEmail.toLowerCase() !== body.email.toLowerCase())
        throw new AppError(
          ApiErrorCode.ONE_TAP_EMAIL_MISMATCH,
          'The Google account is not the signed-in account',
          409,
        )
      const name = nameFromOneTap(body.first_name, body.last_name)
      const changes = {
        email: accountEmail,
        ...(name ? { name } : {}),
        ...(body.avatar ? { avatar: body.avatar } : {}),
      }
      const [row] = await app.ctx.db
        .update(t.users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(t.users.id, user.id))
        .returning()
      return ok({ id: row!.id, email: row!.email, name: row!.name, avatar: row!.avatar })
    },
  )
}
