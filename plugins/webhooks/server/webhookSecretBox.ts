import { randomBytes } from 'node:crypto'
import { createSealedTextBox, parseKek, storedSecret, type SealedTextBox, type Db } from '../../../core/server/index.js'

/** The environment variable of the key endpoint secrets are sealed under. */
export const WEBHOOK_KEK_VAR = 'FOYER_WEBHOOK_KEK'

/** Seals endpoint signing secrets at rest: AES-256-GCM, bound to the endpoint (AAD). They must open again to sign. */
export type WebhookSecretBox = SealedTextBox

/** A 32-byte key from base64 (or base64url) or hex; anything else stops the start, naming only the variable. */
export const parseWebhookKek = (value: string): Uint8Array => parseKek(WEBHOOK_KEK_VAR, value)

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

/** The box over a resolved key (core's AES-256-GCM box, bound to `foyer:webhooks:<owner>`). */
export const createWebhookSecretBox = (key: Uint8Array): WebhookSecretBox => createSealedTextBox(key, 'webhooks')
