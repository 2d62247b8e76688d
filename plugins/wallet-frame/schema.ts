import * as v from 'valibot'

// The wire between the wallet frame and the server's custody routes (both halves import it). Shares travel as
// base64 only on these routes, from and to the frame's origin; no schema here is ever a postMessage payload.

export { walletChainTypes, recoveryMethods, userOwnedRecoveryMethods, creatableRecoveryMethods, type WalletChainType, type RecoveryMethod } from './custodyConstants.js'
import { walletChainTypes, recoveryMethods, userOwnedRecoveryMethods, creatableRecoveryMethods } from './custodyConstants.js'

/** Bytes of a share of a new wallet (16 bytes of entropy + the share's x coordinate). */
export const HD_SHARE_BYTES = 17
/** Bytes of a share of an imported wallet (its 32-byte private key + the x coordinate). */
export const IMPORTED_SHARE_BYTES = 33

// Canonical padded base64 of exactly 17 bytes (the last data character carries 2 zero bits) or 33 bytes.
const HD_SHARE = /^[A-Za-z0-9+/]{22}[AEIMQUYcgkosw048]=$/
const IMPORTED_SHARE = /^[A-Za-z0-9+/]{44}$/
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
// A base58 ed25519 public key: 32 bytes are 32 to 44 characters (the server decodes it to check the length).
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** True for a 0x Ethereum address (the server also checks a mixed-case checksum). */
export const isEthereumAddress = (value: string) => ETHEREUM_ADDRESS.test(value)
/** True for the shape of a base58 Solana address. */
export const isSolanaAddress = (value: string) => SOLANA_ADDRESS.test(value)
/** The byte length a base64 share of this kind of wallet must decode to. */
export const shareBytesOf = (imported: boolean) => (imported ? IMPORTED_SHARE_BYTES : HD_SHARE_BYTES)

/** A Shamir share as canonical base64 of 17 bytes (new wallet) or 33 bytes (imported key). */
export const ShareSchema = v.pipe(
  v.string('Share must be a string'),
  v.check((s) => HD_SHARE.test(s) || IMPORTED_SHARE.test(s), 'Share must be base64 of 17 or 33 bytes'),
)
/** An embedded wallet's address: 0x + 40 hex (Ethereum) or base58 (Solana). */
export const WalletAddressSchema = v.pipe(
  v.string('address must be a string'),
  v.check((s) => isEthereumAddress(s) || isSolanaAddress(s), 'Invalid address'),
)
const ChainTypeSchema = v.picklist(walletChainTypes, 'chain_type must be ethereum or solana')
const shareLength = (share: string) => (HD_SHARE.test(share) ? HD_SHARE_BYTES : IMPORTED_SHARE_BYTES)

/** A single-use custody nonce (custody_nonce's answer): 32 hex digits. */
const NonceSchema = v.pipe(v.string('nonce must be a string'), v.regex(/^[0-9a-f]{32}$/, 'nonce must be the custody nonce the server issued'))
/** A wallet's signature of a custody statement: 0x + 65 bytes (Ethereum, EIP-191) or base64 of 64 bytes (Solana). */
export const CustodySignatureSchema = v.pipe(
  v.string('signature must be a string'),
  v.check((s) => /^0x[0-9a-fA-F]{130}$/.test(s) || /^[A-Za-z0-9+/]{86}==$/.test(s), 'signature must be a wallet signature (0x + 65 bytes, or base64 of 64 bytes)'),
)
/** What every custody write carries: the server's nonce and the wallet's signature of the statement (custodyStatement.ts). */
const proven = { nonce: NonceSchema, signature: CustodySignatureSchema }

/** POST /api/v1/embedded_wallets/prove: every wallet of a root signs one statement, in walletIndex order. */
export const ProveWalletsInputSchema = v.object({
  nonce: NonceSchema,
  address: WalletAddressSchema,
  signatures: v.pipe(v.array(CustodySignatureSchema, 'signatures must be an array'), v.minLength(1, 'signatures: at least one'), v.maxLength(64, 'signatures: too many')),
})

/** Answer of POST /api/v1/embedded_wallets/custody_nonce: a nonce for one custody write, and whose it is. */
export const CustodyNonceOutputSchema = v.object({ nonce: v.string(), user_id: v.string() })

/** POST /api/v1/embedded_wallets/create: a new wallet root with its auth and recovery shares (one transaction). */
export const CreateWalletInputSchema = v.pipe(
  v.object({
    ...proven,
    chain_type: ChainTypeSchema,
    /** The derived address of walletIndex 0, which the frame checked against the secret before sending. */
    address: WalletAddressSchema,
    /** A wallet from an imported private key (Ethereum only). */
    imported: v.optional(v.boolean('imported must be a boolean'), false),
    recovery_method: v.picklist(creatableRecoveryMethods, "recovery_method must be 'privy'"),
    auth_share: ShareSchema,
    recovery_share: ShareSchema,
  }),
  v.forward(
    v.check((i) => (i.chain_type === 'ethereum' ? isEthereumAddress : isSolanaAddress)(i.address), 'address does not match chain_type'),
    ['address'],
  ),
  v.forward(v.check((i) => !i.imported || i.chain_type === 'ethereum', 'Only Ethereum keys can be imported'), ['imported']),
  v.forward(v.check((i) => shareLength(i.auth_share) === shareBytesOf(i.imported), 'auth_share has the wrong length for this wallet'), ['auth_share']),
  v.forward(v.check((i) => shareLength(i.recovery_share) === shareBytesOf(i.imported), 'recovery_share has the wrong length for this wallet'), ['recovery_share']),
)

/** POST /api/v1/embedded_wallets/add: the next HD wallet (walletIndex 1, 2, …) of the root `address` belongs to. */
export const AddWalletInputSchema = v.object({
  ...proven,
  /** The new wallet's signature of the same statement: it proves the new address is the signer's too. */
  new_address_signature: CustodySignatureSchema,
  /** An address of the root (its walletIndex 0 as a rule); it signs the statement. */
  address: WalletAddressSchema,
  wallet_index: v.pipe(v.number('wallet_index must be a number'), v.integer('wallet_index must be an integer'), v.minValue(1, 'wallet_index must be at least 1'), v.maxValue(2 ** 31 - 1, 'wallet_index is too large')),
  new_address: WalletAddressSchema,
})

/** Body of the share routes: which wallet (any address of its root). */
export const WalletRefInputSchema = v.object({ address: WalletAddressSchema })

/**
 * Body of the auth-share release: which wallet, and why. `export`: the frame's export page is about to show the key
 * (the server audits `wallet.exported`); absent: an unlock to sign. The frame says it of itself (the device proof
 * binds the call to the frame's key, not to a page): an honest frame's record, not a gate.
 */
export const AuthShareInputSchema = v.object({
  address: WalletAddressSchema,
  purpose: v.optional(v.picklist(['export'], 'purpose must be export')),
})

/** One wallet of a root: its address and HD index. */
export const RootWalletSchema = v.object({ address: v.string(), wallet_index: v.number() })

/** What the frame needs to rebuild a root's secret and check it: the root, its wallets and the auth share. */
export const AuthShareOutputSchema = v.object({
  root_id: v.string(),
  chain_type: ChainTypeSchema,
  imported: v.boolean(),
  recovery_method: v.picklist(recoveryMethods),
  /** The walletIndex of the address asked about. */
  wallet_index: v.number(),
  /** Every wallet of the root, walletIndex order: the frame checks each derived address against these. */
  wallets: v.array(RootWalletSchema),
  /** The owner (bound into a user-owned recovery ciphertext's AAD). */
  user_id: v.string(),
  /** false: a wallet of the root was stored before custody proofs (the frame proves the root once it unlocked it). */
  proven: v.optional(v.boolean(), true),
  /** How long the frame may keep the rebuilt secret (the session's MFA window); null: the user has no MFA. */
  mfa_valid_for_ms: v.optional(v.nullable(v.number()), null),
  auth_share: ShareSchema,
})
/** Answer of recover (privy recovery): the auth share and the recovery share, decrypted. */
export const RecoverOutputSchema = v.object({ ...AuthShareOutputSchema.entries, recovery_share: ShareSchema })

/** Canonical padded base64 of exactly `bytes` bytes. */
const base64Of = (bytes: number, field: string) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.check((s) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0 && (s.length / 4) * 3 - (s.match(/=/g)?.length ?? 0) === bytes, `${field} must be base64 of ${bytes} bytes`),
  )
const int = (field: string, min: number, max: number) =>
  v.pipe(v.number(`${field} must be a number`), v.integer(`${field} must be an integer`), v.minValue(min, `${field} must be at least ${min}`), v.maxValue(max, `${field} must be at most ${max}`))

/**
 * How a recovery key was derived from a password (stored with the ciphertext, so stronger parameters later don't
 * strand older wallets). Bounds keep a tampered record from making the frame spend gigabytes or minutes.
 */
export const PasswordKdfSchema = v.object({
  algorithm: v.literal('argon2id', "kdf.algorithm must be 'argon2id'"),
  version: v.literal(19, 'kdf.version must be 19'),
  memory_kib: int('kdf.memory_kib', 19_456, 262_144),
  iterations: int('kdf.iterations', 2, 10),
  parallelism: int('kdf.parallelism', 1, 4),
  hash_length: v.literal(32, 'kdf.hash_length must be 32'),
  salt: base64Of(16, 'kdf.salt'),
})
export type PasswordKdf = v.InferOutput<typeof PasswordKdfSchema>

/**
 * A password's key since device-bound custody: the server's OPRF evaluation of the password (RFC 9497,
 * ristretto255-SHA512, a key of its own per wallet root, counted per user), stretched by argon2id into 64 bytes — the
 * first half encrypts the recovery share, the second is the verifier the server checks before it releases the
 * ciphertext. Without the server's key, nothing in the database confirms a guess.
 */
export const OprfPasswordKdfSchema = v.object({
  algorithm: v.literal('oprf-argon2id', "kdf.algorithm must be 'oprf-argon2id'"),
  oprf: v.literal('ristretto255-SHA512', "kdf.oprf must be 'ristretto255-SHA512'"),
  version: v.literal(19, 'kdf.version must be 19'),
  memory_kib: int('kdf.memory_kib', 19_456, 262_144),
  iterations: int('kdf.iterations', 2, 10),
  parallelism: int('kdf.parallelism', 1, 4),
  hash_length: v.literal(64, 'kdf.hash_length must be 64'),
  salt: base64Of(16, 'kdf.salt'),
})
export type OprfPasswordKdf = v.InferOutput<typeof OprfPasswordKdfSchema>
/** An OPRF element on the wire: base64 of 32 bytes (a ristretto255 encoding). */
export const OprfElementSchema = base64Of(32, 'element')
/** A password verifier (the second half of the stretched key): base64 of 32 bytes. */
export const VerifierSchema = base64Of(32, 'verifier')

/** The cloud methods: the key is 32 random bytes kept in the user's Google Drive (appDataFolder) or iCloud (CloudKit). */
export const cloudRecoveryMethods = ['google-drive', 'icloud'] as const
export type CloudRecoveryMethod = (typeof cloudRecoveryMethods)[number]

/**
 * Where a cloud method's key is (stored in place of the KDF parameters): the Drive file's or the CloudKit record's
 * name in the user's own storage. No secret: the key itself is readable only with the user's Drive / iCloud login.
 */
export const CloudKeyLocatorSchema = v.object({
  algorithm: v.literal('cloud-key', "kdf.algorithm must be 'cloud-key'"),
  provider: v.picklist(cloudRecoveryMethods, 'kdf.provider must be google-drive or icloud'),
  name: v.pipe(v.string('kdf.name must be a string'), v.regex(/^foyer-recovery-key-[0-9a-f]{32}$/, 'kdf.name must be foyer-recovery-key- and 32 hex digits')),
})
export type CloudKeyLocator = v.InferOutput<typeof CloudKeyLocatorSchema>
/** What is stored beside a user-owned recovery ciphertext to get its key again: a password's KDF, or a cloud key's place. */
export const RecoveryKeyInfoSchema = v.variant('algorithm', [OprfPasswordKdfSchema, PasswordKdfSchema, CloudKeyLocatorSchema], 'kdf must be argon2id parameters or a cloud key locator')
export type RecoveryKeyInfo = v.InferOutput<typeof RecoveryKeyInfoSchema>

/** A recovery share encrypted in the frame under a user-owned recovery key (AES-256-GCM, tag appended). */
export const EncryptedRecoveryShareSchema = v.object({
  /** The share (17 or 33 bytes) + the 16-byte tag: 33 or 49 bytes. */
  ciphertext: v.pipe(
    v.string('ciphertext must be a string'),
    v.check((s) => [44, 68].includes(s.length) && /^[A-Za-z0-9+/]+$/.test(s), 'ciphertext must be base64 of 33 or 49 bytes'),
  ),
  iv: base64Of(12, 'iv'),
})

/**
 * POST /api/v1/embedded_wallets/set_recovery: the root's recovery share, now encrypted under a user-owned key
 * (a password's argon2id key); replaces the old recovery ciphertext and sets recovery_method in one transaction.
 */
export const SetRecoveryInputSchema = v.pipe(
  v.object({
    ...proven,
    address: WalletAddressSchema,
    recovery_method: v.picklist(userOwnedRecoveryMethods, "recovery_method must be 'user-passcode', 'google-drive' or 'icloud'"),
    encrypted_recovery_share: EncryptedRecoveryShareSchema,
    kdf: RecoveryKeyInfoSchema,
    /** A password's verifier (user-passcode only): the server keeps its hash and checks it before releasing the share. */
    verifier: v.optional(VerifierSchema),
  }),
  v.forward(
    v.check(
      (i) => (i.recovery_method === 'user-passcode' ? i.kdf.algorithm === 'oprf-argon2id' : i.kdf.algorithm === 'cloud-key' && i.kdf.provider === i.recovery_method),
      'kdf does not match recovery_method',
    ),
    ['kdf'],
  ),
  v.forward(v.check((i) => (i.recovery_method === 'user-passcode') === (i.verifier !== undefined), 'verifier is required with a password, and only then'), ['verifier']),
)

/**
 * POST /api/v1/embedded_wallets/set_automatic_recovery: back from a user-owned method to automatic ('privy')
 * recovery. The frame sends a share of the wallet's split (its device share) for the server to seal under its own
 * key; the user-owned ciphertext is dropped in the same transaction.
 */
export const SetAutomaticRecoveryInputSchema = v.object({
  ...proven,
  address: WalletAddressSchema,
  recovery_share: ShareSchema,
})

/** POST /api/v1/embedded_wallets/recovery_key: a new OPRF key for the root's next password, evaluated once. */
export const RecoveryKeyInputSchema = v.object({ address: WalletAddressSchema, blinded_element: OprfElementSchema })
/** Answer of recovery_key: the blinded password evaluated under the new (pending) key. */
export const RecoveryKeyOutputSchema = v.object({ evaluated_element: v.string() })

/**
 * POST /api/v1/embedded_wallets/recovery_share: which wallet, and for a password the blinded password (each
 * evaluation counts as a guess until the verifier matches).
 */
export const RecoveryShareInputSchema = v.object({ address: WalletAddressSchema, blinded_element: v.optional(OprfElementSchema) })
const { auth_share: _auth, ...rootEntries } = AuthShareOutputSchema.entries
/**
 * Answer of recovery_share. A password wallet: the root, its KDF and the evaluation, nothing else (the share comes from
 * open_recovery_share once the verifier matches). A cloud key (or a password set before the OPRF): the auth share and
 * the encrypted recovery share with its KDF parameters, at once.
 */
export const RecoveryShareOutputSchema = v.object({
  ...rootEntries,
  kdf: RecoveryKeyInfoSchema,
  evaluated_element: v.optional(v.string()),
  auth_share: v.optional(ShareSchema),
  encrypted_recovery_share: v.optional(EncryptedRecoveryShareSchema),
})
/** POST /api/v1/embedded_wallets/open_recovery_share: the verifier the password's evaluation gave. */
export const OpenRecoveryShareInputSchema = v.object({ address: WalletAddressSchema, verifier: VerifierSchema })
/** Answer of open_recovery_share: the root, its auth share and the encrypted recovery share. */
export const OpenRecoveryShareOutputSchema = v.object({
  ...AuthShareOutputSchema.entries,
  encrypted_recovery_share: EncryptedRecoveryShareSchema,
  kdf: RecoveryKeyInfoSchema,
})
