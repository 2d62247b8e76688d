import type { Context, MiddlewareHandler } from 'hono'
import { findUnstorableText } from '../db/unstorableText.js'
import { errorResponse } from './errorHandler.js'

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    // Not valid UTF-8 once decoded: Hono keeps such a segment as it came, so that is what a route sees.
    return segment
  }
}

/** What in the request PostgreSQL couldn't store, or null: path, query, headers and body are read. */
async function inspect(c: Context): Promise<'character' | 'depth' | null> {
  const strings: string[] = []
  // A URL carries such a character only percent-encoded (the URL parser escapes a raw one), so a URL
  // without '%' needs no decoding.
  if (c.req.url.includes('%')) {
    const url = new URL(c.req.url)
    strings.push(...url.pathname.split('/').map(decodeSegment))
    for (const [key, value] of url.searchParams) strings.push(key, value)
  }
  for (const [, value] of c.req.raw.headers) strings.push(value)
  for (const text of strings) {
    const found = findUnstorableText(text)
    if (found) return found
  }
  if (!c.req.raw.body) return null
  // Hono keeps the bytes, so the route still reads the body (text, json or form) after this.
  const text = new TextDecoder().decode(await c.req.arrayBuffer())
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    const type = c.req.header('content-type') ?? ''
    // A form post (an OAuth provider's callback): its fields decoded, as the route will read them.
    if (type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return findUnstorableText(Object.fromEntries(new URLSearchParams(text)))
    // Any other body that isn't JSON is refused by the route, but no U+0000 gets even that far.
    return findUnstorableText(text)
  }
  return findUnstorableText(parsed)
}

/**
 * Refuses, before any route runs, a request whose path, query string, headers or body (JSON keys and
 * values at any depth, form fields) hold U+0000 or a lone surrogate, or nest deeper than a request ever
 * needs: 400 invalid_data. PostgreSQL can store neither character, and would answer such input with an
 * error that surfaces as a 500. Values decoded later (signed tokens' claims, widget data, provider answers)
 * are checked where they meet SQL (db/refuseUnstorableText).
 */
export function refuseUnstorableInput(): MiddlewareHandler {
  return async (c, next) => {
    let found: 'character' | 'depth' | null
    try {
      found = await inspect(c)
    } catch {
      // The body could not be read (the client went away): nothing to answer to.
      return errorResponse(c, 400, 'invalid_data', 'Request body could not be read')
    }
    if (found === 'character') return errorResponse(c, 400, 'invalid_data', 'Text must not contain U+0000 or an unpaired surrogate')
    if (found === 'depth') return errorResponse(c, 400, 'invalid_data', 'Data is nested too deeply')
    return next()
  }
}
