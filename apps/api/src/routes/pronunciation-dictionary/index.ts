import { ok, REGIONS, type Region } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import {
  MAX_DICTIONARY_ENTRIES,
  MAX_DICTIONARY_READING,
  MAX_DICTIONARY_WORD,
  type PronunciationRow,
} from '../../services/pronunciation.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'

export const dictionaryEntryWire = z.object({
  id: z.string(),
  word: z.string(),
  reading: z.string(),
  /** null: every region. */
  region: z.enum(REGIONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})

const toEntryWire = (r: PronunciationRow) => ({
  id: r.id,
  word: r.word,
  reading: r.reading,
  region: (r.region as Region | null) ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
})

// Loose bounds here (VALIDATION_FAILED for absurd sizes); the real rules answer DICTIONARY_*_INVALID.
const entryBody = z.object({
  word: z.string().max(MAX_DICTIONARY_WORD * 10),
  reading: z.string().max(MAX_DICTIONARY_READING * 10),
  region: z.enum(REGIONS).nullable().optional(),
})

const idParams = z.object({ id: z.string().max(100) })

/**
 * The signed-in user's pronunciation dictionary: `word` → `reading`, for every region or one. The studio's
 * preview and syntheses and the user's developer-API requests read with it (a synthesis snapshots it when
 * it is accepted). Words are compared like the tts matcher does (case-insensitively), one entry per word
 * and region; at most MAX_DICTIONARY_ENTRIES entries.
 */
export const pronunciationDictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const { pronunciation } = synthesisContext(app)

  app.get(
    '/pronunciation-dictionary',
    {
      schema: {
        tags: ['pronunciation-dictionary'],
        summary: 'My pronunciation dictionary (every entry, sorted by word)',
        security: [{ bearer: [] }],
        response: {
          200: envelope(
            z.object({ total: z.number(), max_entries: z.number(), entries: z.array(dictionaryEntryWire) }),
          ),
        },
      },
    },
    async (request) => {
      const rows = await pronunciation.list(request.profile!.id)
      return ok({ total: rows.length, max_entries: MAX_DICTIONARY_ENTRIES, entries: rows.map(toEntryWire) })
    },
  )

  app.post(
    '/pronunciation-dictionary',
    {
      schema: {
        tags: ['pronunciation-dictionary'],
        summary: 'Add an entry: how a word is read (in every region, or only in `region`)',
        security: [{ bearer: [] }],
        body: entryBody,
        response: { 200: envelope(dictionaryEntryWire) },
      },
    },
    async (request) => ok(toEntryWire(await pronunciation.create(request.profile!.id, request.body))),
  )

  app.put(
    '/pronunciation-dictionary/:id',
    {
      schema: {
        tags: ['pronunciation-dictionary'],
        summary: 'Replace an entry (word, reading, region; a missing region means every region)',
        security: [{ bearer: [] }],
        params: idParams,
        body: entryBody,
        response: { 200: envelope(dictionaryEntryWire) },
      },
    },
    async (request) =>
      ok(toEntryWire(await pronunciation.update(request.profile!.id, request.params.id, request.body))),
  )

  app.delete(
    '/pronunciation-dictionary/:id',
    {
      schema: {
        tags: ['pronunciation-dictionary'],
        summary: 'Delete an entry',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await pronunciation.remove(request.profile!.id, request.params.id)
      return ok({ id: request.params.id, deleted: true as const })
    },
  )
}
