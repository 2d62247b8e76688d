import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { storedSecret, type Db } from '../../../core/server/index.js'

/** The environment variable of the key endpoint secrets are sealed under. */
export const WEBHOOK_KEK_VAR = 'FOYER_WEBHOOK_KEK'

/** Seals endpoint signing secrets at rest: AES-256-GCM, bound to the endpoint (AAD). They must open again to sign. */
export interface WebhookSecretBox {
  seal(endpointId: string, secret: string): string
  open(endpointId: string, sealed: string): string
}

/** A 32-byte key from base64 (or base64url) or hex; anything else stops the start, naming only the variable. */
export function parseWebhookKek(value: string): Uint8Array {
  const text = value.trim()
  let bytes: Buffer | null = null
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex')
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (!bytes || bytes.length !== 32) throw new Error(`${WEBHOOK_KEK_VAR} must be 32 random bytes as base64 or hex, e.g. \`openssl rand -base64 32\`.`)
  return bytes
}

/** Stops a production start without a key (a key beside the data it protects protects nothing); checks its format. */
export function checkWebhookKek(options: { key?: string | undefined; dev: boolean }): void {
  const given = options.key ?? process.env[WEBHOOK_KEK_VAR]
  if (given) parseWebhookKek(given)
  else if (!options.dev) {
    throw new Error(`Webhooks need ${WEBHOOK_KEK_VAR} in production (32 random bytes as base64 or hex): keep it in a secret manager, apart from the database.`)
  }
}

/** The key: given, else FOYER_WEBHOOK_KEK; dev mode keeps a generated one in the database, with a warning. */
export async function resolveWebhookKey(options: { key?: string | undefined; dev: boolean; db: Db; warn: (line: string) => void }): Promise<Uint8Array> {
  checkWebhookKek(options)
  const given = options.key ?? process.env[WEBHOOK_KEK_VAR]
  if (given) return parseWebhookKek(given)
  const stored = await storedSecret(options.db, 'webhooks_dev_kek', () => randomBytes(32).toString('base64'))
  if (stored.created) options.warn(`[webhooks] ${WEBHOOK_KEK_VAR} is not set: dev mode generated one and keeps it in the database (never do this in production).`)
  return parseWebhookKek(stored.value)
}

/** The box over a resolved key. Sealed form: base64url of iv(12) | tag(16) | ciphertext. */
export function createWebhookSecretBox(key: Uint8Array): WebhookSecretBox {
  const aad = (endpointId: string) => Buffer.from(`foyer:webhooks:${endpointId}`)
  return {
    seal(endpointId, secret) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(endpointId))
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(endpointId, sealed) {
      const raw = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(aad(endpointId))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}
