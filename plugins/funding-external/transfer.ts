import { encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import type { FundingRequest } from '../../core/client/types.js'

/** The method's error texts (spec §8 'Funding'). */
export const externalErrors = {
  notEnoughFunds: (address: string) => `Wallet ${address} does not have enough funds.`,
  rejected: 'Transaction was rejected by the user',
  generic: 'Something went wrong',
  relay: 'Error fetching quote from relay',
  noQuotes: 'Unable to fetch quotes for bridging...',
  noOption: 'Unable to select bridge option from quotes...',
} as const

import { NATIVE_CURRENCY } from './externalSlot.js'

/** Hex data (viem's Hex, spelled out so the published .d.ts needs no viem). */
type Hex = `0x${string}`

export { NATIVE_CURRENCY, RELAY_API_URL, RELAY_QUOTE_PATH, supportsExternal, type FundingExternalState } from './externalSlot.js'

/** The transaction an external wallet sends (eth_sendTransaction's params). */
export interface PreparedTransfer {
  from: Hex
  to: Hex
  value?: Hex
  data?: Hex
  chainId: number
}

/**
 * The kinds of external wallet that can pay for `request`: its own chain's (EVM, or Solana), and with bridging the
 * other kind — Solana pays an EVM chain's native currency, an EVM wallet pays SOL on mainnet-beta (no Solana testnets).
 */
export function payingWalletTypes(request: FundingRequest, bridging: boolean): Array<'ethereum' | 'solana'> {
  if (request.chainType === 'solana') return bridging && (request.cluster ?? 'mainnet-beta') === 'mainnet-beta' ? ['solana', 'ethereum'] : ['solana']
  return bridging && !request.erc20Address ? ['ethereum', 'solana'] : ['ethereum']
}

/** The amount in base units of the funded asset. */
export function transferAmount(request: FundingRequest, nativeDecimals = 18): bigint {
  const decimals = request.erc20Address ? (request.erc20ContractInfo?.decimals ?? 18) : nativeDecimals
  return parseUnits(request.amount, decimals)
}

/** A direct transfer: the native currency to the address, or ERC-20 transfer(address,uint256) on the token. */
export function prepareTransfer(request: FundingRequest, from: string, amount: bigint): PreparedTransfer {
  const chainId = request.chainId!
  if (request.erc20Address) {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.address as Hex, amount] })
    return { from: from as Hex, to: request.erc20Address, data, value: '0x0', chainId }
  }
  return { from: from as Hex, to: request.address as Hex, value: `0x${amount.toString(16)}`, chainId }
}

/** Whether the wallet can pay: the native balance covers amount + gas, or the token balance covers the amount. */
export function hasEnoughFunds(input: { erc20: boolean; amount: bigint; balance: bigint; gasCost?: bigint }): boolean {
  return input.erc20 ? input.balance >= input.amount : input.balance >= input.amount + (input.gasCost ?? 0n)
}

/** An EIP-1193 provider (the wallet's getEthereumProvider()). */
export interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

const codeOf = (error: unknown): number | undefined => {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown } | null
  if (!e || typeof e !== 'object') return undefined
  if (typeof e.code === 'number') return e.code
  if (typeof e.data?.originalError?.code === 'number') return e.data.originalError.code
  return e.cause ? codeOf(e.cause) : undefined
}

/** Whether the user turned the request down in the wallet (EIP-1193 4001, or a "rejected" message). */
export function isUserRejection(error: unknown): boolean {
  if (codeOf(error) === 4001) return true
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && /user (rejected|denied)|rejected the request/i.test(message)
}

/** The chain as wallet_addEthereumChain takes it. */
export interface AddableChain {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { url: string } }
}

/** Puts the wallet on `chain`: wallet_switchEthereumChain, and when the wallet doesn't know it (4902) adds it, then switches. */
export async function switchOrAddChain(provider: Eip1193, chain: AddableChain): Promise<void> {
  const chainId = `0x${chain.id.toString(16)}`
  if ((await provider.request({ method: 'eth_chainId' }).catch(() => null)) === chainId) return
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    if (codeOf(error) !== 4902) throw error
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: chain.name,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: [...chain.rpcUrls.default.http],
          ...(chain.blockExplorers ? { blockExplorerUrls: [chain.blockExplorers.default.url] } : {}),
        },
      ],
    })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  }
}

/** The body of a Relay quote (EXACT_OUTPUT: the recipient gets `amount`, the user pays the rest on the origin chain). */
export interface RelayQuoteRequest {
  user: string
  recipient: string
  originChainId: number
  destinationChainId: number
  originCurrency: string
  destinationCurrency: string
  amount: string
  tradeType: 'EXACT_OUTPUT'
}

export function relayQuoteRequest(input: { user: string; recipient: string; originChainId: number; destinationChainId: number; amount: bigint; originCurrency?: string; destinationCurrency?: string }): RelayQuoteRequest {
  return {
    user: input.user,
    recipient: input.recipient,
    originChainId: input.originChainId,
    destinationChainId: input.destinationChainId,
    originCurrency: input.originCurrency ?? NATIVE_CURRENCY,
    destinationCurrency: input.destinationCurrency ?? NATIVE_CURRENCY,
    amount: input.amount.toString(),
    tradeType: 'EXACT_OUTPUT',
  }
}

/** A bridge option paid on an EVM chain: the transaction to send there. */
export interface EvmBridgeQuote {
  originChainId: number
  transaction: { from: Hex; to: Hex; value: bigint; chainId: number; data: Hex }
  /** What the user pays, in the origin currency's base units (Relay's details.currencyIn.amount), when answered. */
  amountIn?: bigint
}

/** An instruction of a Relay quote paid on Solana (its `data` is hex). */
export interface RelaySolanaInstruction {
  programId: string
  keys: Array<{ pubkey: string; isSigner: boolean; isWritable: boolean }>
  data: string
}

/** A bridge option paid on Solana: the instructions the wallet signs in one v0 transaction (Relay's Solana step). */
export interface SolanaBridgeQuote {
  originChainId: number
  instructions: RelaySolanaInstruction[]
  /** Address lookup tables the v0 message may use. */
  lookupTables: string[]
  /** Lamports the user pays (details.currencyIn.amount). */
  amountIn: bigint
}

/** A bridge option: what the paying wallet sends on the origin chain. */
export type BridgeQuote = EvmBridgeQuote | SolanaBridgeQuote

export const isSolanaQuote = (quote: BridgeQuote): quote is SolanaBridgeQuote => 'instructions' in quote

/** A Relay error with the server's message (or the spec's generic one). */
export class RelayQuoteError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RelayQuoteError'
  }
}

const quantity = (value: unknown): bigint | null => {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value)
  return null
}
const isAddress = (value: unknown): value is Hex => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const isBase58Key = (value: unknown): value is string => typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)

/** Relay's Solana step data ({ instructions, addressLookupTableAddresses }) as a quote; null when malformed. */
function solanaQuote(data: Record<string, unknown>, originChainId: number, amountIn: bigint | null): SolanaBridgeQuote | null {
  const raw = data.instructions as unknown[]
  const instructions: RelaySolanaInstruction[] = []
  for (const item of raw) {
    const i = (item ?? {}) as { programId?: unknown; keys?: unknown; data?: unknown }
    if (!isBase58Key(i.programId) || !Array.isArray(i.keys) || typeof i.data !== 'string' || !/^(0x)?([0-9a-fA-F]{2})*$/.test(i.data)) return null
    const keys = i.keys.map((k) => (k ?? {}) as { pubkey?: unknown; isSigner?: unknown; isWritable?: unknown })
    if (!keys.every((k) => isBase58Key(k.pubkey) && typeof k.isSigner === 'boolean' && typeof k.isWritable === 'boolean')) return null
    instructions.push({ programId: i.programId, keys: keys.map((k) => ({ pubkey: k.pubkey as string, isSigner: k.isSigner as boolean, isWritable: k.isWritable as boolean })), data: i.data.replace(/^0x/, '') })
  }
  const tables = Array.isArray(data.addressLookupTableAddresses) ? data.addressLookupTableAddresses : []
  if (!instructions.length || amountIn === null || !tables.every(isBase58Key)) return null
  return { originChainId, instructions, lookupTables: tables as string[], amountIn }
}

/**
 * Reads a Relay answer: ok → its steps[0].items[0].data as a BridgeQuote (null when it has none); an error answer →
 * null for 'Invalid address' (that origin can't serve this user), else a RelayQuoteError with the server's message or
 * 'Error fetching quote from relay'.
 */
export function parseRelayQuote(status: number, body: unknown, originChainId: number): BridgeQuote | null {
  const answer = (body ?? {}) as { message?: unknown; steps?: Array<{ items?: Array<{ data?: Record<string, unknown> }> }>; details?: { currencyIn?: { amount?: unknown } } }
  if (status < 200 || status >= 300) {
    const message = typeof answer.message === 'string' && answer.message ? answer.message : ''
    if (/invalid address/i.test(message)) return null
    throw new RelayQuoteError(message || externalErrors.relay)
  }
  const data = answer.steps?.[0]?.items?.[0]?.data
  if (!data) return null
  const amountIn = quantity(answer.details?.currencyIn?.amount)
  if (Array.isArray(data.instructions)) return solanaQuote(data, originChainId, amountIn)
  const value = quantity(data.value ?? '0')
  const chainId = Number(quantity(data.chainId ?? originChainId))
  if (!isAddress(data.from) || !isAddress(data.to) || value === null || !Number.isSafeInteger(chainId)) return null
  const hexData = typeof data.data === 'string' && /^0x[0-9a-fA-F]*$/.test(data.data) ? (data.data as Hex) : '0x'
  return { originChainId, transaction: { from: data.from, to: data.to, value, chainId, data: hexData }, ...(amountIn !== null ? { amountIn } : {}) }
}

/** Asks Relay for a quote from `originChainId`; see parseRelayQuote. Network failures are 'Error fetching quote from relay'. */
export async function fetchRelayQuote(options: { relayUrl: string; quotePath: string; fetch?: typeof fetch }, body: RelayQuoteRequest): Promise<BridgeQuote | null> {
  const url = options.relayUrl.replace(/\/+$/, '') + (options.quotePath.startsWith('/') ? options.quotePath : `/${options.quotePath}`)
  let res: Response
  try {
    res = await (options.fetch ?? fetch)(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  } catch {
    throw new RelayQuoteError(externalErrors.relay)
  }
  const json = await res.json().catch(() => null)
  return parseRelayQuote(res.status, json, body.originChainId)
}

/**
 * The bridge options the wallet can pay: quotes whose cost the origin balance covers — `required` when the caller
 * priced it (a token or SOL amount with its fee), else the EVM transaction's value plus the origin's gas. No quote at
 * all → the first relay error, else 'Unable to fetch quotes for bridging...'.
 */
export function affordableQuotes(results: Array<{ quote: BridgeQuote | null; balance: bigint; gasCost?: bigint; required?: bigint } | { error: Error }>): BridgeQuote[] {
  const quotes = results.flatMap((r) => ('quote' in r && r.quote ? [r] : []))
  if (!quotes.length) {
    const failure = results.find((r): r is { error: Error } => 'error' in r)
    throw failure ? failure.error : new RelayQuoteError(externalErrors.noQuotes)
  }
  const cost = (r: (typeof quotes)[number]) => r.required ?? (isSolanaQuote(r.quote!) ? r.quote.amountIn : r.quote!.transaction.value) + (r.gasCost ?? 0n)
  return quotes.filter((r) => r.balance >= cost(r)).map((r) => r.quote!)
}

/** The option chosen on 'Transfer from another network' (by origin chain), or 'Unable to select bridge option from quotes...'. */
export function selectBridgeOption(quotes: readonly BridgeQuote[], originChainId: number): BridgeQuote {
  const quote = quotes.find((q) => q.originChainId === originChainId)
  if (!quote) throw new RelayQuoteError(externalErrors.noOption)
  return quote
}

/** The text a failure shows back on the selection screen. */
export function failureText(error: unknown): string {
  if (isUserRejection(error)) return externalErrors.rejected
  if (error instanceof RelayQuoteError || error instanceof NotEnoughFundsError) return error.message
  return externalErrors.generic
}

/** The wallet can't pay on the target chain (nor, when bridging, on another). */
export class NotEnoughFundsError extends Error {
  constructor(address: string) {
    super(externalErrors.notEnoughFunds(address))
    this.name = 'NotEnoughFundsError'
  }
}
