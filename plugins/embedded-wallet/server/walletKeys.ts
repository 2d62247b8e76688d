import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../../../core/server/index.js'

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
  /** Dev mode: missing keys are generated (kept in `dataDir`, else in memory). Production refuses to start. */
  dev: boolean
  /** The embedded database's folder (ctx.config.dataDir). */
  dataDir: string | null
  logger: Logger
}

/** The environment variables of the two keys. */
export const WALLET_KEK_VAR = 'FOYER_WALLET_KEK'
export const RECOVERY_KEK_VAR = 'FOYER_RECOVERY_KEK'
/** The file in the data folder that keeps dev mode's generated keys. */
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

/**
 * The custody keys: from the options, else the environment (FOYER_WALLET_KEK, FOYER_RECOVERY_KEK). In dev a missing
 * key is generated once and kept in the data folder (so shares stored before a restart still open), or in memory
 * when the database is; production refuses to start without both, with an error naming them.
 */
export function resolveWalletKeys(options: ResolveWalletKeysOptions): WalletKeys {
  const env = options.env ?? process.env
  const given: Record<string, string | undefined> = {
    [WALLET_KEK_VAR]: options.walletKek ?? env[WALLET_KEK_VAR] ?? undefined,
    [RECOVERY_KEK_VAR]: options.recoveryKek ?? env[RECOVERY_KEK_VAR] ?? undefined,
  }
  const missing = Object.keys(given).filter((name) => !given[name])
  if (missing.length && !options.dev) {
    throw new Error(
      `Embedded wallets need ${missing.join(' and ')} in production (${HOW}; the two different). ` +
        `${WALLET_KEK_VAR} encrypts the auth shares and ${RECOVERY_KEK_VAR} the automatic-recovery keys: keep them in a ` +
        'secret manager or KMS, apart from the database, and never change them without re-encrypting the stored shares.',
    )
  }
  if (missing.length) {
    const generated = devKeys(options)
    for (const name of missing) given[name] = generated[name]
  }
  const keys = { walletKek: parseKek(WALLET_KEK_VAR, given[WALLET_KEK_VAR]!), recoveryKek: parseKek(RECOVERY_KEK_VAR, given[RECOVERY_KEK_VAR]!) }
  if (Buffer.from(keys.walletKek).equals(Buffer.from(keys.recoveryKek))) {
    throw new Error(`${WALLET_KEK_VAR} and ${RECOVERY_KEK_VAR} must be two different keys: one of them alone must not open both server-held shares.`)
  }
  return keys
}

/** Dev mode's keys: read from the data folder's key file, created there on first start; in memory without a folder. */
function devKeys({ dataDir, logger }: ResolveWalletKeysOptions): Record<string, string> {
  const fresh = () => ({ [WALLET_KEK_VAR]: randomBytes(KEY_BYTES).toString('base64'), [RECOVERY_KEK_VAR]: randomBytes(KEY_BYTES).toString('base64') })
  if (!dataDir) {
    logger.warn(
      `[embedded-wallet] dev: ${WALLET_KEK_VAR} and ${RECOVERY_KEK_VAR} are generated in memory (no data folder): wallets made now ` +
        "can't be opened after a restart. Set both to keep them.",
    )
    return fresh()
  }
  const file = join(dataDir, DEV_WALLET_KEYS_FILE)
  if (!existsSync(file)) {
    try {
      // 'wx': of two starts on one folder, one writes and the other reads the winner's keys.
      writeFileSync(file, `${JSON.stringify(fresh(), null, 2)}\n`, { flag: 'wx', mode: 0o600 })
      chmodSync(file, 0o600)
      logger.info(`[embedded-wallet] dev: generated the wallet keys into ${file} (production reads ${WALLET_KEK_VAR} and ${RECOVERY_KEK_VAR})`)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  let stored: Record<string, unknown>
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  } catch {
    throw new Error(`${file} is not the JSON file of dev wallet keys: remove it only if no wallet was made with it, or fix it.`)
  }
  const read = (name: string) => {
    if (typeof stored[name] !== 'string') throw new Error(`${file} has no ${name}`)
    return stored[name] as string
  }
  return { [WALLET_KEK_VAR]: read(WALLET_KEK_VAR), [RECOVERY_KEK_VAR]: read(RECOVERY_KEK_VAR) }
}
