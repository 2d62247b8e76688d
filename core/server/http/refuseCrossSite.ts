import type { Context } from 'hono'
import { HttpError } from '../HttpError.js'

/** What a refused cross-site request is told (the page's developer reads it; nothing about the user). */
export const CROSS_SITE_MESSAGE = "Refused: this request came from a page on another site (Sec-Fetch-Site: cross-site). Call it from the app's own site."

/**
 * Fetch Metadata CSRF defence: 403 `cross_site_request` when the browser marks the request `Sec-Fetch-Site: cross-site`,
 * i.e. a page of another site made the user's browser send it. `same-origin`, `same-site`, `none` (typed URL, bookmark)
 * and no header at all pass: scripts and older browsers don't send it, so this narrows what a victim's browser can be
 * made to do and never stands in for authentication (§17). Call it first in a route, before anything is read or counted.
 */
export function refuseCrossSite(c: Context): void {
  if (c.req.header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') throw new HttpError(403, 'cross_site_request', CROSS_SITE_MESSAGE)
}
