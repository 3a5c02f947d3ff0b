import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'

/** How long a browser's ticket may wait before its WebSocket opens. */
export const TICKET_TTL_MS = 60_000

/**
 * Single-use tickets that let a browser open `/v1/tts/stream-input` without a long-lived token in the URL:
 * a server holding the app token asks for one (`POST /v1/tts/stream-tickets`) and hands it to the page.
 */
export interface TicketStore {
  issue(appId: string): Promise<{ ticket: string; expiresAt: Date }>
  /** The app a ticket was issued to, once: a used, unknown or expired ticket is undefined. */
  consume(ticket: string): Promise<string | undefined>
}

const newTicket = () => `wst_${randomBytes(24).toString('base64url')}`

/** Embedded mode (one process): tickets in this process's memory. */
export const createTicketStore = (now: () => number = Date.now): TicketStore => {
  const tickets = new Map<string, { appId: string; expiresAt: number }>()
  const sweep = () => {
    const t = now()
    for (const [id, v] of tickets) if (v.expiresAt <= t) tickets.delete(id)
  }
  return {
    issue: async (appId) => {
      sweep()
      const ticket = newTicket()
      const expiresAt = now() + TICKET_TTL_MS
      tickets.set(ticket, { appId, expiresAt })
      return { ticket, expiresAt: new Date(expiresAt) }
    },
    consume: async (ticket) => {
      const found = tickets.get(ticket)
      tickets.delete(ticket)
      return found && found.expiresAt > now() ? found.appId : undefined
    },
  }
}

const KEY_PREFIX = 'loa:stream-ticket:'

/**
 * Scale mode (`REDIS_URL`): tickets in Redis, so the replica that opens the WebSocket need not be the one that
 * issued the ticket. Redis expires a ticket after its minute; taking it is one MULTI (GET + DEL), so two replicas
 * racing for the same ticket cannot both have it.
 */
export const createRedisTicketStore = (redis: Redis): TicketStore => ({
  issue: async (appId) => {
    const ticket = newTicket()
    await redis.set(KEY_PREFIX + ticket, appId, 'PX', TICKET_TTL_MS)
    return { ticket, expiresAt: new Date(Date.now() + TICKET_TTL_MS) }
  },
  consume: async (ticket) => {
    const result = await redis
      .multi()
      .get(KEY_PREFIX + ticket)
      .del(KEY_PREFIX + ticket)
      .exec()
    const [error, appId] = result?.[0] ?? []
    if (error) throw error
    return typeof appId === 'string' && result?.[1]?.[1] === 1 ? appId : undefined
  },
})
