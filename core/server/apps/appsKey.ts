import { randomBytes } from 'node:crypto'
import type { Db } from '../db/Db.js'
import { storedSecret } from '../secrets.js'
import { parseKek } from '../sealedTextBox.js'

/** The environment variable of the key apps' secret fields are sealed under. */
export const APPS_KEK_VAR = 'FOYER_APPS_KEK'
/** The environment variable of the earlier apps keys (comma-separated): opened with, re-sealed from at start. */
export const APPS_KEK_PREVIOUS_VAR = 'FOYER_APPS_KEK_PREVIOUS'

/** The apps key given (option, else FOYER_APPS_KEK), checked; null when none is. */
export function givenAppsKey(option: string | undefined): Uint8Array | null {
  const given = option ?? process.env[APPS_KEK_VAR]
  return given ? parseKek(APPS_KEK_VAR, given) : null
}

/**
 * The earlier apps keys given (option, else FOYER_APPS_KEK_PREVIOUS: comma-separated), checked, without the current one
 * and without repeats; a rotation needs the key it moves to, so previous keys without a current one stop the start.
 */
export function givenPreviousAppsKeys(option: string | undefined, current: Uint8Array | null): Uint8Array[] {
  const given = (option ?? process.env[APPS_KEK_PREVIOUS_VAR] ?? '').split(',').map((part) => part.trim()).filter(Boolean)
  if (!given.length) return []
  if (!current) throw new Error(`${APPS_KEK_PREVIOUS_VAR} is set but ${APPS_KEK_VAR} is not: set ${APPS_KEK_VAR} to the key the secret fields move to.`)
  const seen = new Set([Buffer.from(current).toString('hex')])
  const keys: Uint8Array[] = []
  for (const part of given) {
    const key = parseKek(APPS_KEK_PREVIOUS_VAR, part)
    const hex = Buffer.from(key).toString('hex')
    if (seen.has(hex)) continue
    seen.add(hex)
    keys.push(key)
  }
  return keys
}

/** The error of a production start (or write) with a secret to seal and no key. */
export const missingAppsKeyMessage = (where: string) =>
  `${where} holds a secret field: set ${APPS_KEK_VAR} (32 random bytes as base64 or hex, e.g. \`openssl rand -base64 32\`) to store it sealed; keep it in a secret manager, apart from the database.`

/** Dev mode without a given key: one generated once and kept in the database (never do this in production). */
export async function devAppsKey(db: Db): Promise<Uint8Array> {
  const stored = await storedSecret(db, 'apps_dev_kek', () => randomBytes(32).toString('base64'))
  return parseKek(APPS_KEK_VAR, stored.value)
}
