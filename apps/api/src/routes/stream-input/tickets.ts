import { randomBytes } from 'node:crypto'

/** How long a browser's ticket may wait before its WebSocket opens. */
export const TICKET_TTL_MS = 60_000

/**
 * Single-use tickets that let a browser open `/v1/tts/stream-input` without a long-lived token in the URL:
 * a server holding the app token asks for one (`POST /v1/tts/stream-tickets`) and hands it to the page. Kept in
 * this process's memory (a ticket is used within a minute, on the replica that issued it — behind a load balancer
 * the WebSocket needs the same sticky routing as the ticket call; docs/decisions.md).
 */
export const createTicketStore = (now: () => number = Date.now) => {
  const tickets = new Map<string, { appId: string; expiresAt: number }>()
  const sweep = () => {
    const t = now()
    for (const [id, v] of tickets) if (v.expiresAt <= t) tickets.delete(id)
  }
  return {
    issue(appId: string): { ticket: string; expiresAt: Date } {
      sweep()
      const ticket = `wst_${randomBytes(24).toString('base64url')}`
      const expiresAt = now() + TICKET_TTL_MS
      tickets.set(ticket, { appId, expiresAt })
      return { ticket, expiresAt: new Date(expiresAt) }
    },
    /** The app a ticket was issued to, once: a used, unknown or expired ticket is undefined. */
    consume(ticket: string): string | undefined {
      const found = tickets.get(ticket)
      tickets.delete(ticket)
      return found && found.expiresAt > now() ? found.appId : undefined
    },
  }
}
export type TicketStore = ReturnType<typeof createTicketStore>
