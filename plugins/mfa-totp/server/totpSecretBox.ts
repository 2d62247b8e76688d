import { randomBytes } from 'node:crypto'
import { createSealedTextBox, parseKek, storedSecret, type SealedTextBox, type Db, type Logger } from '../../../core/server/index.js'

/** The environment variable of the key TOTP secrets are encrypted under. */
export const MFA_KEK_VAR = 'FOYER_MFA_KEK'

/** Seals TOTP secrets at rest: AES-256-GCM under the server's MFA key, bound to the user (AAD). */
export type TotpSecretBox = SealedTextBox

/** A 32-byte key from base64 (or base64url) or hex; anything else stops the start, naming only the variable. */
export const parseMfaKek = (value: string): Uint8Array => parseKek(MFA_KEK_VAR, value)

/**
 * The key: given, else FOYER_MFA_KEK. Production refuses to start without one (a key beside the data it protects
 * protects nothing). Dev mode keeps a generated key in the database's secrets table, with a warning.
 */
export async function resolveTotpKey(options: { key?: string | undefined; env?: Record<string, string | undefined>; dev: boolean; db: Db; logger: Logger }): Promise<Uint8Array> {
  const given = options.key ?? (options.env ?? process.env)[MFA_KEK_VAR]
  if (given) return parseMfaKek(given)
  if (!options.dev) {
    throw new Error(`Authenticator-app MFA needs ${MFA_KEK_VAR} in production (32 random bytes as base64 or hex): keep it in a secret manager, apart from the database.`)
  }
  options.logger.warn(`${MFA_KEK_VAR} is not set: dev mode keeps a generated MFA key in the database (never do this in production).`)
  return parseMfaKek((await storedSecret(options.db, 'mfa_totp_dev_kek', () => randomBytes(32).toString('base64'))).value)
}

/** The box over a resolved key (core's AES-256-GCM box, bound to `foyer:mfa-totp:<owner>`). */
export const createTotpSecretBox = (key: Uint8Array): TotpSecretBox => createSealedTextBox(key, 'mfa-totp')
