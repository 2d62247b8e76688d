import { HttpError } from './HttpError.js'
import type { Mailer } from './mailer.js'
import type { Logger } from './Logger.js'

/** One outgoing text message. `code` is set for verification texts so the dev outbox can show it. */
export interface SmsMessage {
  appId: string
  /** E.164 number. */
  to: string
  text: string
  code?: string
}

/** Where text messages leave the server. A failed send throws SmsSendError. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>
}

/** The provider refused or could not be reached: 422 `sms_verification_failed` with a message safe to show. */
export class SmsSendError extends HttpError {
  override name = 'SmsSendError'
  constructor(message: string) {
    super(422, 'sms_verification_failed', message)
  }
}

/** Settings of the Twilio-shaped HTTP provider. */
export interface TwilioSmsOptions {
  accountSid: string
  authToken: string
  /** Sender number (E.164) or alphanumeric sender id. */
  from: string
  /** API base. Default https://api.twilio.com (a compatible provider or a local stand-in otherwise). */
  baseUrl?: string
  /** Injected fetch (tests). */
  fetch?: typeof globalThis.fetch
  logger?: Logger
  /** Give up after this long. Default 10000 ms. */
  timeoutMs?: number
}

const GENERIC_FAILURE = 'SMS verification failed. Please try again later.'

/**
 * Sends through Twilio's Messages API: POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To, From, Body, HTTP Basic auth AccountSid:AuthToken.
 */
export function createTwilioSmsSender(options: TwilioSmsOptions): SmsSender {
  const base = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`
  const doFetch = options.fetch ?? globalThis.fetch
  return {
    async send({ to, text }) {
      let res: Response
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: to, From: options.from, Body: text }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        })
      } catch {
        options.logger?.warn('[foyer] SMS provider unreachable')
        throw new SmsSendError(GENERIC_FAILURE)
      }
      if (res.ok) return
      // Twilio's error body: { code, message, more_info, status }. Its message names the problem
      // (e.g. an unreachable number) and never carries the text we sent, so the user may see it.
      const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null
      const providerCode = typeof body?.code === 'number' || typeof body?.code === 'string' ? String(body.code) : 'none'
      options.logger?.warn(`[foyer] SMS provider refused a message: HTTP ${res.status}, code ${providerCode}`)
      const message = res.status < 500 && res.status !== 401 && res.status !== 403 && typeof body?.message === 'string' ? body.message.slice(0, 200) : ''
      throw new SmsSendError(message ? `SMS verification failed: ${message}` : GENERIC_FAILURE)
    },
  }
}

/** Dev mode without a provider: texts go to the dev outbox (same table and page as mail, subject 'SMS'). */
export function createDevOutboxSms(outbox: Mailer): SmsSender {
  return { send: ({ appId, to, text, code }) => outbox.send({ appId, to, subject: 'SMS', text, ...(code ? { code } : {}) }) }
}

/** Production without a provider: refuse to send, so a misconfiguration is visible, not silent. */
export function createUnconfiguredSms(): SmsSender {
  return {
    async send() {
      throw new HttpError(501, 'sms_not_configured', 'SMS is not configured on this server')
    },
  }
}

/**
 * The provider settings from the environment (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_URL), or null.
 * `env` is a plain record, not NodeJS.ProcessEnv, so the published .d.ts needs no @types/node.
 */
export function twilioOptionsFromEnv(env: Record<string, string | undefined>): TwilioSmsOptions | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_URL: baseUrl } = env
  if (!accountSid && !authToken && !from) return null
  if (!accountSid || !authToken || !from) throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together')
  return { accountSid, authToken, from, ...(baseUrl ? { baseUrl } : {}) }
}
