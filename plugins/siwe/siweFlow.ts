import { hasFailureScreen } from '../../core/client/failureScreenPolicy.js'
import type { AuthResult, Foyer, Intent } from '../../core/client/types.js'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import { BaseError, FlowError } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import { SIGNATURE_PROMPT_DELAY_MS, evmChainNumber, siweTexts } from './schema.js'
import { siweCalls } from './siweCalls.js'

/** Where a wallet sign-in is (the spec's states). */
export type SiweStep = 'generating-message' | 'awaiting-signature' | 'submitting-signature' | 'done'

/** Message settings of the plugin (see `SiwePluginOptions`). */
export interface SiweMessageSettings {
  statement?: string | null
  resources?: string[]
  /** Connector types whose signature prompt waits `signaturePromptDelayMs` after connecting. */
  delayedConnectorTypes?: readonly string[]
  signaturePromptDelayMs?: number
}

/** Privy's statement: it tells the user that signing costs nothing. */
export const DEFAULT_STATEMENT = 'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.'
/**
 * The spec's one wallet route that waits 2.5 s before the signature prompt: WalletConnect, where the
 * wallet is another app (often on a phone) that must come back to the foreground after the session
 * is approved, or the request gets lost.
 */
export const DELAYED_CONNECTOR_TYPES = ['wallet_connect_v2'] as const

/** The SIWE plugin's state (its `state` slot): the message settings the host chose. */
export interface SiwePluginState {
  readonly settings: SiweMessageSettings
}
const settingsOf = (foyer: Foyer): SiweMessageSettings => foyer.pluginState<SiwePluginState>('siwe').settings

/**
 * Asks the server for a nonce bound to `address`, then builds the EIP-4361 message with viem's SIWE
 * helper (imported here, so viem stays out of the host's initial JS): domain = this page's host,
 * URI = its origin, version 1, the wallet's chain, issued now.
 */
export async function generateSiweMessage(foyer: Foyer, args: { address: string; chainId: string | number }): Promise<string> {
  const settings = settingsOf(foyer)
  const { nonce } = await siweCalls.init(foyer, { address: args.address, token: null })
  const { createSiweMessage } = await import('viem/siwe')
  const statement = settings.statement === undefined ? DEFAULT_STATEMENT : settings.statement
  return createSiweMessage({
    domain: window.location.host,
    address: args.address as `0x${string}`,
    uri: window.location.origin,
    version: '1',
    chainId: evmChainNumber(args.chainId),
    nonce,
    issuedAt: new Date(),
    ...(statement ? { statement } : {}),
    ...(settings.resources?.length ? { resources: settings.resources } : {}),
  })
}

/** The wallet account of `address` in a user's linked accounts. */
export function findWalletAccount(user: RawUser, address: string): LinkedAccount | null {
  const lower = address.toLowerCase()
  const found = user.linkedAccounts.find((a) => a.type === 'wallet' && String((a as LinkedAccount).address ?? '').toLowerCase() === lower)
  return (found as LinkedAccount | undefined) ?? null
}

const addressOf = (message: string) => /\n(0x[0-9a-fA-F]{40})\n/.exec(message)?.[1] ?? ''
const chainOf = (message: string) => Number(/\nChain ID: (\d+)/.exec(message)?.[1] ?? NaN)

/** What siwe/authenticate or siwe/link needs besides the message and its signature. */
export interface SiweSubmission {
  message: string
  signature: string
  chainId?: string | number
  walletClientType?: string | null
  connectorType?: string | null
  intent: Intent
  disableSignup?: boolean
}

/** Sends the signed message (authenticate for a login, link for a link) and finishes the flow through the kernel. */
export async function submitSiwe(foyer: Foyer, input: SiweSubmission): Promise<AuthResult> {
  const chain = input.chainId ?? chainOf(input.message)
  const payload = {
    message: input.message,
    signature: input.signature,
    ...(Number.isFinite(evmChainNumber(chain)) ? { chainId: `eip155:${evmChainNumber(chain)}` } : {}),
    walletClientType: input.walletClientType ?? null,
    connectorType: input.connectorType ?? null,
  }
  const address = addressOf(input.message)
  if (input.intent === 'link') {
    const user = await siweCalls.link(foyer, payload)
    return foyer.completeAuth({ user }, { loginMethod: 'siwe', account: findWalletAccount(user, address), intent: 'link' })
  }
  const mode = input.disableSignup ? 'no-signup' : 'login-or-sign-up'
  const response = await siweCalls.authenticate(foyer, { ...payload, mode })
  return foyer.completeAuth(response, { loginMethod: 'siwe', account: findWalletAccount(response.user, address), intent: 'login' })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The whole wallet sign-in with a connected wallet: message, (WalletConnect: a 2.5 s pause), the
 * wallet's signature, then authenticate or link. `onStep` reports the spec's states; `alive()` false
 * stops the flow quietly (the screen went away).
 */
export async function signInWithWallet(
  foyer: Foyer,
  wallet: ConnectedWallet,
  options: { intent: Intent; disableSignup?: boolean; onStep?: (step: SiweStep) => void; alive?: () => boolean },
): Promise<AuthResult | null> {
  const alive = options.alive ?? (() => true)
  const settings = settingsOf(foyer)
  options.onStep?.('generating-message')
  const message = await generateSiweMessage(foyer, { address: wallet.address, chainId: wallet.chainId })
  if (!alive()) return null
  const delayed = settings.delayedConnectorTypes ?? DELAYED_CONNECTOR_TYPES
  if (delayed.includes(wallet.connectorType)) await sleep(settings.signaturePromptDelayMs ?? SIGNATURE_PROMPT_DELAY_MS)
  if (!alive()) return null
  options.onStep?.('awaiting-signature')
  const signature = await wallet.sign(message)
  if (!alive()) return null
  options.onStep?.('submitting-signature')
  const result = await submitSiwe(foyer, {
    message,
    signature,
    chainId: wallet.chainId,
    walletClientType: wallet.walletClientType,
    connectorType: wallet.connectorType,
    intent: options.intent,
    ...(options.disableSignup !== undefined ? { disableSignup: options.disableSignup } : {}),
  })
  options.onStep?.('done')
  return result
}

/** What the sign screen shows for an error (§8 'Wallet connection'). */
export type SiweErrorOutcome = { screen: true } | { screen?: false; title: string; detail?: string; action: 'retry' | 'different-wallet' }

/** Maps a sign-in failure to the sign screen's outcome. `t` translates the plugin's and the kernel's keys. */
export function siweErrorOutcome(error: unknown, t: (key: string) => string): SiweErrorOutcome {
  const code = error instanceof BaseError ? error.code : ''
  if (hasFailureScreen(error)) return { screen: true }
  if (code === 'LINKED_TO_ANOTHER_USER') {
    return { title: t('error.linkedToAnother.title'), detail: t('error.linkedToAnother.detail'), action: 'different-wallet' }
  }
  if (code === 'USER_REJECTED_REQUEST') return { title: t('siwe.error.title'), detail: t('siwe.error.rejected'), action: 'retry' }
  if (code === 'WALLET_NOT_CONNECTED') return { title: t('siwe.error.title'), detail: siweTexts.notConnected, action: 'different-wallet' }
  if (code === 'CLIENT_REQUEST_TIMEOUT') return { title: t('error.timedOut.title'), action: 'retry' }
  if (code === 'TOO_MANY_REQUESTS') return { title: t('error.tooMany.title'), detail: t('error.tooMany.detail'), action: 'retry' }
  if (code === 'CANNOT_LINK_MORE_OF_TYPE' && error instanceof BaseError) return { title: t('siwe.error.title'), detail: error.shortMessage, action: 'different-wallet' }
  return { title: t('siwe.error.title'), action: 'retry' }
}

/** The error a headless hook reports: failure-screen codes unchanged, the rest as 'Unable to authorize user'. */
export function toSiweError(error: unknown): BaseError {
  if (error instanceof BaseError && (hasFailureScreen(error) || error.code === 'LINKED_TO_ANOTHER_USER' || error.code === 'USER_REJECTED_REQUEST')) return error
  const code = error instanceof BaseError ? error.code : 'UNKNOWN_AUTH_ERROR'
  return new FlowError(siweTexts.unableToAuthorize, code, { cause: error })
}
