import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex } from '@noble/hashes/utils'

// What a wallet's own key signs before the server stores anything about its custody (ARCHITECTURE §17): the wallet's
// address, what is stored (the shares' digests), for which app and user, against a single-use server nonce. The server
// stores an address only with this signature, so nobody can claim an address they can't sign for, and a share that
// doesn't belong to the wallet's split is never swapped in behind the user's back. The frame and the server build the
// same text from here; Ethereum wallets sign it as an EIP-191 personal message, Solana wallets sign its UTF-8 bytes.

/** What a custody write does. */
export type CustodyAction = 'create' | 'add' | 'set_recovery' | 'set_automatic_recovery' | 'prove'

/** The fields of a statement; `details` are what the action stores (digests, the new address and index). */
export interface CustodyStatementInput {
  action: CustodyAction
  appId: string
  userId: string
  /** The signing wallet (for `add`, the root's existing wallet; the new one co-signs the same text). */
  address: string
  details: Record<string, string>
  nonce: string
}

/** A digest of a value stored on the wire (a base64 share, a ciphertext): hex SHA-256 of its UTF-8 text. */
export const custodyDigest = (value: string) => bytesToHex(sha256(new TextEncoder().encode(value)))

/** The digest of a KDF record (JSON with sorted keys, so both sides agree whatever order they built it in). */
export const kdfDigest = (kdf: object) =>
  custodyDigest(JSON.stringify(Object.fromEntries(Object.entries(kdf).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))))

/** The text a wallet signs: one field per line, details sorted, so both sides build it byte for byte alike. */
export function custodyStatement(input: CustodyStatementInput): string {
  const details = Object.keys(input.details)
    .sort()
    .map((key) => `${key}: ${input.details[key]}`)
  return [
    'Foyer wallet custody',
    'This signature lets the server store how this wallet is kept. It moves no funds.',
    `action: ${input.action}`,
    `app: ${input.appId}`,
    `user: ${input.userId}`,
    `address: ${input.address}`,
    ...details,
    `nonce: ${input.nonce}`,
  ].join('\n')
}
