import { randomBytes } from 'node:crypto'
import { APP_ID_LENGTH } from '../../protocol/index.js'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

/** A new app id: APP_ID_LENGTH (25) random lower-case base32 characters, as every app id is 25 characters. */
export function newAppId(): string {
  const bytes = randomBytes(APP_ID_LENGTH)
  let id = ''
  for (const byte of bytes) id += ALPHABET[byte & 31]
  return id
}
