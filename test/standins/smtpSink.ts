import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message the sink received: envelope, the Subject header, the decoded plain-text body and the raw source. */
export interface SinkMessage {
  from: string
  to: string[]
  subject: string
  text: string
  raw: string
}

/** A local SMTP server that accepts every message (no TLS, no auth) and keeps it in memory. */
export interface SmtpSink {
  url: string
  port: number
  messages: SinkMessage[]
  /** Resolves with the next message that arrives for `to` (or one already there). */
  waitFor(to: string, timeoutMs?: number): Promise<SinkMessage>
  close(): Promise<void>
}

// Quoted-printable soft breaks and =XX escapes, enough for the plain-text mails the server sends.
const decodeQp = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

function parse(raw: string, from: string, to: string[]): SinkMessage {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  let body = raw.slice(split + 4)
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) body = decodeQp(body)
  if (/base64/i.test(header('Content-Transfer-Encoding'))) body = Buffer.from(body, 'base64').toString('utf8')
  return { from, to, subject: header('Subject'), text: body.replace(/\r\n/g, '\n').trim(), raw }
}

/** Starts the sink on 127.0.0.1 at a free port. Use `url` as SMTP_URL. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        messages.push(parse(Buffer.concat(chunks).toString('utf8'), from, session.envelope.rcptTo.map((r) => r.address)))
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(to, timeoutMs = 5000) {
      const find = () => messages.find((m) => m.to.includes(to))
      return new Promise((resolve, reject) => {
        const found = find()
        if (found) return resolve(found)
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`No mail for ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        const check = () => {
          const message = find()
          if (!message) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(message)
        }
        waiters.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
