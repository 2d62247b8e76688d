import type { Foyer } from '../../../core/client/types.js'
import type { CrossAppTransactRequest, CrossAppWalletRequest } from '../schema.js'
import { FlowError } from '../../../core/errors/index.js'
import { crossAppError, crossAppErrorCodes, crossAppErrorTexts } from '../crossAppErrors.js'
import { embeddedAddresses, walletActions } from './providerPageKit.js'
import { providerSmartWallet, type ProviderSmartWallet } from './providerSmartWallet.js'

/** The transact page's `request` parameter, read defensively; null when it isn't one. */
export function normalizeRequest(raw: string | null): { request: CrossAppWalletRequest; callbackOrigin: string } | null {
  try {
    const parsed = JSON.parse(raw ?? '') as CrossAppTransactRequest
    const request = parsed?.content?.request?.request
    if (!request || !['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'].includes(request.method) || !Array.isArray(request.params)) return null
    return { request, callbackOrigin: new URL(parsed.callbackUrl).origin }
  } catch {
    return null
  }
}

/** personal_sign's message is hex-encoded bytes (EIP-1474); a plain string is signed as text. */
const personalMessage = (value: unknown) => (typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value) ? { raw: value as `0x${string}` } : String(value))

/** The wallet a request names: personal_sign's second parameter, eth_signTypedData_v4's first, the transaction's `from`. */
function addressOf(request: CrossAppWalletRequest): string | undefined {
  const [first, second] = request.params as [unknown, unknown]
  const address = request.method === 'personal_sign' ? second : request.method === 'eth_signTypedData_v4' ? first : (first as { from?: unknown } | undefined)?.from
  return typeof address === 'string' ? address : undefined
}

/**
 * Runs a wallet request on this app's own sign / send screens: with the user's smart wallet (through the smart-wallets
 * plugin) when it names that, else with the embedded wallet it names. Any other address is refused (§8 'Cannot request
 * a signature with this wallet address').
 */
export async function runWalletRequest(foyer: Foyer, request: CrossAppWalletRequest): Promise<unknown> {
  const address = addressOf(request)
  if (!address) throw crossAppError('wrongAddress')
  const smart = await providerSmartWallet(foyer, address)
  if (smart) return runWithSmartWallet(foyer, smart, request)
  if (!embeddedAddresses(foyer.$session.peek().user?.linkedAccounts).includes(address.toLowerCase())) throw crossAppError('wrongAddress')
  const wallet = walletActions(foyer)
  const [first, second] = request.params as [unknown, unknown]
  switch (request.method) {
    case 'personal_sign':
      return wallet.signMessage!({ message: personalMessage(first) }, { address })
    case 'eth_signTypedData_v4':
      return wallet.signTypedData!(typeof second === 'string' ? JSON.parse(second) : second, { address })
    case 'eth_sendTransaction': {
      const { from: _from, chainId, ...transaction } = first as { from?: string; chainId?: unknown }
      // eth_sendTransaction carries chainId as hex; sendTransaction's request (spec §5) takes a number.
      const id = typeof chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(chainId) ? Number.parseInt(chainId, 16) : chainId
      return (await wallet.sendTransaction!({ ...transaction, ...(id === undefined ? {} : { chainId: id }) }, { address })).hash
    }
  }
}

/**
 * The smart-wallet variants: a user operation through the bundler (one call), signatures as the smart account. Like the
 * client, the smart-wallets plugin's text comes from the kernel (its `texts`), not from an import of that plugin.
 */
async function runWithSmartWallet(foyer: Foyer, smart: ProviderSmartWallet, request: CrossAppWalletRequest): Promise<unknown> {
  const [first, second] = request.params as [unknown, unknown]
  switch (request.method) {
    case 'personal_sign':
      return smart.signMessage({ message: personalMessage(first) })
    case 'eth_signTypedData_v4':
      return smart.signTypedData(typeof second === 'string' ? JSON.parse(second) : second)
    case 'eth_sendTransaction': {
      const { to, value, data, chainId } = first as { to?: `0x${string}`; value?: string | number; data?: `0x${string}`; chainId?: string | number }
      if (!to) throw new FlowError(crossAppErrorTexts.initFailed, crossAppErrorCodes.initFailed)
      if (chainId !== undefined && Number(chainId) !== smart.chain.id) throw new FlowError(foyer.t('smartWallets.noNetwork'), 'SMART_WALLET_NO_NETWORK')
      return smart.sendTransaction({ to, ...(value !== undefined ? { value: BigInt(value) } : {}), ...(data ? { data } : {}) })
    }
  }
}
