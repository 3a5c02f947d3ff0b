import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { type Db } from '@loa/db'
import { ssoOutbox } from './tables.ts'
import { newId } from '../lib/crypto.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>
}

/**
 * Every mail is written to `sso.outbox` (the operator reads it with `loa sso outbox` in embedded mode); with
 * SMTP configured it is also sent and marked `sent_at`.
 */
export const createMailer = (
  db: Db,
  options: { smtpUrl?: string; from: string; log?: (m: string) => void },
) => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined
  const mailer: Mailer = {
    send: async (mail) => {
      const id = newId()
      await db.insert(ssoOutbox).values({ id, ...mail, createdAt: new Date() })
      if (!transport) return
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
        await db.update(ssoOutbox).set({ sentAt: new Date() }).where(eq(ssoOutbox.id, id))
      } catch (error) {
        options.log?.(`smtp send failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    },
  }
  return mailer
}

export const readOutbox = async (db: Db, limit = 50) =>
  db.select().from(ssoOutbox).orderBy(desc(ssoOutbox.createdAt)).limit(limit)
