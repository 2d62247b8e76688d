import { createHmac, timingSafeEqual } from 'node:crypto'

/** Moonpay's URL signature: base64 HMAC-SHA256, keyed by the secret key, of the URL's search string ('?' included). */
export function moonpaySignature(url: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(new URL(url).search).digest('base64')
}

/** The URL with its signature appended last, URL-encoded, as Moonpay documents. */
export function signMoonpayUrl(url: string, secretKey: string): string {
  return `${url}&signature=${encodeURIComponent(moonpaySignature(url, secretKey))}`
}

/** Checks a signed URL as Moonpay does: the signature over the query without it. */
export function isMoonpaySignatureValid(signedUrl: string, secretKey: string): boolean {
  const parsed = new URL(signedUrl)
  const at = parsed.search.lastIndexOf('&signature=')
  if (at < 0) return false
  const given = Buffer.from(decodeURIComponent(parsed.search.slice(at + '&signature='.length)))
  const expected = Buffer.from(createHmac('sha256', secretKey).update(parsed.search.slice(0, at)).digest('base64'))
  return given.length === expected.length && timingSafeEqual(given, expected)
}
