import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { x25519 } from '@noble/curves/ed25519'
import { storedSecret, type Db, type Logger } from '../../../core/server/index.js'
import { parseKek, RECOVERY_KEK_VAR, WALLET_KEK_VAR } from '../../embedded-wallet/server.js'

/** The environment variable of the delegation signer's x25519 private key (32 bytes, base64 or hex). */
export const DELEGATION_KEY_VAR = 'FOYER_DELEGATION_KEY'
/** The file in the data folder where dev servers before the database kept their generated key (read once, then moved). */
export const DEV_DELEGATION_KEY_FILE = 'foyer-delegation-key.json'

/** The server's delegation signer key: envelopes of delegated wallets' keys are sealed to its public half. */
export interface DelegationKey {
  privateKey: Uint8Array
  publicKey: Uint8Array
  /** sha256 of the public key, first 8 bytes as hex: tells envelopes of a rotated key apart. */
  keyId: string
}

/** Where `resolveDelegationKey` looks. */
export interface ResolveDelegationKeyOptions {
  /** The key given in code (plugin option); wins over the environment. */
  key?: string | undefined
  env?: Record<string, string | undefined>
  /** Dev: a missing key is generated once and kept in the database. Production refuses to start. */
  dev: boolean
  /** The embedded database's folder: a key file an older dev server wrote there is moved into the database. */
  dataDir: string | null
  /** Where dev mode keeps its key (server_secrets), shared by every instance on the database. */
  db: Db
  logger: Logger
}

const HOW = '32 random bytes as base64 or hex, e.g. `openssl rand -base64 32`'

/** The key pair of a 32-byte x25519 private key. */
export function delegationKeyOf(privateKey: Uint8Array): DelegationKey {
  const publicKey = x25519.getPublicKey(privateKey)
  return { privateKey, publicKey, keyId: createHash('sha256').update(publicKey).digest('hex').slice(0, 16) }
}

/**
 * The key given in the option or FOYER_DELEGATION_KEY, checked now: production without one refuses to start; a
 * malformed value, or the value of a wallet key, stops any start. Undefined in dev when none is given.
 */
export function checkDelegationKey(options: Pick<ResolveDelegationKeyOptions, 'key' | 'env' | 'dev'>): Uint8Array | undefined {
  const env = options.env ?? process.env
  const value = options.key || env[DELEGATION_KEY_VAR]
  if (!value) {
    if (options.dev) return undefined
    throw new Error(
      `Delegated actions need ${DELEGATION_KEY_VAR} in production (${HOW}), a key of its own (not ${WALLET_KEK_VAR} nor ${RECOVERY_KEK_VAR}): ` +
        'it opens the keys of every delegated wallet, so keep it in a secret manager or KMS, apart from the database.',
    )
  }
  return distinct(parseKek(DELEGATION_KEY_VAR, value), env)
}

/**
 * The delegation signer key, separate from the share-wrapping keys (FOYER_WALLET_KEK, FOYER_RECOVERY_KEK): from the
 * option, else FOYER_DELEGATION_KEY. Dev generates one once and keeps it in the database, so every instance on it and
 * every restart open the same envelopes (a key file an older dev server left in the data folder is moved there first);
 * production refuses to start without it. The same value as a wallet key is refused: one leaked key must not open both.
 */
export async function resolveDelegationKey(options: ResolveDelegationKeyOptions): Promise<DelegationKey> {
  const given = checkDelegationKey(options)
  return delegationKeyOf(given ?? distinct(parseKek(DELEGATION_KEY_VAR, await devKey(options)), options.env ?? process.env))
}

function distinct(privateKey: Uint8Array, env: Record<string, string | undefined>): Uint8Array {
  for (const other of [WALLET_KEK_VAR, RECOVERY_KEK_VAR]) {
    const text = env[other]
    if (text && Buffer.from(parseKek(other, text)).equals(Buffer.from(privateKey))) throw new Error(`${DELEGATION_KEY_VAR} must differ from ${other}.`)
  }
  return privateKey
}

/** server_secrets name of dev mode's key. */
const DEV_SECRET_NAME = 'delegated_actions_dev_key'

/** Dev mode's key: the database's; on first use the old data-folder file's, else a new one. Never logs the key. */
async function devKey({ db, dataDir, logger }: ResolveDelegationKeyOptions): Promise<string> {
  const file = dataDir ? join(dataDir, DEV_DELEGATION_KEY_FILE) : null
  let fromFile = false
  const stored = await storedSecret(db, DEV_SECRET_NAME, () => {
    const old = file && existsSync(file) ? legacyKey(file) : undefined
    fromFile = old !== undefined
    return old ?? randomBytes(32).toString('base64')
  })
  if (stored.created && fromFile) logger.info(`[delegated-actions] dev: moved ${DELEGATION_KEY_VAR} from ${file} into the database (delegations made with it keep working)`)
  else if (stored.created) logger.warn(`[delegated-actions] dev: ${DELEGATION_KEY_VAR} is not set: generated one and kept it in the database (production reads ${DELEGATION_KEY_VAR}; never do this there)`)
  return stored.value
}

function legacyKey(file: string): string | undefined {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    return typeof stored[DELEGATION_KEY_VAR] === 'string' ? stored[DELEGATION_KEY_VAR] : undefined
  } catch {
    throw new Error(`${file} is not the JSON file of the dev delegation key: remove it only if no delegation was made with it, or fix it.`)
  }
}
