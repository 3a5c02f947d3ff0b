import { createSynthesisService, type SynthesisService } from '@loa/synthesis'
import type { FastifyInstance } from 'fastify'
import { createApiAppsService, type ApiAppsService } from './api-apps.ts'
import { createPronunciationService, type PronunciationService } from './pronunciation.ts'

export interface SynthesisContext {
  synthesis: SynthesisService
  apiApps: ApiAppsService
  pronunciation: PronunciationService
}

const contexts = new WeakMap<object, SynthesisContext>()

/** The synthesis, API-app and pronunciation-dictionary services of an app instance (built once from `app.ctx`). */
export const synthesisContext = (app: FastifyInstance): SynthesisContext => {
  const ctx = app.ctx
  let found = contexts.get(ctx)
  if (!found) {
    const pronunciation = createPronunciationService(ctx.db)
    found = {
      pronunciation,
      synthesis: createSynthesisService({
        database: { db: ctx.db },
        credits: {
          // Studio syntheses spend the studio wallet; the developer API (batch and streaming) the API wallet.
          reserve: ({ userId, source, amount, reason, reference }) =>
            ctx.ledger.reserve({
              userId,
              product: source === 'STUDIO' ? 'aivoice' : 'aivoiceapi',
              amount,
              reason,
              reference,
            }),
        },
        queue: ctx.queue,
        storage: ctx.storage,
        dictionary: pronunciation,
      }),
      apiApps: createApiAppsService(ctx.db, {
        maxConcurrent: ctx.config.synthesis.appMaxConcurrent,
        requestsPerMinute: ctx.config.synthesis.appRequestsPerMinute,
      }),
    }
    contexts.set(ctx, found)
  }
  return found
}
