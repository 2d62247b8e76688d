import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { storedSecret, type Db, type Logger } from '../../../../core/server/index.js'

/** The two server keys of embedded-wallet custody: separate, so one leaking doesn't open both server-held shares. */
export interface WalletKeys {
  /** Encrypts the auth shares (FOYER_WALLET_KEK). */
  walletKek: Uint8Array
  /** Wraps the per-wallet keys of automatic ('privy') recovery (FOYER_RECOVERY_KEK). */
  recoveryKek: Uint8Array
}

/** Where `resolveWalletKeys` looks. */
export interface ResolveWalletKeysOptions {
  /** Keys given in code (plugin options); they win over the environment. */
  walletKek?: string | undefined
  recoveryKek?: string | undefined
  env?: Record<string, string | undefined>
  /** Dev mode: missing keys are generated once and kept in the database. Production refuses to start. */
  dev: boolean
  /** The embedded database's folder (ctx.config.dataDir): a key file an older dev server wrote there is moved into the database. */
  dataDir: string | null
  /** Where dev mode keeps its keys (server_secrets), shared by every instance on the database. */
  db: Db
  logger: Logger
}

/** The environment variables of the two keys. */
export const WALLET_KEK_VAR = 'FOYER_WALLET_KEK'
export const RECOVERY_KEK_VAR = 'FOYER_RECOVERY_KEK'
/** The file in the data folder where dev servers before the database kept their generated keys (read once, then moved). */
export const DEV_WALLET_KEYS_FILE = 'foyer-wallet-keys.json'

const KEY_BYTES = 32
const HOW = '32 random bytes as base64 or hex, e.g. `openssl rand -base64 32`'

/** A key from its base64 (or base64url) or hex text; anything but 32 bytes stops the start, naming the variable only. */
export function parseKek(name: string, value: string): Uint8Array {
  const text = value.trim()
  let bytes: Buffer | null = null
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex')
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (!bytes || bytes.length !== KEY_BYTES) throw new Error(`${name} must be ${HOW}.`)
  return new Uint8Array(bytes)
}

type GivenKeys = Record<typeof WALLET_KEK_VAR | typeof RECOVERY_KEK_VAR, string | undefined>

/**
 * The keys given in the options or the environment, checked now: production without both refuses to start, with an
 * error naming them; a malformed value stops any start, naming its variable only.
 */
export function checkWalletKeys(options: Pick<ResolveWalletKeysOptions, 'walletKek' | 'recoveryKek' | 'env' | 'dev'>): GivenKeys {
  const env = options.env ?? process.env
  const given: GivenKeys = {
    [WALLET_KEK_VAR]: options.walletKek || env[WALLET_KEK_VAR] || undefined,
    [RECOVERY_KEK_VAR]: options.recoveryKek || env[RECOVERY_KEK_VAR] || undefined,
  }
  const missing = (Object.keys(given) as (keyof GivenKeys)[]).filter((name) => !given[name])
  if (missing.length && !options.dev) {
    throw new Error(
      `Embedded wallets need ${missing.join(' and ')} in production (${HOW}; the two different). ` +
        `${WALLET_KEK_VAR} encrypts the auth shares and ${RECOVERY_KEK_VAR} the automatic-recovery keys: keep them in a ` +
        'secret manager or KMS, apart from the database, and never change them without re-encrypting the stored shares.',
    )
  }
  for (const name of Object.keys(given) as (keyof GivenKeys)[]) if (given[name]) parseKek(name, given[name])
  return given
}

/**
 * The custody keys: from the options, else the environment (FOYER_WALLET_KEK, FOYER_RECOVERY_KEK). In dev a missing
 * key is generated once and kept in the database, so every instance on it and every restart open the same shares
 * (a key file an older dev server left in the data folder is moved there first); production refuses to start without both.
 */
export async function resolveWalletKeys(options: ResolveWalletKeysOptions): Promise<WalletKeys> {
  const given = checkWalletKeys(options)
  for (const name of [WALLET_KEK_VAR, RECOVERY_KEK_VAR] as const) given[name] ??= await devKey(name, options)
  const keys = { walletKek: parseKek(WALLET_KEK_VAR, given[WALLET_KEK_VAR]!), recoveryKek: parseKek(RECOVERY_KEK_VAR, given[RECOVERY_KEK_VAR]!) }
  if (Buffer.from(keys.walletKek).equals(Buffer.from(keys.recoveryKek))) {
    throw new Error(`${WALLET_KEK_VAR} and ${RECOVERY_KEK_VAR} must be two different keys: one of them alone must not open both server-held shares.`)
  }
  return keys
}

/** server_secrets names of dev mode's keys. */
const DEV_SECRET_NAMES = { [WALLET_KEK_VAR]: 'embedded_wallet_dev_wallet_kek', [RECOVERY_KEK_VAR]: 'embedded_wallet_dev_recovery_kek' } as const

/** Dev mode's key `name`: the database's; on first use the old data-folder file's, else a new one. Never logs a key. */
async function devKey(name: keyof typeof DEV_SECRET_NAMES, { db, dataDir, logger }: ResolveWalletKeysOptions): Promise<string> {
  const file = dataDir ? join(dataDir, DEV_WALLET_KEYS_FILE) : null
  let fromFile = false
  const stored = await storedSecret(db, DEV_SECRET_NAMES[name], () => {
    const old = file ? legacyKey(file, name) : undefined
    fromFile = old !== undefined
    return old ?? randomBytes(KEY_BYTES).toString('base64')
  })
  if (stored.created && fromFile) logger.info(`[embedded-wallet] dev: moved ${name} from ${file} into the database (wallets made with it keep opening)`)
  else if (stored.created) logger.warn(`[embedded-wallet] dev: ${name} is not set: generated one and kept it in the database (production reads ${name}; never do this there)`)
  else if (file && ![undefined, stored.value].includes(safely(() => legacyKey(file, name)))) {
    logger.warn(`[embedded-wallet] dev: ${file} holds another ${name} than the database: the database's is used (the shares stored there are sealed under it)`)
  }
  return stored.value
}

const safely = <T>(read: () => T): T | undefined => {
  try {
    return read()
  } catch {
    return undefined
  }
}

/** Key `name` from the JSON file an older dev server wrote, if there is one. */
function legacyKey(file: string, name: string): string | undefined {
  if (!existsSync(file)) return undefined
  let stored: Record<string, unknown>
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  } catch {
    throw new Error(`${file} is not the JSON file of dev wallet keys: remove it only if no wallet was made with it, or fix it.`)
  }
  return typeof stored[name] === 'string' ? stored[name] : undefined
}
