import { FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import { walletEthereumErrors } from '../ethereumTexts.js'
import type { SignRequestParams, SignUiOptions } from '../screens/SignRequestScreen.js'
import type { EthereumSignRequest, EthereumWallet } from '../ethereumWallet.js'
import { SIGN_SCREEN } from '../ethereumScreens.js'

/** UTF-8 text as 0x hex (personal_sign's message); viem stays out of the host's initial JS. */
const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}` as const


/** Options of signMessage / signTypedData (Privy's second argument). */
export interface SignOptions {
  uiOptions?: SignUiOptions & { showWalletUIs?: boolean }
  /** Which embedded wallet (default the first Ethereum one). */
  address?: string
}

/** Whether to show the sign screen: the host's `showWalletUIs` and `noPromptOnSignature`, per call or in options. */
export type PromptPolicy = (options: SignOptions) => boolean

/** Signs with the embedded wallet, through the sign screen unless the host turned the wallet UIs off. */
async function signRequest(foyer: Foyer, wallet: EthereumWallet, request: (address: string) => EthereumSignRequest, display: string, options: SignOptions, prompt: boolean) {
  const address = String(wallet.account(options.address).address)
  if (!prompt) return wallet.sign(address, request(address))
  const params: SignRequestParams = { address, request: request(address), display, ...(options.uiOptions ? { uiOptions: options.uiOptions } : {}) }
  return foyer.modal.request<`0x${string}`>(SIGN_SCREEN, params, { intent: 'sign' })
}

/** Signs a text message, or bytes given as `{ raw: hex }` (personal_sign); answers the signature. Closing the screen rejects with 4001. */
export async function signMessage(foyer: Foyer, wallet: EthereumWallet, message: unknown, options: SignOptions, prompt: boolean) {
  // Bytes as hex (`{ raw }`, viem's SignableMessage): what a smart account's owner signs (a user operation hash).
  const raw = message && typeof message === 'object' ? (message as { raw?: unknown }).raw : undefined
  if (typeof raw === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(raw)) {
    return signRequest(foyer, wallet, (address) => ({ method: 'personal_sign', params: [raw as `0x${string}`, address] }), raw, options, prompt)
  }
  if (typeof message !== 'string' || message.length === 0) throw new FlowError(walletEthereumErrors.emptyMessage, 'INVALID_MESSAGE')
  return signRequest(foyer, wallet, (address) => ({ method: 'personal_sign', params: [utf8Hex(message), address] }), message, options, prompt)
}

/** Signs EIP-712 typed data (eth_signTypedData_v4) on 'Sign typed data', which shows its domain and message as fields. */
export async function signTypedData(foyer: Foyer, wallet: EthereumWallet, typedData: unknown, options: SignOptions, prompt: boolean) {
  if (!typedData || typeof typedData !== 'object') throw new FlowError('Invalid typed data', 'INVALID_TYPED_DATA')
  const json = JSON.stringify(typedData, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
  const readable = { domain: (typedData as { domain?: unknown }).domain, message: (typedData as { message?: unknown }).message }
  const display = JSON.stringify(readable, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)
  return signRequest(foyer, wallet, (address) => ({ method: 'eth_signTypedData_v4', params: [address, json] }), display, options, prompt)
}
