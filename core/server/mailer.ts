import nodemailer from 'nodemailer'
import type { Db } from './db/Db.js'
import type { Logger } from './Logger.js'

/** One outgoing message. `code` is set for verification mails so the dev outbox can show it. */
export interface MailMessage {
  appId: string
  to: string
  subject: string
  text: string
  code?: string
}

/** Where mail leaves the server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** An entry of the dev outbox, newest first. */
export interface OutboxEntry {
  to: string
  subject: string
  text: string
  code: string | null
  appId: string
  createdAt: number
}

/** Sends through SMTP with nodemailer (`smtp://user:pass@host:port`, `smtps://…`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text })
    },
  }
}

/** Dev mode without SMTP: stores mail in the database and prints a line to the terminal. */
export function createDevOutbox(db: Db, logger: Logger, now: () => number): Mailer & { list(limit?: number): Promise<OutboxEntry[]> } {
  return {
    async send({ appId, to, subject, text, code }) {
      await db.query(
        'INSERT INTO dev_outbox (app_id, recipient, subject, body, code, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [appId, to, subject, text, code ?? null, new Date(now())],
      )
      // Dev only, on purpose: the developer reads the code here when no mail server is configured.
      logger.info(`[foyer] dev outbox → ${to}: ${subject}${code ? ` (code ${code})` : ''}`)
    },
    async list(limit = 100) {
      const rows = await db.query<{ app_id: string; recipient: string; subject: string; body: string; code: string | null; created_at: Date }>(
        'SELECT app_id, recipient, subject, body, code, created_at FROM dev_outbox ORDER BY id DESC LIMIT $1',
        [limit],
      )
      return rows.map((r) => ({
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        code: r.code,
        appId: r.app_id,
        createdAt: Math.floor(new Date(r.created_at).getTime() / 1000),
      }))
    },
  }
}
