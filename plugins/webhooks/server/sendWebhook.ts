import { Webhook } from 'standardwebhooks'

/** What one POST to an endpoint came to: logged as a delivery attempt. */
export interface WebhookAttempt {
  ok: boolean
  /** The HTTP status, null when there was no answer. */
  status: number | null
  durationMs: number
  /** Why there was no 2xx answer, in a few words (never the URL or a header). */
  error: string | null
  /** At most RESPONSE_LIMIT bytes of the receiver's body. */
  response: string | null
}

/** How much of a receiver's answer the log keeps. */
export const RESPONSE_LIMIT = 1024

/**
 * POSTs `payload` to `url` the Standard Webhooks way: `webhook-id` (the same on every retry and replay, so receivers
 * dedupe), `webhook-timestamp`, `webhook-signature` (v1, HMAC-SHA256 under the endpoint secret, by the
 * `standardwebhooks` library). 2xx is delivered; a redirect is not followed (and is a failure), an answer after
 * `timeoutMs` is a timeout.
 */
export async function sendWebhook(input: { url: string; secret: string; msgId: string; payload: string; at: number; timeoutMs: number }): Promise<WebhookAttempt> {
  const timestamp = new Date(input.at)
  const signature = new Webhook(input.secret).sign(input.msgId, timestamp, input.payload)
  const started = performance.now()
  const duration = () => Math.round(performance.now() - started)
  try {
    const res = await fetch(input.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Foyer-Webhooks/1',
        'webhook-id': input.msgId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: input.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(input.timeoutMs),
    })
    const response = await readAtMost(res, RESPONSE_LIMIT).catch(() => null)
    const ok = res.status >= 200 && res.status < 300
    return { ok, status: res.status, durationMs: duration(), error: ok ? null : `HTTP ${res.status}`, response }
  } catch (error) {
    return { ok: false, status: null, durationMs: duration(), error: failureOf(error), response: null }
  }
}

/** A short, URL-free reason: timeout, or the socket error's code. */
function failureOf(error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout'
  return e?.cause?.code ? `connection failed (${e.cause.code})` : 'connection failed'
}

/** The first `max` bytes of the body as storable text; the rest is not read. */
async function readAtMost(res: Response, max: number): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (size < max) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.length
  }
  await reader.cancel().catch(() => {})
  // PostgreSQL text takes no NUL, and a JSON-looking text with a NUL or lone-surrogate escape is refused too (unstorableText.ts).
  return Buffer.concat(chunks).subarray(0, max).toString('utf8').replace(/\u0000|\\u0000|\\u[dD][89a-fA-F][0-9a-fA-F]{2}/g, '')
}
