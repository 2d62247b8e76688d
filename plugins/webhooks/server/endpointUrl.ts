import { HttpError } from '../../../core/server/index.js'

/** Hosts an http:// endpoint may name: this machine only (a receiver under development). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * A webhook endpoint URL as stored: https, or http for this machine only (the body carries user data and the signature
 * does not hide it); no credentials in it (it is listed back); at most 2048 characters. Else 400 invalid_data.
 */
export function endpointUrl(value: string): string {
  const refuse = (why: string) => new HttpError(400, 'invalid_data', `url: ${why}`)
  if (value.length > 2048 || !URL.canParse(value)) throw refuse('not a URL')
  const url = new URL(value)
  if (url.username || url.password) throw refuse('credentials in the URL are not allowed')
  if (url.protocol === 'https:') return url.href
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return url.href
  throw refuse('must be https (http only for localhost)')
}
