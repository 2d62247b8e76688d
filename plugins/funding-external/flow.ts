import { createPublicClient, erc20Abi, http, parseUnits, type Hex, type PublicClient } from 'viem'
import type { Foyer, FundingRequest } from '../../core/client/types.js'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import {
  affordableQuotes,
  fetchRelayQuote,
  isSolanaQuote,
  hasEnoughFunds,
  NotEnoughFundsError,
  prepareTransfer,
  relayQuoteRequest,
  RelayQuoteError,
  switchOrAddChain,
  transferAmount,
  type BridgeQuote,
  type Eip1193,
  type FundingExternalState,
  type RelayQuoteRequest,
} from './transfer.js'
import { RELAY_SOL_CURRENCY, RELAY_SOLANA_CHAIN_ID } from './externalSlot.js'
import { LAMPORTS_PER_SIGNATURE, systemTransfer } from './solanaMessage.js'
import { sendSolanaInstructions, solanaBalance } from './solanaTransfer.js'

/** The host's chains (supportedChains plus defaultChain). */
export function hostChains(foyer: Foyer): readonly SupportedChain[] {
  const client = foyer.$config.peek()?.client
  const supported = client?.supportedChains ?? []
  const preferred = client?.defaultChain
  return preferred && !supported.some((c) => c.id === preferred.id) ? [preferred, ...supported] : supported
}

const clients = new Map<string, PublicClient>()
function publicClient(chain: SupportedChain): PublicClient {
  const url = chain.rpcUrls.default.http[0]
  if (!url) throw new Error(`No RPC URL for chain ${chain.id}`)
  let client = clients.get(url)
  if (!client) clients.set(url, (client = createPublicClient({ transport: http(url) }) as PublicClient))
  return client
}

const chainOf = (foyer: Foyer, chainId: number) => {
  const chain = hostChains(foyer).find((c) => c.id === chainId)
  if (!chain) throw new Error(`Chain ${chainId} is not configured`)
  return chain
}

/** Whether the funding config allows bridging (funding_config.cross_chain_bridging_enabled). */
export function bridgingEnabled(foyer: Foyer): boolean {
  const server = foyer.$config.peek()?.server as { funding_config?: { cross_chain_bridging_enabled?: boolean } | null } | undefined
  return server?.funding_config?.cross_chain_bridging_enabled === true
}

/** What the wallet has to do: a direct transfer on the target chain, or a choice among bridge options. */
export type TransferPlan = { kind: 'direct'; from: string } | { kind: 'bridge'; from: string; quotes: BridgeQuote[] }

/** The gas a plain value transfer costs on `client` (estimate × gas price, with a margin). */
async function gasCost(client: PublicClient, from: Hex, to: Hex, value: bigint, data?: Hex): Promise<bigint> {
  const [gas, price] = await Promise.all([client.estimateGas({ account: from, to, value, ...(data && data !== '0x' ? { data } : {}) }).catch(() => 21_000n), client.getGasPrice()])
  return (gas * price * 12n) / 10n
}

/** Lamports for the request's SOL amount. */
const lamportsOf = (request: FundingRequest) => parseUnits(request.amount, 9)
const solanaRpcUrl = (request: FundingRequest) => request.solanaRpcUrl ?? 'https://api.mainnet-beta.solana.com'
/** Solana bridging runs on mainnet-beta only (Relay has no Solana testnets). */
const solanaBridgeable = (request: FundingRequest) => request.chainType !== 'solana' || (request.cluster ?? 'mainnet-beta') === 'mainnet-beta'

/** Asks Relay for each origin's quote; the options the wallet can pay (see affordableQuotes). */
async function bridgeQuotes(
  state: FundingExternalState,
  origins: Array<{ chainId: number; balance: bigint; body: RelayQuoteRequest; cost(quote: BridgeQuote): Promise<{ gasCost?: bigint; required?: bigint }> }>,
): Promise<BridgeQuote[]> {
  const results = await Promise.all(
    origins.map(async ({ balance, body, cost }) => {
      try {
        const quote = await fetchRelayQuote(state.options, body)
        return { quote, balance, ...(quote ? await cost(quote).catch(() => ({})) : {}) }
      } catch (error) {
        return { error: error instanceof Error ? error : new RelayQuoteError(String(error)) }
      }
    }),
  )
  return affordableQuotes(results)
}

/**
 * Checks the wallet's balance and decides: direct when it can pay on the target chain (an EVM wallet on an EVM chain,
 * a Solana wallet on the Solana cluster); else, with bridging enabled, Relay quotes from where the wallet holds funds —
 * the other configured EVM chains (the native currency, or USDC where its address is known), or Solana mainnet-beta
 * (792703809) for either direction between an EVM chain and Solana; else not enough funds.
 */
export async function planTransfer(foyer: Foyer, state: FundingExternalState, request: FundingRequest, wallet: ConnectedWallet): Promise<TransferPlan> {
  const from = wallet.address
  const notEnough = () => new NotEnoughFundsError(wallet.address)
  const bridging = bridgingEnabled(foyer) && solanaBridgeable(request)
  const done = (quotes: BridgeQuote[]): TransferPlan => {
    if (!quotes.length) throw notEnough()
    return { kind: 'bridge', from, quotes }
  }
  /** The native currency paid on each of `chains` where the EVM wallet holds some, Relay delivering `amount`. */
  const fromEvmChains = async (chains: readonly SupportedChain[], to: { destinationChainId: number; destinationCurrency?: string; amount: bigint }) => {
    const funded = await fundedChains(chains, from as Hex)
    if (!funded.length) throw notEnough()
    return done(
      await bridgeQuotes(
        state,
        funded.map(({ chain, balance }) => ({
          chainId: chain.id,
          balance,
          body: relayQuoteRequest({ user: from, recipient: request.address, originChainId: chain.id, ...to }),
          cost: evmCost(chain),
        })),
      ),
    )
  }

  if (request.chainType === 'solana') {
    const amount = lamportsOf(request)
    if (wallet.type === 'solana') {
      const balance = await solanaBalance(solanaRpcUrl(request), from)
      if (balance >= amount + LAMPORTS_PER_SIGNATURE) return { kind: 'direct', from }
      throw notEnough()
    }
    // An EVM wallet pays on one of the configured chains; Relay delivers SOL.
    if (!bridging) throw notEnough()
    return fromEvmChains(hostChains(foyer), { destinationChainId: RELAY_SOLANA_CHAIN_ID, destinationCurrency: RELAY_SOL_CURRENCY, amount })
  }

  const target = chainOf(foyer, request.chainId!)
  const amount = transferAmount(request, target.nativeCurrency.decimals)
  if (wallet.type === 'solana') {
    // A Solana wallet pays SOL on mainnet-beta; Relay delivers the native currency on the target chain.
    if (!bridging || request.erc20Address) throw notEnough()
    const balance = await solanaBalance(solanaRpcUrl(request), from)
    if (balance <= 0n) throw notEnough()
    return done(
      await bridgeQuotes(state, [
        {
          chainId: RELAY_SOLANA_CHAIN_ID,
          balance,
          body: relayQuoteRequest({ user: from, recipient: request.address, originChainId: RELAY_SOLANA_CHAIN_ID, destinationChainId: target.id, amount, originCurrency: RELAY_SOL_CURRENCY }),
          cost: async (quote) => ({ required: (isSolanaQuote(quote) ? quote.amountIn : 0n) + LAMPORTS_PER_SIGNATURE }),
        },
      ]),
    )
  }

  const client = publicClient(target)
  const erc20 = Boolean(request.erc20Address)
  const balance = erc20
    ? await client.readContract({ address: request.erc20Address!, abi: erc20Abi, functionName: 'balanceOf', args: [from as Hex] })
    : await client.getBalance({ address: from as Hex })
  const tx = prepareTransfer(request, from, amount)
  const gas = erc20 ? 0n : await gasCost(client, from as Hex, tx.to, amount).catch(() => 0n)
  if (hasEnoughFunds({ erc20, amount, balance, gasCost: gas })) return { kind: 'direct', from }
  if (!bridging) throw notEnough()

  const origins = hostChains(foyer).filter((c) => c.id !== target.id)
  if (erc20) {
    // USDC from another chain where its address is known (Relay swaps nothing: USDC in, USDC out).
    const tokens = request.isUSDC ? (request.usdcByChain ?? {}) : {}
    const funded = (
      await Promise.all(
        origins
          .filter((c) => tokens[c.id])
          .map(async (chain) => ({ chain, token: tokens[chain.id]!, balance: await publicClient(chain).readContract({ address: tokens[chain.id]!, abi: erc20Abi, functionName: 'balanceOf', args: [from as Hex] }).catch(() => 0n) })),
      )
    ).filter((o) => o.balance > 0n)
    if (!funded.length) throw notEnough()
    return done(
      await bridgeQuotes(
        state,
        funded.map(({ chain, token, balance }) => ({
          chainId: chain.id,
          balance,
          body: relayQuoteRequest({ user: from, recipient: request.address, originChainId: chain.id, destinationChainId: target.id, amount, originCurrency: token, destinationCurrency: request.erc20Address! }),
          cost: async (quote) => ({ required: quote.amountIn ?? amount }),
        })),
      ),
    )
  }
  return fromEvmChains(origins, { destinationChainId: target.id, amount })
}

/** The chains of `chains` where `address` holds some of the native currency, with that balance. */
async function fundedChains(chains: readonly SupportedChain[], address: Hex) {
  const balances = await Promise.all(chains.map(async (chain) => ({ chain, balance: await publicClient(chain).getBalance({ address }).catch(() => 0n) })))
  return balances.filter((o) => o.balance > 0n)
}

/** An EVM quote's cost on its origin chain: its value plus the gas of its transaction. */
const evmCost = (chain: SupportedChain) => async (quote: BridgeQuote) =>
  isSolanaQuote(quote) ? {} : { gasCost: await gasCost(publicClient(chain), quote.transaction.from, quote.transaction.to, quote.transaction.value, quote.transaction.data).catch(() => 0n) }

/** Sends `tx` from the wallet on its chain (switching or adding the chain first) and waits for the receipt there. */
async function sendAndWait(foyer: Foyer, wallet: ConnectedWallet, tx: { from: Hex; to: Hex; value?: bigint; data?: Hex; chainId: number }): Promise<Hex> {
  const provider = (await wallet.getEthereumProvider()) as Eip1193
  const chain = chainOf(foyer, tx.chainId)
  await switchOrAddChain(provider, chain)
  const hash = (await provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: tx.from,
        to: tx.to,
        ...(tx.value !== undefined ? { value: `0x${tx.value.toString(16)}` } : {}),
        ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
        chainId: `0x${tx.chainId.toString(16)}`,
      },
    ],
  })) as Hex
  const receipt = await publicClient(chain).waitForTransactionReceipt({ hash, pollingInterval: 500, timeout: 120_000 })
  if (receipt.status !== 'success') throw new Error('The transfer failed')
  return hash
}

/** The direct transfer: SOL from a Solana wallet, or the native currency / the ERC-20 to the funded address on its chain. */
export async function sendDirect(foyer: Foyer, request: FundingRequest, wallet: ConnectedWallet): Promise<string> {
  if (request.chainType === 'solana') {
    return sendSolanaInstructions(wallet, solanaRpcUrl(request), [systemTransfer(wallet.address, request.address, lamportsOf(request))], 'legacy')
  }
  const target = chainOf(foyer, request.chainId!)
  const tx = prepareTransfer(request, wallet.address, transferAmount(request, target.nativeCurrency.decimals))
  return sendAndWait(foyer, wallet, { from: tx.from, to: tx.to, chainId: tx.chainId, ...(tx.data ? { data: tx.data, value: 0n } : { value: BigInt(tx.value!) }) })
}

/** The bridge: the quote's transaction on its origin chain, or its instructions on Solana (Relay delivers on the target). */
export async function sendBridge(foyer: Foyer, request: FundingRequest, wallet: ConnectedWallet, quote: BridgeQuote): Promise<string> {
  if (isSolanaQuote(quote)) return sendSolanaInstructions(wallet, solanaRpcUrl(request), quote.instructions, 0)
  const t = quote.transaction
  return sendAndWait(foyer, wallet, { from: t.from, to: t.to, value: t.value, data: t.data, chainId: t.chainId })
}
