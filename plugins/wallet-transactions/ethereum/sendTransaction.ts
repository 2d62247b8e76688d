import type { PublicClient } from 'viem'
import type { Foyer } from '../../../core/client/types.js'
import type { SupportedChain } from '../../../core/client/wallets/supportedChain.js'
import { decodeTransaction, ERC721_INTERFACE_ID, isAmbiguousTokenCall, type DecodedTransaction } from './decodeTransaction.js'
import { fillTransaction, frameTransaction, insufficientFunds, prepareTransaction, readTransactionRequest, transactionError, type PreparedTransaction } from './embeddedTransactions.js'
import type { TransactionWallet } from '../transactionWallet.js'
import { BaseError } from '../../../core/errors/index.js'
import { EmbeddedProviderRpcError, providerRpcTexts, toProviderRpcError } from '../../../core/client/wallets/providerRpcError.js'
import { TransactionReplacedError, TransactionRevertedError, type TransactionFailure } from '../transactionFailure.js'
import { SEND_TRANSACTION_SCREEN } from '../transactionScreens.js'
import type { SendTransactionOptions, SendTransactionParams, TransactionFlowOptions, SendTransactionResult, TransactionReceiptFields, TransactionStep, TransactionUiOptions } from './transactionTypes.js'

export type { SendTransactionOptions, SendTransactionResult, TransactionReceiptFields, TransactionUiOptions } from './transactionTypes.js'

export type { SendTransactionParams, TransactionFlowOptions, TransactionStep } from './transactionTypes.js'
// The EIP-1193 provider of the wallet reads its requests and maps its errors with these (loaded with this flow).
export { readTransactionRequest, transactionError } from './embeddedTransactions.js'

/** How long the screen waits for a receipt before 'Timed out'. */
export const RECEIPT_TIMEOUT_MS = 60_000
/** The gas limit a preview falls back to when the node can't estimate the call (the screen warns it will likely fail). */
export const FALLBACK_GAS_LIMIT = 500_000n

const clients = new Map<string, Promise<PublicClient>>()

/** A viem public client of `chainId`'s RPC (one per URL; viem loads here). */
export function publicClientFor(wallet: TransactionWallet, chainId: number, fetchFn?: typeof globalThis.fetch): Promise<PublicClient> {
  const url = wallet.rpcUrlOf(chainId)
  let client = clients.get(url)
  if (!client) {
    client = import('viem').then(({ createPublicClient, http }) => createPublicClient({ transport: http(url, { retryCount: 0, ...(fetchFn ? { fetchFn } : {}) }) }) as PublicClient)
    clients.set(url, client)
    client.catch(() => clients.delete(url))
  }
  return client
}

/** The configured (or user-added) chain `chainId` (viem Chain shape), or a bare one. */
export function chainOf(wallet: TransactionWallet, chainId: number): SupportedChain & { sourceId?: number } {
  return (
    (wallet.knownChains().find((c) => c.id === chainId) as (SupportedChain & { sourceId?: number }) | undefined) ?? {
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    }
  )
}

/**
 * A request (or Privy's list of requests) as checked steps: the §5 rules, the wallet as sender, a supported chain.
 * `eip1193`: the request came through the provider (a hex chainId is standard there).
 */
export function readTransactionSteps(wallet: TransactionWallet, raw: unknown, from: string, fallbackChainId = wallet.defaultChainId(), eip1193 = false): TransactionStep[] {
  const list = Array.isArray(raw) ? raw : [raw]
  if (list.length === 0) throw new EmbeddedProviderRpcError(-32602, 'Invalid transaction request')
  return list.map((item) => {
    const tx = readTransactionRequest(item, { eip1193 })
    if (tx.from !== null && tx.from.toLowerCase() !== from.toLowerCase()) throw new EmbeddedProviderRpcError(4100, providerRpcTexts.unauthorized)
    const chainId = tx.chainId ?? fallbackChainId
    wallet.assertSupportedChain(chainId)
    return { chainId, request: tx.request }
  })
}

/** What the confirmation shows for one step: the filled transaction, its fee, the wallet's balance, the decoded call. */
export interface TransactionPreview {
  prepared: PreparedTransaction
  /** gas × max fee (what the wallet may pay for gas). */
  gasFee: bigint
  /** The L1 data fee on an OP-stack chain, else 0. */
  l1Fee: bigint
  fee: bigint
  /** value + fee. */
  total: bigint
  balance: bigint
  hasFunds: boolean
  /** The node could not estimate the call (it reverts, most likely). */
  prepareFailed: boolean
  decoded: DecodedTransaction
  /** The called ERC-20's symbol and decimals (read from the contract) when the call is ERC-20-ish. */
  token?: { symbol: string; decimals: number }
}

/** The preparing step (§4): gas estimate (a fallback limit when the node can't estimate), L1 fee, balance. */
export async function previewTransaction(client: PublicClient, chain: SupportedChain & { sourceId?: number }, from: `0x${string}`, step: TransactionStep): Promise<TransactionPreview> {
  let prepareFailed = false
  let prepared: PreparedTransaction
  try {
    prepared = await fillTransaction(client, from, step.chainId, step.request)
  } catch (error) {
    // A value the wallet can't pay is the balance block's 'Add funds', not a failed preparation.
    prepareFailed = !insufficientFunds(error) && !/insufficient/i.test(String((error as Error)?.message))
    prepared = await fillTransaction(client, from, step.chainId, { ...step.request, gas: step.request.gas ?? FALLBACK_GAS_LIMIT })
  }
  let decoded = decodeTransaction(prepared.data)
  const [balance, l1Fee, called] = await Promise.all([
    client.getBalance({ address: from }),
    estimateL1Fee(client, chain, prepared),
    decoded.isErc20Ish && prepared.to ? calledToken(client, prepared.to, isAmbiguousTokenCall(decoded)) : undefined,
  ])
  // approve / transferFrom of an ERC-721: the uint256 is a token id, not an amount.
  if (called?.standard === 'erc721') decoded = decodeTransaction(prepared.data, 'erc721')
  const token = called?.token
  const gasFee = prepared.gas * (prepared.maxFeePerGas ?? prepared.gasPrice ?? 0n)
  const fee = gasFee + l1Fee
  const total = prepared.value + fee
  return { prepared, gasFee, l1Fee, fee, total, balance, hasFunds: balance >= total, prepareFailed, decoded, ...(token ? { token } : {}) }
}

/**
 * What the called token contract is: an ERC-721 when `probe` (the call's selector is one ERC-20 and ERC-721 share) and
 * it answers ERC-165's supportsInterface(0x80ac58cd) with true; else an ERC-20, with its symbol and decimals when it
 * answers them.
 */
async function calledToken(client: PublicClient, address: `0x${string}`, probe: boolean): Promise<{ standard: 'erc20' | 'erc721'; token?: { symbol: string; decimals: number } }> {
  const [nft, token] = await Promise.all([probe ? isErc721(client, address) : false, tokenInfo(client, address)])
  return nft ? { standard: 'erc721' } : { standard: 'erc20', ...(token ? { token } : {}) }
}

/** ERC-165's supportsInterface for ERC-721 (false for a contract without ERC-165, which reverts the call). */
export async function isErc721(client: PublicClient, address: `0x${string}`): Promise<boolean> {
  try {
    return await client.readContract({ address, abi: erc165Abi, functionName: 'supportsInterface', args: [ERC721_INTERFACE_ID] })
  } catch {
    return false
  }
}

const erc165Abi = [
  { type: 'function', name: 'supportsInterface', stateMutability: 'view', inputs: [{ name: 'interfaceId', type: 'bytes4' }], outputs: [{ name: '', type: 'bool' }] },
] as const

/** An ERC-20's symbol and decimals, or undefined when the contract doesn't answer them. */
async function tokenInfo(client: PublicClient, address: `0x${string}`): Promise<{ symbol: string; decimals: number } | undefined> {
  try {
    const { erc20Abi } = await import('viem')
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
    ])
    return { symbol, decimals }
  } catch {
    return undefined
  }
}

/** The OP-stack L1 data fee (the GasPriceOracle predeploy, through viem's op-stack actions); 0 on other chains. */
export async function estimateL1Fee(client: PublicClient, chain: { sourceId?: number }, tx: PreparedTransaction): Promise<bigint> {
  if (chain.sourceId === undefined) return 0n
  try {
    const { estimateL1Fee: estimate } = await import('viem/op-stack')
    return await estimate(client as never, {
      account: tx.from,
      chain: null,
      ...(tx.to ? { to: tx.to } : {}),
      ...(tx.data ? { data: tx.data } : {}),
      value: tx.value,
      nonce: tx.nonce,
      gas: tx.gas,
      ...(tx.maxFeePerGas !== undefined ? { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n } : { gasPrice: tx.gasPrice ?? 0n }),
    } as never)
  } catch {
    return 0n
  }
}

/** Fills `step` from the node (a fresh nonce when `resetNonce`), has the frame sign it; answers the signed bytes. */
export async function signStep(wallet: TransactionWallet, client: PublicClient, from: `0x${string}`, step: TransactionStep, resetNonce = false): Promise<`0x${string}`> {
  const { nonce: _nonce, ...rest } = step.request
  const prepared = await prepareTransaction(client, from, step.chainId, resetNonce ? rest : step.request)
  return wallet.signEthereumTransaction(from, frameTransaction(prepared))
}

/** Signs and sends `step`; answers its hash. */
export async function sendStep(wallet: TransactionWallet, client: PublicClient, from: `0x${string}`, step: TransactionStep, resetNonce = false): Promise<`0x${string}`> {
  const signed = await signStep(wallet, client, from, step, resetNonce)
  try {
    return (await client.request({ method: 'eth_sendRawTransaction', params: [signed] })) as `0x${string}`
  } catch (error) {
    throw transactionError(error)
  }
}

/** Waits for `hash`'s receipt: a reverted one is a TransactionRevertedError, a replaced one a TransactionReplacedError. */
export async function waitForReceipt(client: PublicClient, hash: `0x${string}`, timeout = RECEIPT_TIMEOUT_MS): Promise<TransactionReceiptFields> {
  let replaced: { reason: string } | null = null
  const receipt = await client.waitForTransactionReceipt({ hash, timeout, pollingInterval: 250, onReplaced: (r) => (replaced = r) })
  if (replaced) throw new TransactionReplacedError(hash, (replaced as { reason: string }).reason)
  if (receipt.status === 'reverted') throw new TransactionRevertedError(hash)
  const { to, from, status, gasUsed, effectiveGasPrice, cumulativeGasUsed, logs, blockNumber, transactionHash } = receipt
  return { to, from, status, gasUsed, effectiveGasPrice, cumulativeGasUsed, logs, blockNumber, transactionHash }
}

/**
 * 'Try again' after a receipt timeout asks this before sending again, so a retry can't send the transaction twice:
 * the earlier send's receipt once mined (waiting while the node still has it pending; reverted or replaced throw as in
 * waitForReceipt), or null when the node doesn't know the hash (dropped: sending again is safe).
 */
export async function receiptOfEarlierSend(client: PublicClient, hash: `0x${string}`, timeout = RECEIPT_TIMEOUT_MS): Promise<TransactionReceiptFields | null> {
  try {
    await client.getTransaction({ hash })
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionNotFoundError') return null
    throw error
  }
  return waitForReceipt(client, hash, timeout)
}


/**
 * Sends a transaction request (or a list: the steps of a multi-step transaction) from the embedded wallet: on the
 * confirmation screen (closing it before sending rejects with 4001), or — with wallet UIs off — filled, signed and
 * sent straight away. Answers the hash (the last step's), with the receipt when the screen waited for it.
 */
export async function sendTransaction(foyer: Foyer, wallet: TransactionWallet, raw: unknown, options: TransactionFlowOptions): Promise<SendTransactionResult> {
  const from = wallet.ethereumAddress(options.address)
  const steps = readTransactionSteps(wallet, raw, from, options.chainId, options.eip1193)
  if (!options.prompt) {
    const hashes: `0x${string}`[] = []
    for (const step of steps) hashes.push(await sendStep(wallet, await publicClientFor(wallet, step.chainId, options.fetch), from, step))
    return { hash: hashes[hashes.length - 1]!, ...(hashes.length > 1 ? { hashes } : {}) }
  }
  const outcome: SendTransactionParams['outcome'] = {}
  try {
    return await foyer.modal.request<SendTransactionResult>(SEND_TRANSACTION_SCREEN, screenParams(wallet, from, 'send', steps, outcome, options), { intent: 'transaction' })
  } catch (error) {
    // Closing the receipt screen instead of 'All Done' (or the screen while the receipt is awaited) still answers the
    // sent transaction; closing the error screen answers its error (data: the code and the hash when there is one).
    if (outcome.done && outcome.result) return outcome.result
    if (outcome.failure) {
      const { code, message, hash } = outcome.failure
      throw new EmbeddedProviderRpcError(-32603, message, { data: { code, ...(hash ? { hash } : {}) }, cause: error })
    }
    throw rejection(error)
  }
}

/** Signs a transaction request without sending it (on the confirmation screen unless wallet UIs are off); answers the signed bytes. */
export async function signTransaction(foyer: Foyer, wallet: TransactionWallet, raw: unknown, options: TransactionFlowOptions): Promise<`0x${string}`> {
  const from = wallet.ethereumAddress(options.address)
  const steps = readTransactionSteps(wallet, raw, from, options.chainId, options.eip1193)
  if (steps.length !== 1) throw new EmbeddedProviderRpcError(-32602, 'Invalid transaction request')
  if (!options.prompt) return signStep(wallet, await publicClientFor(wallet, steps[0]!.chainId, options.fetch), from, steps[0]!)
  return foyer.modal.request<`0x${string}`>(SEND_TRANSACTION_SCREEN, screenParams(wallet, from, 'sign', steps, {}, options), { intent: 'transaction' }).catch((error: unknown) => {
    throw rejection(error)
  })
}

/** Closing the confirmation is EIP-1193's 4001 'The user rejected the request.' (what dapps and wagmi switch on). */
function rejection(error: unknown): unknown {
  return error instanceof BaseError && error.code === 'USER_REJECTED_REQUEST' ? toProviderRpcError(error) : error
}

function screenParams(wallet: TransactionWallet, address: `0x${string}`, mode: 'send' | 'sign', steps: TransactionStep[], outcome: SendTransactionParams['outcome'], options: TransactionFlowOptions): SendTransactionParams {
  return {
    wallet,
    address,
    mode,
    steps,
    outcome,
    priceDisplay: options.priceDisplay,
    ...(options.uiOptions ? { uiOptions: options.uiOptions } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  }
}
