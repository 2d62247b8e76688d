import { createHash } from 'node:crypto'

/** base64url(SHA-256(value)): the PKCE S256 transform (server side; pkce.ts is the browser's). */
export const s256 = (value: string) => createHash('sha256').update(value).digest('base64url')
