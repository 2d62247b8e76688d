import type { Foyer } from '../../../core/client/types.js'
import { EmbeddedProviderRpcError } from '../../../core/client/wallets/providerRpcError.js'
import { ADD_CHAIN_SCREEN } from '../ethereumScreens.js'
import type { AddedChain, EthereumWallet } from '../ethereumWallet.js'

/** What 'Add network' shows: the chain as it will be added. */
export interface AddChainParams {
  chain: AddedChain
}

/** How long the chain's RPC has to answer eth_chainId. */
export const RPC_CHAIN_ID_TIMEOUT_MS = 10_000
/** The longest chain name kept (MetaMask cuts there too). */
const MAX_CHAIN_NAME_LENGTH = 100

const invalid = (message: string) => new EmbeddedProviderRpcError(-32602, message)
/** A value of the request as an error names it: cut short (it came from the page). */
const echo = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)).slice(0, 100)
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** An https URL, or http on this machine (a local node while developing). */
function isAllowedUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    if (url.protocol === 'https:') return true
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  } catch {
    return false
  }
}

/**
 * EIP-3085's parameter checked, as MetaMask checks it (its messages, -32602): a 0x-prefixed unpadded hex chainId, a
 * chainName, nativeCurrency with 18 decimals (Ether when absent), an https RPC URL (http only for localhost) — the
 * first valid one is used — and optionally an https block explorer. iconUrls are ignored.
 */
export function readAddChainRequest(raw: unknown): AddedChain {
  if (!isObject(raw)) throw invalid('Invalid params: expected a single object parameter, the chain to add')
  const { chainId, chainName, nativeCurrency, rpcUrls, blockExplorerUrls } = raw
  if (typeof chainId !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]*$/.test(chainId)) {
    throw invalid(`Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n${echo(chainId)}`)
  }
  const id = Number.parseInt(chainId, 16)
  if (!Number.isSafeInteger(id)) throw invalid(`Invalid chain ID "${echo(chainId)}": numerical value greater than max safe value.`)

  const rpcUrl = Array.isArray(rpcUrls) ? rpcUrls.find(isAllowedUrl) : undefined
  if (!rpcUrl) throw invalid(`Expected an array with at least one valid string HTTPS url 'rpcUrls', Received:\n${echo(rpcUrls)}`)

  let explorer: string | undefined
  if (blockExplorerUrls !== undefined && blockExplorerUrls !== null) {
    if (!Array.isArray(blockExplorerUrls) || (blockExplorerUrls.length > 0 && !isAllowedUrl(blockExplorerUrls[0]))) {
      throw invalid(`Expected null or array with at least one valid string HTTPS URL 'blockExplorerUrl'. Received: ${echo(blockExplorerUrls)}`)
    }
    explorer = blockExplorerUrls[0] as string | undefined
  }

  if (typeof chainName !== 'string' || !chainName.trim()) throw invalid(`Expected non-empty string 'chainName'. Received:\n${echo(chainName)}`)

  let currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  if (nativeCurrency !== undefined && nativeCurrency !== null) {
    if (!isObject(nativeCurrency)) throw invalid(`Expected null or object 'nativeCurrency'. Received:\n${echo(nativeCurrency)}`)
    if (nativeCurrency.decimals !== 18) {
      throw invalid(`Expected the number 18 for 'nativeCurrency.decimals' when 'nativeCurrency' is provided. Received: ${echo(nativeCurrency.decimals)}`)
    }
    const { symbol, name } = nativeCurrency
    if (typeof symbol !== 'string' || symbol.length < 1 || symbol.length > 6) throw invalid(`Expected 1-6 character string 'nativeCurrency.symbol'. Received: ${echo(symbol)}`)
    if (name !== undefined && (typeof name !== 'string' || !name.trim())) throw invalid(`Expected non-empty string 'nativeCurrency.name'. Received: ${echo(name)}`)
    currency = { name: (name as string | undefined)?.trim() || symbol, symbol, decimals: 18 }
  }

  return {
    id,
    name: chainName.trim().slice(0, MAX_CHAIN_NAME_LENGTH),
    nativeCurrency: currency,
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(explorer ? { blockExplorers: { default: { url: explorer } } } : {}),
  }
}

/** The chain's RPC must answer eth_chainId with the chain's id (EIP-3085: else the request is refused, -32602). */
export async function assertRpcChainId(chain: AddedChain, fetchFn: typeof globalThis.fetch = globalThis.fetch): Promise<void> {
  const url = chain.rpcUrls.default.http[0]!
  const hex = `0x${chain.id.toString(16)}`
  let answered: unknown
  try {
    const res = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(RPC_CHAIN_ID_TIMEOUT_MS),
    })
    answered = ((await res.json()) as { result?: unknown }).result
  } catch (error) {
    throw new EmbeddedProviderRpcError(-32603, `Request for method 'eth_chainId' on ${url} failed`, { cause: error })
  }
  if (typeof answered !== 'string' || !/^0x[0-9a-fA-F]+$/.test(answered)) throw new EmbeddedProviderRpcError(-32603, `Request for method 'eth_chainId' on ${url} failed`)
  if (Number.parseInt(answered, 16) !== chain.id) throw new EmbeddedProviderRpcError(-32602, `Chain ID returned by RPC URL ${url} does not match ${hex}`, { data: { chainId: answered } })
}

/**
 * wallet_addEthereumChain for a chain the wallet doesn't know: checked, its RPC asked for its id, approved on 'Add
 * network' (closing or Cancel is 4001), then remembered for the signed-in user (every provider of theirs knows it, this
 * page and the next). Answers the chain; the provider switches to it.
 */
export async function addEthereumChain(foyer: Foyer, wallet: EthereumWallet, raw: unknown, fetchFn?: typeof globalThis.fetch): Promise<AddedChain> {
  const chain = readAddChainRequest(raw)
  await assertRpcChainId(chain, fetchFn)
  const params: AddChainParams = { chain }
  // The 'sign' intent: its exit (closing the modal) is the 4001 rejection.
  await foyer.modal.request(ADD_CHAIN_SCREEN, params, { intent: 'sign' })
  wallet.rememberAddedChain(chain)
  return chain
}
