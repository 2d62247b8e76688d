import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A message the stand-in accepted. */
export interface TwilioMessage {
  sid: string
  accountSid: string
  to: string
  from: string
  body: string
}

/** A local server shaped like Twilio's Messages API, for tests. */
export interface TwilioStandin {
  /** Base URL to configure as the provider's API base (`baseUrl` / TWILIO_API_URL). */
  url: string
  accountSid: string
  authToken: string
  messages: TwilioMessage[]
  /** Numbers the stand-in refuses like Twilio refuses an unreachable region (error 21408). */
  blockedNumbers: Set<string>
  close(): Promise<void>
}

const E164 = /^\+[1-9]\d{1,14}$/

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
  send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })

/**
 * Starts the stand-in on 127.0.0.1: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with
 * form-encoded To, From, Body and HTTP Basic auth AccountSid:AuthToken, answering as Twilio does
 * (201 with the message resource; 401 code 20003; 400 code 21211 / 21408).
 */
export async function startTwilioStandin(credentials = { accountSid: 'AC' + '0'.repeat(31) + '1', authToken: 'standin-auth-token' }): Promise<TwilioStandin> {
  const messages: TwilioMessage[] = []
  const blockedNumbers = new Set<string>()
  const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '')
    if (req.method !== 'POST' || !match) return twilioError(res, 404, 20404, 'The requested resource was not found')
    if (req.headers.authorization !== expected || decodeURIComponent(match[1]!) !== credentials.accountSid) {
      return twilioError(res, 401, 20003, 'Authenticate')
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return twilioError(res, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded')
    }
    let raw = ''
    for await (const chunk of req) raw += chunk
    const form = new URLSearchParams(raw)
    const to = form.get('To') ?? ''
    const from = form.get('From') ?? ''
    const body = form.get('Body') ?? ''
    if (!from) return twilioError(res, 400, 21603, "A 'From' phone number is required.")
    if (!body) return twilioError(res, 400, 21602, 'Message body is required.')
    if (!E164.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`)
    if (blockedNumbers.has(to)) {
      return twilioError(res, 400, 21408, `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`)
    }
    const sid = `SM${messages.length.toString(16).padStart(32, '0')}`
    messages.push({ sid, accountSid: credentials.accountSid, to, from, body })
    send(res, 201, { sid, account_sid: credentials.accountSid, to, from, body, status: 'queued', num_segments: '1', direction: 'outbound-api' })
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => twilioError(res, 500, 20500, 'Internal Server Error')))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    ...credentials,
    messages,
    blockedNumbers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
