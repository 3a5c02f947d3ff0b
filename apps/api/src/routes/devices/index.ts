import { createHash } from 'node:crypto'
import { ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { envelope, line } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'

const deviceId = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.:-]+$/, 'letters, digits, and . : _ - only')

const deviceWire = z.object({
  device_id: z.string(),
  name: z.string(),
  ip: z.string().nullable(),
  active: z.boolean(),
  current: z.boolean(),
  last_seen_at: z.string(),
})

const checkResult = z.object({
  allowed: z.boolean(),
  reason: z.enum(['DEVICE_LIMIT_REACHED', 'DEVICE_LOGGED_OUT']).nullable(),
  device_id: z.string(),
  max_devices: z.number(),
  active_devices: z.number(),
  devices: z.array(deviceWire),
})

/**
 * The device a request comes from: the body's `device_id`, else the `x-device-id` header, else the SSO
 * session (`sid`), else a hash of the user agent.
 */
const currentDevice = (request: FastifyRequest, fromBody?: string): string => {
  if (fromBody) return fromBody
  const header = request.headers['x-device-id']
  if (typeof header === 'string' && /^[\w.:-]{1,200}$/.test(header)) return header
  if (request.auth?.sid) return `sid:${request.auth.sid}`
  return `ua:${createHash('sha256')
    .update(request.headers['user-agent'] ?? '')
    .digest('hex')
    .slice(0, 32)}`
}

/**
 * Devices per user, limited by the current package's `devices` resource. `check` registers the calling device
 * when there is room; a device logged out remotely stays out for that SSO session (a new sign-in re-activates it).
 */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const db = app.ctx.db

  const maxDevices = async (packageCode: string | null): Promise<number> => {
    if (!packageCode) return 1
    const [pkg] = await db
      .select({ devices: t.packages.devices })
      .from(t.packages)
      .where(eq(t.packages.code, packageCode))
    return Math.max(1, pkg?.devices ?? 1)
  }

  const list = async (userId: string, current: string) => {
    const rows = await db
      .select()
      .from(t.devices)
      .where(and(eq(t.devices.userId, userId), eq(t.devices.active, true)))
      .orderBy(asc(t.devices.createdAt))
    return rows.map((d) => ({
      device_id: d.deviceId,
      name: d.name,
      ip: d.ip,
      active: d.active,
      current: d.deviceId === current,
      last_seen_at: d.lastSeenAt.toISOString(),
    }))
  }

  app.post(
    '/devices/check',
    {
      schema: {
        tags: ['devices'],
        summary: 'Register or confirm the calling device',
        security: [{ bearer: [] }],
        body: z.object({ device_id: deviceId().optional(), device_name: line(200).optional() }).nullish(),
        response: { 200: envelope(checkResult) },
      },
    },
    async (request) => {
      const user = request.profile!
      const id = currentDevice(request, request.body?.device_id)
      const name = request.body?.device_name ?? (request.headers['user-agent'] ?? '').slice(0, 200)
      const sid = request.auth!.sid ?? null
      const max = await maxDevices(user.packageCode)
      const now = new Date()
      const outcome = await db.transaction(async (tx) => {
        // Serialise checks of one user (row lock on PostgreSQL) so two devices cannot both take the last slot.
        await tx.execute(sql`select id from ${t.users} where id = ${user.id} for update`)
        const [existing] = await tx
          .select()
          .from(t.devices)
          .where(and(eq(t.devices.userId, user.id), eq(t.devices.deviceId, id)))
        if (existing?.active) {
          await tx
            .update(t.devices)
            .set({ lastSeenAt: now, ip: request.ip, sessionId: sid ?? existing.sessionId })
            .where(eq(t.devices.id, existing.id))
          return null
        }
        if (existing && !existing.active && (sid === null || existing.sessionId === sid))
          return 'DEVICE_LOGGED_OUT' as const
        const [active] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(t.devices)
          .where(and(eq(t.devices.userId, user.id), eq(t.devices.active, true)))
        if ((active?.n ?? 0) >= max) return 'DEVICE_LIMIT_REACHED' as const
        await tx
          .insert(t.devices)
          .values({
            userId: user.id,
            deviceId: id,
            name,
            ip: request.ip,
            sessionId: sid,
            active: true,
            lastSeenAt: now,
          })
          .onConflictDoUpdate({
            target: [t.devices.userId, t.devices.deviceId],
            set: { active: true, name, ip: request.ip, sessionId: sid, lastSeenAt: now, loggedOutAt: null },
          })
        return null
      })
      const devices = await list(user.id, id)
      return ok({
        allowed: outcome === null,
        reason: outcome,
        device_id: id,
        max_devices: max,
        active_devices: devices.length,
        devices,
      })
    },
  )

  app.post(
    '/devices/logout-devices',
    {
      schema: {
        tags: ['devices'],
        summary: 'Sign out other devices (all but the calling one, or the listed ones)',
        security: [{ bearer: [] }],
        body: z
          .object({
            device_ids: z.array(deviceId()).min(1).max(100).optional(),
            device_id: deviceId().optional(),
          })
          .nullish(),
        response: { 200: envelope(z.object({ logged_out: z.number(), devices: z.array(deviceWire) })) },
      },
    },
    async (request) => {
      const user = request.profile!
      const current = currentDevice(request, request.body?.device_id)
      const where = request.body?.device_ids
        ? and(eq(t.devices.userId, user.id), inArray(t.devices.deviceId, request.body.device_ids))
        : and(eq(t.devices.userId, user.id), ne(t.devices.deviceId, current))
      const rows = await db
        .update(t.devices)
        .set({ active: false, loggedOutAt: new Date() })
        .where(and(where, eq(t.devices.active, true)))
        .returning({ id: t.devices.id })
      return ok({ logged_out: rows.length, devices: await list(user.id, current) })
    },
  )
}
