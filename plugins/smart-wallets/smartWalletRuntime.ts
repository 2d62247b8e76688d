import { createPublicClient, http, type Chain, type Hex, type LocalAccount, type PublicClient, type Transport } from 'viem'
import { toAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient, entryPoint07Address, toCoinbaseSmartAccount, type SmartAccount } from 'viem/account-abstraction'
import { createSiweMessage } from 'viem/siwe'
import { FlowError } from '../../core/errors/index.js'
import type { BatchCall, BatchReceipt, Foyer } from '../../core/client/types.js'
import { toUser, type User } from '../../core/protocol/index.js'
import { configuredChains } from '../../core/client/wallets/configuredChains.js'
import type { primaryEmbeddedWallet } from '../embedded-wallet/index.js'
import { smartWalletsConfigPath } from './api.js'
import { COINBASE_SMART_WALLET_CHAIN_IDS, SPONSORED_PAYMASTER_DEFAULTS, SmartWalletsConfigSchema, smartWalletsTexts, type SmartWalletsConfig, type SmartWalletType } from './schema.js'
import { toSimpleAccount } from './simpleAccount.js'
import { smartWalletsCalls } from './smartWalletsCalls.js'
import { SMART_WALLET_CONFIRM_SCREEN, type PermissionlessLoader, type SmartWalletClient, type SmartWalletsState, type SmartWalletTransaction, type SmartWalletUiOptions } from './smartWalletTypes.js'
import type { SmartWalletConfirmParams } from './screens/SmartWalletConfirmScreen.js'
import * as v from 'valibot'

type Network = SmartWalletsConfig['configured_networks'][number]

/** GET /api/v1/apps/{appId}/smart_wallets. */
async function fetchConfig(foyer: Foyer): Promise<SmartWalletsConfig> {
  const res = await fetch(`${foyer.apiUrl.replace(/\/+$/, '')}${smartWalletsConfigPath(foyer.appId)}`, { headers: { 'foyer-app-id': foyer.appId } })
  if (!res.ok) throw new FlowError(smartWalletsTexts['smartWallets.notEnabled'], 'SMART_WALLETS_CONFIG_FAILED')
  return v.parse(SmartWalletsConfigSchema, await res.json())
}

/** The configured network on one of the host's chains (its default chain first), with that chain. */
function pickNetwork(foyer: Foyer, config: SmartWalletsConfig): { network: Network; chain: Chain } {
  const chains = configuredChains(foyer)
  for (const chain of chains) {
    const network = config.configured_networks.find((n) => n.chain_id === chain.id)
    if (network) return { network, chain: chain as Chain }
  }
  throw new FlowError(smartWalletsTexts['smartWallets.noNetwork'], 'SMART_WALLET_NO_NETWORK')
}

/**
 * The embedded wallet as the smart account's owner: signatures come from the wallet frame, without its screens (user
 * operations, the link), or — `prompt` — through its sign screen (a signature the user asked the smart wallet for).
 */
function embeddedOwner(foyer: Foyer, address: `0x${string}`, prompt = false): LocalAccount {
  const actions = foyer.actions() as unknown as {
    signMessage(input: { message: string | { raw: Hex } }, options: object): Promise<Hex>
    signTypedData(typedData: unknown, options: object): Promise<Hex>
  }
  const quiet = prompt ? { address } : { uiOptions: { showWalletUIs: false }, address }
  return toAccount({
    address,
    async signMessage({ message }) {
      if (typeof message === 'string') return actions.signMessage({ message }, quiet)
      const raw = typeof message.raw === 'string' ? message.raw : (`0x${Array.from(message.raw, (b) => b.toString(16).padStart(2, '0')).join('')}` as Hex)
      return actions.signMessage({ message: { raw } }, quiet)
    },
    async signTypedData(typedData) {
      return actions.signTypedData(typedData, quiet)
    },
    async signTransaction() {
      throw new Error('The smart account owner does not sign transactions')
    },
  })
}

/** The smart account of `type` owned by `owner` on `chain`. */
export async function smartAccountOf(type: SmartWalletType, network: Network, chain: Chain, owner: LocalAccount, permissionless?: PermissionlessLoader): Promise<SmartAccount> {
  const rpcUrl = network.rpc_url ?? chain.rpcUrls.default.http[0]
  const client = createPublicClient({ chain, transport: http(rpcUrl) })
  if (type === 'coinbase_smart_wallet') {
    if (!COINBASE_SMART_WALLET_CHAIN_IDS.includes(chain.id)) throw new FlowError(smartWalletsTexts['smartWallets.coinbaseChain'], 'SMART_WALLET_UNSUPPORTED_CHAIN')
    return toCoinbaseSmartAccount({ client, owners: [owner], version: '1.1' }) as Promise<SmartAccount>
  }
  if (type === 'safe') return safeAccountOf(client, owner, permissionless)
  if (!network.account_factory) throw new FlowError(smartWalletsTexts['smartWallets.noNetwork'], 'SMART_WALLET_NO_NETWORK')
  return toSimpleAccount({ client, owner, factoryAddress: network.account_factory as `0x${string}` })
}

/**
 * A Safe 1.4.1 with the Safe4337Module (EntryPoint v0.7) at the canonical Safe deployments, owned by `owner` alone, by
 * permissionless's toSafeSmartAccount, which the host hands in (`smartWallets({ permissionless })`): an optional peer
 * never named here, so a host without Safe wallets bundles without it. Its message signatures are Safe's (ERC-1271
 * through the module's CompatibilityFallbackHandler), ERC-6492-wrapped while the Safe is not deployed.
 */
async function safeAccountOf(client: PublicClient<Transport, Chain>, owner: LocalAccount, permissionless?: PermissionlessLoader): Promise<SmartAccount> {
  if (!permissionless) throw new FlowError(smartWalletsTexts['smartWallets.needsPermissionless'], 'SMART_WALLET_MISSING_PEER')
  const { toSafeSmartAccount } = await permissionless()
  return toSafeSmartAccount({ client, owners: [owner], version: '1.4.1', entryPoint: { address: entryPoint07Address, version: '0.7' } }) as Promise<SmartAccount>
}

/** Links the smart account to the user: a SIWE message for its address, signed by the account (siwe/link_smart_wallet). */
async function link(foyer: Foyer, account: SmartAccount, chain: Chain, type: SmartWalletType): Promise<User> {
  const { nonce } = await smartWalletsCalls.nonce(foyer, { address: account.address, token: null })
  const message = createSiweMessage({
    address: account.address,
    chainId: chain.id,
    domain: window.location.host,
    uri: window.location.origin,
    nonce,
    version: '1',
    issuedAt: new Date(),
    statement: 'Link this smart wallet to your account.',
  })
  const signature = await account.signMessage({ message })
  return toUser(await smartWalletsCalls.link(foyer, { message, signature, smart_wallet_type: type }))
}

/**
 * The ERC-7677 `context` sent to the network's paymaster: the spec's sponsored defaults (mode SPONSORED,
 * calculateGasLimits, expiryDuration 300 s) under the app's paymaster_context ({ policy_id }), which wins on a clash.
 */
export function sponsoredPaymasterContext(network: Pick<Network, 'paymaster_context'>): Record<string, unknown> {
  return { ...SPONSORED_PAYMASTER_DEFAULTS, ...(network.paymaster_context ?? {}) }
}

const toBigInt = (value: SmartWalletTransaction['value']) => (value === undefined ? 0n : BigInt(value))

/**
 * Builds the user's smart wallet: the app's config, the network of one of the host's chains, the account owned by the
 * embedded wallet, its link when the user has no smart_wallet account of that address, then the client (bundler with the
 * network's ERC-7677 paymaster and context). `embeddedWalletOf` is the embedded-wallet plugin's primaryEmbeddedWallet,
 * handed over by the entry: this lazily loaded module doesn't import that plugin's entry, which would move the entry's
 * modules into a first-load chunk of their own (+0.8 kB measured).
 */
export async function startSmartWallet(foyer: Foyer, state: SmartWalletsState, embeddedWalletOf: typeof primaryEmbeddedWallet): Promise<void> {
  const config = await fetchConfig(foyer)
  if (!config.enabled || !config.smart_wallet_type) {
    state.status.value = 'disabled'
    return
  }
  state.status.value = 'loading'
  const type = config.smart_wallet_type
  const user = foyer.$session.peek().user
  const embedded = embeddedWalletOf(user, 'ethereum')
  if (!user || !embedded) throw new FlowError(smartWalletsTexts['smartWallets.noEmbeddedWallet'], 'SMART_WALLET_NO_EMBEDDED_WALLET')
  const { network, chain } = pickNetwork(foyer, config)
  const account = await smartAccountOf(type, network, chain, embeddedOwner(foyer, embedded.address as `0x${string}`), state.permissionless)

  const linked = user.linkedAccounts.some((a) => a.type === 'smart_wallet' && String(a.address).toLowerCase() === account.address.toLowerCase())
  if (!linked) {
    const updated = await link(foyer, account, chain, type)
    // The session may have ended while the signature was made.
    if (foyer.$session.peek().user?.id !== user.id) return
    foyer.session.setUser(updated)
  }

  const paymaster = network.paymaster_url ? createPaymasterClient({ transport: http(network.paymaster_url) }) : undefined
  const bundler = createBundlerClient({
    account,
    client: createPublicClient({ chain, transport: http(network.rpc_url ?? chain.rpcUrls.default.http[0]) }),
    chain,
    transport: http(network.bundler_url),
    ...(paymaster ? { paymaster, paymasterContext: sponsoredPaymasterContext(network) } : {}),
  })
  // The same account with an owner that signs on the embedded wallet's sign screen, for signatures the user asks for.
  let prompting: Promise<SmartAccount> | null = null
  const signer = (ui?: SmartWalletUiOptions) =>
    ui?.showWalletUIs === false ? Promise.resolve(account) : (prompting ??= smartAccountOf(type, network, chain, embeddedOwner(foyer, embedded.address as `0x${string}`, true), state.permissionless))

  const submit = async (transaction: SmartWalletTransaction): Promise<Hex> => {
    const hash = await bundler.sendUserOperation({ calls: [{ to: transaction.to, value: toBigInt(transaction.value), data: transaction.data ?? '0x' }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 120_000 })
    if (!receipt.success) throw new FlowError(receipt.reason ?? smartWalletsTexts['smartWallets.sendFailed'], 'SMART_WALLET_USER_OPERATION_FAILED')
    return receipt.receipt.transactionHash
  }

  /** A batch as one user operation; the receipt of the transaction that included it, with the operation's own logs. */
  const sendCalls = async (calls: readonly BatchCall[]): Promise<BatchReceipt> => {
    const hash = await bundler.sendUserOperation({ calls: calls.map((c) => ({ to: c.to, value: c.value, data: c.data ?? '0x' })) })
    const { success, logs, receipt } = await bundler.waitForUserOperationReceipt({ hash, timeout: 120_000 })
    return {
      transactionHash: receipt.transactionHash,
      blockHash: receipt.blockHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      status: success ? 'success' : 'reverted',
      logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
    }
  }

  const client: SmartWalletClient = {
    account: { address: account.address },
    chain: { id: chain.id, name: chain.name },
    smartWalletType: type,
    sponsored: !!paymaster,
    async sendTransaction(transaction, options: { uiOptions?: SmartWalletUiOptions } = {}) {
      if (options.uiOptions?.showWalletUIs === false) return submit(transaction)
      const params: SmartWalletConfirmParams = {
        from: account.address,
        to: transaction.to,
        value: toBigInt(transaction.value).toString(),
        ...(transaction.data ? { data: transaction.data } : {}),
        chainName: chain.name,
        symbol: chain.nativeCurrency.symbol,
        decimals: chain.nativeCurrency.decimals,
        sponsored: !!paymaster,
        ...(options.uiOptions ? { uiOptions: options.uiOptions } : {}),
        submit: () => submit(transaction),
      }
      return foyer.modal.request<Hex>(SMART_WALLET_CONFIRM_SCREEN, params, { intent: 'transaction' })
    },
    signMessage: async ({ message }, options = {}) => (await signer(options.uiOptions)).signMessage({ message }),
    signTypedData: async (typedData, options = {}) => (await signer(options.uiOptions)).signTypedData(typedData as Parameters<SmartAccount['signTypedData']>[0]),
  }
  if (foyer.$session.peek().user?.id !== user.id) return
  state.batch = { owner: embedded.address as `0x${string}`, send: sendCalls }
  state.client.value = client
  state.error.value = null
  state.status.value = 'ready'
}
