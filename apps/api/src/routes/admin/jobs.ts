import { AppError, ok } from '@loa/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, line, pagination } from '../../lib/wire.ts'
import { writeAudit } from './audit.ts'

const jobId = z.object({ id: z.string().min(1).max(200) })

/**
 * Failed and stuck jobs of the queue this API runs with (in-process or BullMQ), retry and cancel. The queue is
 * not in the API's database transaction (BullMQ lives in Redis): the audit row is written once the queue took
 * the change.
 */
export const jobRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const queue = () => {
    if (!app.ctx.queue)
      throw new AppError(ApiErrorCode.QUEUE_UNAVAILABLE, 'This API runs without a job queue', 503)
    return app.ctx.queue
  }

  app.get(
    '/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Failed or stuck jobs (admin), newest first',
        security: [{ bearer: [] }],
        querystring: z.object({
          ...pagination(20, 100),
          kind: z.enum(['failed', 'stuck']).default('failed'),
        }),
        response: {
          200: envelope(z.object({ adapter: z.string(), total: z.number(), items: z.array(z.unknown()) })),
        },
      },
    },
    async (request) => {
      const { kind, offset, limit } = request.query
      const q = queue()
      const page = await q.listJobs(kind, { offset, limit })
      return ok({ adapter: q.kind, total: page.total, items: page.items })
    },
  )

  for (const action of ['retry', 'cancel'] as const)
    app.post(
      `/jobs/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            action === 'retry' ? 'Run a failed job again (admin)' : 'Cancel a waiting or running job (admin)',
          security: [{ bearer: [] }],
          params: jobId,
          body: z.object({ reason: line(500, 3) }),
          response: { 200: envelope(z.object({ id: z.string(), state: z.string() })) },
        },
      },
      async (request) => {
        const { id } = request.params
        const q = queue()
        const before = await q.getJob(id)
        if (!before) throw new AppError(ApiErrorCode.JOB_NOT_FOUND, 'Job not found', 404)
        const done = action === 'retry' ? await q.retry(id) : await q.cancel(id)
        if (!done)
          throw new AppError(
            ApiErrorCode.JOB_STATE_CONFLICT,
            `A ${before.state} job cannot be ${action === 'retry' ? 'retried' : 'cancelled'}`,
            409,
          )
        const after = await q.getJob(id)
        await app.ctx.db.transaction((tx) =>
          writeAudit(tx, request, {
            action: `job.${action}`,
            targetType: 'job',
            targetId: id,
            before: { name: before.name, state: before.state, error: before.error },
            after: { state: after?.state ?? null },
            reason: request.body.reason,
          }),
        )
        return ok({ id, state: after?.state ?? 'unknown' })
      },
    )
}
