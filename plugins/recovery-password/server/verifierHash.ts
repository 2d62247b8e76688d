import { createHash } from 'node:crypto'

/** What the server keeps of a password's verifier (base64 on the wire): its SHA-256, in hex. */
export const verifierHash = (verifier: string) => createHash('sha256').update(Buffer.from(verifier, 'base64')).digest('hex')
