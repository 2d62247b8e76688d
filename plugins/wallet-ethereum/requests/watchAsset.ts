import { erc20Abi, type PublicClient } from 'viem'
import type { Foyer } from '../../../core/client/types.js'
import { EmbeddedProviderRpcError } from '../../../core/client/wallets/providerRpcError.js'
import { WATCH_ASSET_SCREEN } from '../ethereumScreens.js'
import type { EthereumWallet, WatchedAsset } from '../ethereumWallet.js'
import type { WatchAssetParams, WatchAssetRequest } from './watchAssetTypes.js'

export type { WatchAssetRequest, WatchAssetParams } from './watchAssetTypes.js'

/** The longest symbol a wallet takes (MetaMask's limit). */
const MAX_SYMBOL_LENGTH = 11
/** The most decimals a token may have (MetaMask's limit). */
const MAX_DECIMALS = 36

const invalid = (message: string) => new EmbeddedProviderRpcError(-32602, message)
/** A value of the request as an error names it: cut short (it came from the page). */
const echo = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)).slice(0, 64)
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * EIP-747's parameter `{ type: 'ERC20', options: { address, symbol?, decimals?, image? } }` checked for shape, with
 * MetaMask's messages (-32602): dapps that handle MetaMask's errors read ours the same way.
 */
export function readWatchAssetRequest(raw: unknown): WatchAssetRequest {
  if (!isObject(raw)) throw invalid("Invalid params: expected { type: 'ERC20', options: { address, symbol, decimals, image } }")
  if (raw.type !== 'ERC20') throw invalid(`Asset of type ${echo(raw.type)} not supported`)
  const options = raw.options
  if (!isObject(options)) throw invalid("Invalid params: 'options' must be an object with the token's address")
  const { address, symbol, decimals, image } = options
  if (address === undefined || address === null || address === '') throw invalid('Address must be specified')
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw invalid(`Invalid address "${echo(address)}"`)
  const request: WatchAssetRequest = { address: address as `0x${string}` }
  if (symbol !== undefined && symbol !== null && symbol !== '') {
    if (typeof symbol !== 'string') throw invalid('Invalid symbol: not a string')
    if (symbol.length > MAX_SYMBOL_LENGTH) throw invalid(`Invalid symbol "${echo(symbol)}": longer than ${MAX_SYMBOL_LENGTH} characters`)
    request.symbol = symbol
  }
  if (decimals !== undefined && decimals !== null) {
    const n = typeof decimals === 'number' ? decimals : typeof decimals === 'string' && /^\d+$/.test(decimals) ? Number(decimals) : Number.NaN
    if (!Number.isInteger(n) || n < 0 || n > MAX_DECIMALS) throw invalid(`Invalid decimals "${echo(decimals)}": must be an integer 0 <= ${MAX_DECIMALS}`)
    request.decimals = n
  }
  if (image !== undefined && image !== null && image !== '') {
    if (typeof image !== 'string') throw invalid('Invalid image: not a string')
    request.image = image
  }
  return request
}

/**
 * The token as its contract answers (name, symbol, decimals) and the wallet's balance of it. What the app claimed must
 * match the contract (MetaMask refuses a symbol or decimals that don't: a dapp could otherwise dress a token up as
 * another); what it left out comes from the contract.
 */
export async function readToken(client: PublicClient, request: WatchAssetRequest, wallet: string, chainId: number): Promise<Omit<WatchAssetParams, 'wallet' | 'chainName'>> {
  const address = request.address
  const code = await client.getCode({ address })
  if (!code || code === '0x') throw invalid(`No token contract at ${address} on chain ${chainId}`)
  const read = <T>(functionName: 'name' | 'symbol' | 'decimals' | 'balanceOf', args?: readonly unknown[]) =>
    (client.readContract({ address, abi: erc20Abi, functionName, ...(args ? { args } : {}) } as never) as Promise<T>).catch(() => undefined)
  const [name, contractSymbol, contractDecimals, balance] = await Promise.all([
    read<string>('name'),
    read<string>('symbol'),
    read<number>('decimals'),
    read<bigint>('balanceOf', [wallet]),
  ])

  if (!request.symbol && !contractSymbol) throw invalid('A symbol is required, but was not found in either the request or contract')
  if (contractSymbol !== undefined && request.symbol !== undefined && request.symbol.toUpperCase() !== contractSymbol.toUpperCase()) {
    throw invalid(`The symbol in the request (${echo(request.symbol)}) does not match the symbol in the contract (${echo(contractSymbol)})`)
  }
  const symbol = (contractSymbol ?? request.symbol)!
  if (symbol.length > MAX_SYMBOL_LENGTH) throw invalid(`Invalid symbol "${echo(symbol)}": longer than ${MAX_SYMBOL_LENGTH} characters`)

  if (request.decimals === undefined && contractDecimals === undefined) throw invalid('Decimals are required, but were not found in either the request or contract')
  if (contractDecimals !== undefined && request.decimals !== undefined && request.decimals !== Number(contractDecimals)) {
    throw invalid(`The decimals in the request (${request.decimals}) do not match the decimals in the contract (${contractDecimals})`)
  }
  const decimals = Number(contractDecimals ?? request.decimals)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) throw invalid(`Invalid decimals "${decimals}": must be an integer 0 <= ${MAX_DECIMALS}`)

  return {
    chainId,
    token: { address, symbol, decimals, ...(name ? { name: name.slice(0, 64) } : {}), ...(request.image ? { image: request.image } : {}) },
    balance: typeof balance === 'bigint' ? balance : null,
  }
}

/**
 * wallet_watchAsset for `wallet` on `chainId`: checked (shape, then against the contract), approved on 'Add suggested
 * token' (closing or Cancel is 4001), then remembered for the user's wallet on that chain. Answers true, as EIP-747 does
 * for an added token; a token the wallet already watches answers true without asking again.
 */
export async function watchAsset(foyer: Foyer, ethereum: EthereumWallet, wallet: string, chainId: number, client: PublicClient, raw: unknown): Promise<true> {
  const request = readWatchAssetRequest(raw)
  const found = await readToken(client, request, wallet, chainId)
  const watched = (a: WatchedAsset) => a.address.toLowerCase() === request.address.toLowerCase()
  if (ethereum.watchedAssets({ wallet, chainId }).some(watched)) return true
  const chainName = ethereum.knownChains().find((c) => c.id === chainId)?.name ?? `Chain ${chainId}`
  const params: WatchAssetParams = { wallet, chainName, ...found }
  // The 'sign' intent: its exit (closing the modal) is the 4001 rejection.
  await foyer.modal.request(WATCH_ASSET_SCREEN, params, { intent: 'sign' })
  ethereum.rememberWatchedAsset({ wallet, chainId, type: 'ERC20', ...found.token })
  return true
}
