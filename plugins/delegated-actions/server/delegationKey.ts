import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { x25519 } from '@noble/curves/ed25519'
import type { Logger } from '../../../core/server/index.js'
import { parseKek, RECOVERY_KEK_VAR, WALLET_KEK_VAR } from '../../embedded-wallet/server/walletKeys.js'

/** The environment variable of the delegation signer's x25519 private key (32 bytes, base64 or hex). */
export const DELEGATION_KEY_VAR = 'FOYER_DELEGATION_KEY'
/** The file in the data folder that keeps dev mode's generated delegation key. */
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
  /** Dev: a missing key is generated (kept in `dataDir`, else in memory). Production refuses to start. */
  dev: boolean
  dataDir: string | null
  logger: Logger
}

const HOW = '32 random bytes as base64 or hex, e.g. `openssl rand -base64 32`'

/** The key pair of a 32-byte x25519 private key. */
export function delegationKeyOf(privateKey: Uint8Array): DelegationKey {
  const publicKey = x25519.getPublicKey(privateKey)
  return { privateKey, publicKey, keyId: createHash('sha256').update(publicKey).digest('hex').slice(0, 16) }
}

/**
 * The delegation signer key, separate from the share-wrapping keys (FOYER_WALLET_KEK, FOYER_RECOVERY_KEK): from the
 * option, else FOYER_DELEGATION_KEY. Dev generates one once into the data folder (in memory without one); production
 * refuses to start without it. The same value as a wallet key is refused: one leaked key must not open both.
 */
export function resolveDelegationKey(options: ResolveDelegationKeyOptions): DelegationKey {
  const env = options.env ?? process.env
  let value = options.key ?? env[DELEGATION_KEY_VAR]
  if (!value) {
    if (!options.dev) {
      throw new Error(
        `Delegated actions need ${DELEGATION_KEY_VAR} in production (${HOW}), a key of its own (not ${WALLET_KEK_VAR} nor ${RECOVERY_KEK_VAR}): ` +
          'it opens the keys of every delegated wallet, so keep it in a secret manager or KMS, apart from the database.',
      )
    }
    value = devKey(options)
  }
  const privateKey = parseKek(DELEGATION_KEY_VAR, value)
  for (const other of [WALLET_KEK_VAR, RECOVERY_KEK_VAR]) {
    const text = env[other]
    if (text && Buffer.from(parseKek(other, text)).equals(Buffer.from(privateKey))) throw new Error(`${DELEGATION_KEY_VAR} must differ from ${other}.`)
  }
  return delegationKeyOf(privateKey)
}

function devKey({ dataDir, logger }: ResolveDelegationKeyOptions): string {
  const fresh = () => randomBytes(32).toString('base64')
  if (!dataDir) {
    logger.warn(`[delegated-actions] dev: ${DELEGATION_KEY_VAR} is generated in memory (no data folder): delegations made now stop working after a restart.`)
    return fresh()
  }
  const file = join(dataDir, DEV_DELEGATION_KEY_FILE)
  if (!existsSync(file)) {
    try {
      writeFileSync(file, `${JSON.stringify({ [DELEGATION_KEY_VAR]: fresh() }, null, 2)}\n`, { flag: 'wx', mode: 0o600 })
      chmodSync(file, 0o600)
      logger.info(`[delegated-actions] dev: generated the delegation key into ${file} (production reads ${DELEGATION_KEY_VAR})`)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  if (typeof stored[DELEGATION_KEY_VAR] !== 'string') throw new Error(`${file} has no ${DELEGATION_KEY_VAR}`)
  return stored[DELEGATION_KEY_VAR] as string
}
