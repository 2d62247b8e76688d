import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { existsSync, readFileSync } from 'node:fs'
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib'
import type { Context } from 'hono'

/** The content codings an asset is kept in; the order is the server's preference when the client likes two alike. */
const CODINGS = ['br', 'gzip', 'identity'] as const
/** A content coding (RFC 9110 §8.4.1) an asset is kept in. */
export type ContentCoding = (typeof CODINGS)[number]

/** A content-hashed URL's Cache-Control: the bytes under it never change, so caches (and a CDN) keep them a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** A static file served from memory: its bytes in every coding (compressed once, when it is made) and its hash. */
export interface StaticAsset {
  /** The content-hashed path, e.g. `/assets/frame-0123456789abcdef.js`. */
  path: string
  contentType: string
  /** Hex SHA-256 of the identity bytes. */
  sha256: string
  bodies: Partial<Record<ContentCoding, Uint8Array>> & { identity: Uint8Array }
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Makes a static asset under `/assets/<name>-<16 hex of its SHA-256>.<ext>`: compresses it with brotli (quality 11)
 * and gzip (level 9) on libuv's thread pool unless `compressed` (written at build) already holds them. A coding that
 * is no smaller than the bytes themselves is not kept.
 */
export async function createStaticAsset(
  /** `path`: the asset's own path when its name already carries a content hash (a bundler's output file). */
  file: { name: string; ext: string; contentType: string; path?: string },
  bytes: Uint8Array,
  compressed: Partial<Record<'br' | 'gzip', Uint8Array>> = {},
): Promise<StaticAsset> {
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const [br, gz] = await Promise.all([
    compressed.br ?? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    compressed.gzip ?? gzipAsync(bytes, { level: 9 }),
  ])
  const bodies: StaticAsset['bodies'] = { identity: bytes }
  if (br.length < bytes.length) bodies.br = br
  if (gz.length < bytes.length) bodies.gzip = gz
  return { path: file.path ?? `/assets/${file.name}-${sha256.slice(0, 16)}.${file.ext}`, contentType: file.contentType, sha256, bodies }
}

/**
 * The coding to answer `acceptEncoding` with among `available` (identity always is): the highest q-value wins, the
 * server's order (br, gzip, identity) breaks ties; `*` stands for any coding not named; no header means identity.
 * When nothing acceptable is left (e.g. `identity;q=0` alone), identity is sent anyway (RFC 9110 §12.5.3 allows it).
 */
export function negotiateEncoding(acceptEncoding: string | undefined | null, available: readonly ContentCoding[]): ContentCoding {
  if (!acceptEncoding?.trim()) return 'identity'
  const q = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    if (!token) continue
    const qParam = params.find((p) => p.startsWith('q='))
    const value = qParam === undefined ? 1 : Number(qParam.slice(2))
    const name = token === 'x-gzip' ? 'gzip' : token
    if (Number.isFinite(value) && !q.has(name)) q.set(name, Math.min(1, Math.max(0, value)))
  }
  const star = q.get('*')
  // identity, unnamed, is acceptable unless `*;q=0` excludes it, yet below any coding the client names.
  const weight = (coding: ContentCoding) => q.get(coding) ?? star ?? (coding === 'identity' ? 0.001 : 0)
  let best: ContentCoding = 'identity'
  let bestWeight = 0
  for (const coding of CODINGS) {
    if (!available.includes(coding) && coding !== 'identity') continue
    const w = weight(coding)
    if (w > bestWeight) [best, bestWeight] = [coding, w]
  }
  return best
}

/** The strong ETag of one coding of an asset: each coding is its own representation (RFC 9110 §8.8.3). */
export const etagOf = (sha256: string, coding: ContentCoding = 'identity') => `"${sha256.slice(0, 32)}${coding === 'identity' ? '' : `-${coding}`}"`

/** The entity tags an If-None-Match lists (`*` included as is); weak tags compare as their strong form (RFC 9110 §13.1.2). */
export function ifNoneMatchTags(header: string | undefined | null): string[] {
  if (!header) return []
  return [...header.matchAll(/(?:W\/)?("[^"]*"|\*)/g)].map((m) => m[1]!)
}

/**
 * Answers a GET (Hono answers HEAD with the same headers and no body) for `asset`: the coding negotiated from
 * Accept-Encoding, `Vary: Accept-Encoding`, its exact Content-Length, a strong ETag per coding, and a 304 when
 * If-None-Match names any coding of these bytes (the client has them; the 304 carries the tag it named).
 */
export function serveStaticAsset(c: Context, asset: StaticAsset, cacheControl: string): Response {
  const codings = Object.keys(asset.bodies) as ContentCoding[]
  const shared = { vary: 'Accept-Encoding', 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' }
  const known = new Set(codings.map((coding) => etagOf(asset.sha256, coding)))
  const held = ifNoneMatchTags(c.req.header('if-none-match')).find((tag) => tag === '*' || known.has(tag))
  const coding = negotiateEncoding(c.req.header('accept-encoding'), codings)
  if (held) return c.body(null, 304, { ...shared, etag: held === '*' ? etagOf(asset.sha256, coding) : held })
  const body = asset.bodies[coding]!
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    ...shared,
    'content-type': asset.contentType,
    'content-length': String(body.byteLength),
    etag: etagOf(asset.sha256, coding),
    ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
  })
}

/**
 * Answers a small page made per request (the frame's HTML) with a strong ETag over its body and headers — a change
 * to either (an app's origins in the CSP) is a new tag — and a 304 when If-None-Match names it. `headers` should say
 * `cache-control: no-cache`: caches keep the page and ask each time, and the answer is a few hundred bytes.
 */
export function serveRevalidated(c: Context, body: string, status: 200, headers: Record<string, string>): Response {
  const etag = `"${createHash('sha256').update(body).update(JSON.stringify(headers)).digest('base64url').slice(0, 32)}"`
  if (ifNoneMatchTags(c.req.header('if-none-match')).some((tag) => tag === etag || tag === '*')) {
    // Everything but the representation's own metadata: a cache refreshes the page's stored headers from a 304.
    const { 'content-type': _type, ...kept } = headers
    return c.body(null, 304, { ...kept, etag })
  }
  return c.body(body, status, { ...headers, etag })
}

/** The build's compressed copies of `file` that decompress to `bytes` (a stale copy is never served). */
export function builtCopies(file: string, bytes: Uint8Array): Partial<Record<'br' | 'gzip', Uint8Array>> {
  const copy = (path: string, decompress: (data: Buffer) => Buffer) => {
    if (!existsSync(path)) return undefined
    const data = readFileSync(path)
    try {
      return decompress(data).equals(bytes) ? data : undefined
    } catch {
      return undefined
    }
  }
  const br = copy(`${file}.br`, brotliDecompressSync)
  const gzip = copy(`${file}.gz`, gunzipSync)
  return { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) }
}
