import { hasFailureScreen } from '../../core/client/failureScreenPolicy.js'
import type { AuthResult, Foyer, Intent } from '../../core/client/types.js'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import { BaseError, ConnectorError, FlowError } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import { createSiwsMessage } from './siwsMessage.js'
import { SIWS_CHAIN_ID, SIWS_STATEMENT, siwsTexts } from './schema.js'
import { siwsCalls } from './siwsCalls.js'

/** Where a Solana sign-in is (the spec's wallet sign-in states). */
export type SiwsStatus = 'initial' | 'generating-message' | 'awaiting-signature' | 'submitting-signature' | 'done' | 'error'

/** Options that shape the message. */
export interface SiwsMessageOptions {
  /** Default: Privy's statement. */
  statement?: string
  /** Default: the API base URL (the server the message signs in to). */
  resources?: string[]
}

/** What the wallet signed, and who it was. */
export interface SiwsSubmission {
  message: string
  /** base58 ed25519 signature. */
  signature: string
  walletClientType?: string | null
  connectorType?: string | null
}

/** POST siws/init, then the Sign In With Solana message for `address` on this page. */
export async function generateSiwsMessage(foyer: Foyer, address: string, options: SiwsMessageOptions = {}): Promise<string> {
  const { nonce } = await siwsCalls.init(foyer, { address, token: null })
  return createSiwsMessage({
    domain: window.location.host,
    address,
    statement: options.statement ?? SIWS_STATEMENT,
    uri: window.location.origin,
    version: '1',
    chainId: SIWS_CHAIN_ID,
    nonce,
    issuedAt: new Date().toISOString(),
    resources: options.resources ?? [new URL(foyer.apiUrl, window.location.href).origin],
  })
}

/** The user's Solana wallet account of `address`. */
export function findSolanaAccount(user: RawUser, address: string): LinkedAccount | null {
  const found = user.linkedAccounts.find((a) => a.type === 'wallet' && (a as LinkedAccount).chainType === 'solana' && (a as LinkedAccount).address === address)
  return (found as LinkedAccount | undefined) ?? null
}

/** Authenticates (or links) with the signed message and finishes the flow through the kernel. */
export async function submitSiws(foyer: Foyer, submission: SiwsSubmission, options: { intent: Intent; address: string; disableSignup?: boolean }): Promise<AuthResult> {
  const payload = {
    message: submission.message,
    signature: submission.signature,
    walletClientType: submission.walletClientType ?? null,
    connectorType: submission.connectorType ?? null,
  }
  if (options.intent === 'link') {
    const user = await siwsCalls.link(foyer, payload)
    return foyer.completeAuth({ user }, { loginMethod: 'siws', account: findSolanaAccount(user, options.address), intent: 'link' })
  }
  const mode = options.disableSignup ? 'no-signup' : 'login-or-sign-up'
  const response = await siwsCalls.authenticate(foyer, { ...payload, mode })
  return foyer.completeAuth(response, { loginMethod: 'siws', account: findSolanaAccount(response.user, options.address), intent: 'login' })
}

/** The connected Solana wallet of `address` (from connector `connectorId` when given), or a 'not connected' error. */
export function connectedSolanaWallet(foyer: Foyer, address: string, connectorId?: string): ConnectedWallet {
  const wallet = foyer.wallets.$wallets.peek().find((w) => w.type === 'solana' && w.address === address && (!connectorId || w.meta.id === connectorId))
  if (!wallet) throw new ConnectorError(siwsTexts.notConnected, { code: 'WALLET_NOT_CONNECTED' })
  return wallet
}

/** The text the sign screen shows for an error (§8 wallet connection). */
export function siwsErrorText(error: unknown): string {
  const code = error instanceof BaseError ? error.code : ''
  if (code === 'USER_REJECTED_REQUEST') return siwsTexts.userRejected
  if (code === 'LINKED_TO_ANOTHER_USER') return siwsTexts.linkedToAnother
  if (code === 'WALLET_NOT_CONNECTED') return siwsTexts.notConnected
  if (code === 'SOLANA_SIGN_MESSAGE_UNSUPPORTED') return siwsTexts.signMessageRequired
  return siwsTexts.unableToAuthorize
}

/** The error as the SIWS flow reports it: failure-screen errors unchanged, others with the spec's text. */
export function toSiwsError(error: unknown): BaseError {
  if (error instanceof BaseError && hasFailureScreen(error)) return error
  const code = error instanceof BaseError ? error.code : 'UNKNOWN_AUTH_ERROR'
  return new FlowError(siwsErrorText(error), code, { cause: error })
}
