import * as v from 'valibot'
export { smartWalletsTexts } from './smartWalletsTexts.js'

/**
 * Smart-wallet types this plugin builds (client) and links (server). `simple`: eth-infinitism's SimpleAccount
 * (@account-abstraction/contracts 0.7, the factory's address per network); `coinbase_smart_wallet`: Coinbase Smart Wallet
 * v1.1 at its canonical factory, only on COINBASE_SMART_WALLET_CHAIN_IDS; `safe`: Safe 1.4.1 with the Safe4337Module
 * 0.3.0 at the canonical Safe deployments, through permissionless (an optional peer).
 */
export const SMART_WALLET_TYPES = ['simple', 'coinbase_smart_wallet', 'safe'] as const
export type SmartWalletType = (typeof SMART_WALLET_TYPES)[number]

/** Chains Coinbase Smart Wallet is deployed on (the spec's list; also plugins/coinbase-wallet's). */
export const COINBASE_SMART_WALLET_CHAIN_IDS: readonly number[] = [1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56]

/** The spec's sponsored-paymaster defaults (one provider's): mode SPONSORED, calculateGasLimits, 300 s expiry. */
export const SPONSORED_PAYMASTER_DEFAULTS = { mode: 'SPONSORED', calculateGasLimits: true, expiryDuration: 300 } as const

const HttpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must be an http(s) URL'), v.maxLength(2000))
const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))

/** One network of the app's smart-wallet config (the spec's fields plus Foyer's `account_factory` and `rpc_url`). */
export const SmartWalletNetworkSchema = v.strictObject({
  chain_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  /** ERC-4337 bundler (EntryPoint v0.7 JSON-RPC: eth_estimateUserOperationGas, eth_sendUserOperation, …). */
  bundler_url: HttpUrl,
  /** ERC-7677 paymaster service (pm_getPaymasterStubData / pm_getPaymasterData); absent: the account pays its gas. */
  paymaster_url: v.optional(HttpUrl),
  /** Sent as the ERC-7677 `context`. */
  paymaster_context: v.optional(v.strictObject({ policy_id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) })),
  /** `simple` only: the SimpleAccountFactory (v0.7) on this chain. */
  account_factory: v.optional(Address),
  /** The chain's JSON-RPC (reads: counterfactual address, nonce); default the host chain's RPC. */
  rpc_url: v.optional(HttpUrl),
})
export type SmartWalletNetwork = v.InferOutput<typeof SmartWalletNetworkSchema>

/** The app's `"smart-wallets"` section (public: served at GET /api/v1/apps/{appId}/smart_wallets). */
export const SmartWalletsAppConfigSchema = v.pipe(
  v.strictObject({
    enabled: v.optional(v.boolean(), true),
    smart_wallet_type: v.picklist(SMART_WALLET_TYPES, 'Invalid smart_wallet_type'),
    configured_networks: v.pipe(v.array(SmartWalletNetworkSchema), v.maxLength(50)),
  }),
  v.check((section) => section.smart_wallet_type !== 'simple' || section.configured_networks.every((n) => n.account_factory), 'simple smart wallets need account_factory on every network'),
  v.check(
    (section) => section.smart_wallet_type !== 'coinbase_smart_wallet' || section.configured_networks.every((n) => COINBASE_SMART_WALLET_CHAIN_IDS.includes(n.chain_id)),
    `Coinbase Smart Wallet runs only on chains ${COINBASE_SMART_WALLET_CHAIN_IDS.join(', ')}`,
  ),
)
export type SmartWalletsAppConfig = v.InferOutput<typeof SmartWalletsAppConfigSchema>

/** GET /api/v1/apps/{appId}/smart_wallets: an app without the section answers `{ enabled: false, … }`. */
export const SmartWalletsConfigSchema = v.object({
  enabled: v.boolean(),
  smart_wallet_type: v.nullable(v.picklist(SMART_WALLET_TYPES)),
  configured_networks: v.array(
    v.object({
      chain_id: v.number(),
      bundler_url: v.string(),
      paymaster_url: v.optional(v.nullable(v.string())),
      paymaster_context: v.optional(v.nullable(v.object({ policy_id: v.string() }))),
      account_factory: v.optional(v.nullable(v.string())),
      rpc_url: v.optional(v.nullable(v.string())),
    }),
  ),
})
export type SmartWalletsConfig = v.InferOutput<typeof SmartWalletsConfigSchema>
