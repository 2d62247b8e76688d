import { createPublicClient, erc20Abi, http, type Hex, type PublicClient } from 'viem'
import type { Foyer, FundingRequest } from '../../core/client/types.js'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import {
  affordableQuotes,
  fetchRelayQuote,
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
} from './transfer.js'

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
export type TransferPlan = { kind: 'direct'; from: Hex } | { kind: 'bridge'; from: Hex; quotes: BridgeQuote[] }

/** The gas a plain value transfer costs on `client` (estimate × gas price, with a margin). */
async function gasCost(client: PublicClient, from: Hex, to: Hex, value: bigint, data?: Hex): Promise<bigint> {
  const [gas, price] = await Promise.all([client.estimateGas({ account: from, to, value, ...(data && data !== '0x' ? { data } : {}) }).catch(() => 21_000n), client.getGasPrice()])
  return (gas * price * 12n) / 10n
}

/**
 * Checks the wallet's balance and decides: direct when it can pay on the target chain; else, with bridging enabled
 * and the native currency, Relay quotes from the other configured chains it holds funds on; else not enough funds.
 */
export async function planTransfer(foyer: Foyer, state: FundingExternalState, request: FundingRequest, wallet: ConnectedWallet): Promise<TransferPlan> {
  const from = wallet.address as Hex
  const target = chainOf(foyer, request.chainId!)
  const client = publicClient(target)
  const amount = transferAmount(request, target.nativeCurrency.decimals)
  const erc20 = Boolean(request.erc20Address)
  const balance = erc20
    ? await client.readContract({ address: request.erc20Address!, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
    : await client.getBalance({ address: from })
  const tx = prepareTransfer(request, from, amount)
  const gas = erc20 ? 0n : await gasCost(client, from, tx.to, amount).catch(() => 0n)
  if (hasEnoughFunds({ erc20, amount, balance, gasCost: gas })) return { kind: 'direct', from }
  if (!bridgingEnabled(foyer) || erc20) throw new NotEnoughFundsError(wallet.address)

  const origins = hostChains(foyer).filter((c) => c.id !== target.id)
  const funded = (
    await Promise.all(origins.map(async (chain) => ({ chain, balance: await publicClient(chain).getBalance({ address: from }).catch(() => 0n) })))
  ).filter((o) => o.balance > 0n)
  if (!funded.length) throw new NotEnoughFundsError(wallet.address)
  const results = await Promise.all(
    funded.map(async ({ chain, balance }) => {
      try {
        const quote = await fetchRelayQuote(state.options, relayQuoteRequest({ user: from, recipient: request.address, originChainId: chain.id, destinationChainId: target.id, amount }))
        const cost = quote ? await gasCost(publicClient(chain), from, quote.transaction.to, quote.transaction.value, quote.transaction.data).catch(() => 0n) : 0n
        return { quote, balance, gasCost: cost }
      } catch (error) {
        return { error: error instanceof Error ? error : new RelayQuoteError(String(error)) }
      }
    }),
  )
  const quotes = affordableQuotes(results)
  if (!quotes.length) throw new NotEnoughFundsError(wallet.address)
  return { kind: 'bridge', from, quotes }
}

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

/** The direct transfer: the native currency or the ERC-20 transfer to the funded address, on the target chain. */
export async function sendDirect(foyer: Foyer, request: FundingRequest, wallet: ConnectedWallet): Promise<Hex> {
  const target = chainOf(foyer, request.chainId!)
  const tx = prepareTransfer(request, wallet.address, transferAmount(request, target.nativeCurrency.decimals))
  return sendAndWait(foyer, wallet, { from: tx.from, to: tx.to, chainId: tx.chainId, ...(tx.data ? { data: tx.data, value: 0n } : { value: BigInt(tx.value!) }) })
}

/** The bridge: the quote's transaction on its origin chain (Relay delivers on the target chain). */
export async function sendBridge(foyer: Foyer, wallet: ConnectedWallet, quote: BridgeQuote): Promise<Hex> {
  const t = quote.transaction
  return sendAndWait(foyer, wallet, { from: t.from, to: t.to, value: t.value, data: t.data, chainId: t.chainId })
}
