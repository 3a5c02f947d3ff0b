import { ok } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import { SYNTHESIS_BODY_LIMIT } from '../synthesis/index.ts'
import { studioProjectStore } from './store.ts'
import {
  createBody,
  idParams,
  listQuery,
  projectWire,
  renameBody,
  saveBody,
  summaryWire,
  toProjectWire,
} from './wire.ts'

const tags = ['studio-projects']
const security = [{ bearer: [] }]

/**
 * Studio projects (issue 17): the editor's drafts saved on the server, so signing in elsewhere finds them.
 * Owner only (someone else's project answers 404); saves carry the revision they started from (409 when stale).
 */
export const studioProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const store = studioProjectStore(app.ctx.db)

  app.get(
    '/studio-projects',
    {
      schema: {
        tags,
        summary: 'My studio projects, last saved first (paged)',
        security,
        querystring: listQuery,
        response: {
          200: envelope(
            z.object({
              total: z.number().describe('Projects in all'),
              items: z.array(summaryWire).describe('This page, without the paragraphs'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const page = await store.list(request.profile!.id, request.query)
      return ok({
        total: page.total,
        items: page.items.map((r) => ({
          id: r.id,
          title: r.title,
          revision: r.revision,
          created_at: r.createdAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
          paragraph_count: r.paragraphCount,
          characters: r.characters,
          excerpt: r.excerpt,
        })),
      })
    },
  )

  app.post(
    '/studio-projects',
    {
      bodyLimit: SYNTHESIS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save a new project (revision 1)',
        security,
        body: createBody,
        response: { 200: envelope(projectWire) },
      },
    },
    async (request) => ok(toProjectWire(await store.create(request.profile!.id, request.body))),
  )

  app.get(
    '/studio-projects/:id',
    {
      schema: {
        tags,
        summary: 'One project with its paragraphs and settings',
        security,
        params: idParams,
        response: { 200: envelope(projectWire) },
      },
    },
    async (request) => ok(toProjectWire(await store.get(request.profile!.id, request.params.id))),
  )

  app.put(
    '/studio-projects/:id',
    {
      bodyLimit: SYNTHESIS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Save a project (title, paragraphs, settings) based on `revision`; 409 STUDIO_PROJECT_REVISION_CONFLICT when it was saved elsewhere since',
        security,
        params: idParams,
        body: saveBody,
        response: { 200: envelope(projectWire) },
      },
    },
    async (request) => {
      const { revision, ...input } = request.body
      return ok(toProjectWire(await store.save(request.profile!.id, request.params.id, revision, input)))
    },
  )

  app.patch(
    '/studio-projects/:id',
    {
      schema: {
        tags,
        summary: 'Rename a project (the revision grows by one)',
        security,
        params: idParams,
        body: renameBody,
        response: { 200: envelope(projectWire) },
      },
    },
    async (request) =>
      ok(toProjectWire(await store.rename(request.profile!.id, request.params.id, request.body.title))),
  )

  app.delete(
    '/studio-projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project',
        security,
        params: idParams,
        response: {
          200: envelope(
            z
              .object({ id: z.string().describe('The deleted project'), deleted: z.literal(true) })
              .meta({ example: { id: '5b0e6c1e-2f4a-4c39-9a57-0d8f3f7c9b21', deleted: true } }),
          ),
        },
      },
    },
    async (request) => {
      await store.remove(request.profile!.id, request.params.id)
      return ok({ id: request.params.id, deleted: true as const })
    },
  )
}
