import { BaseError, FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import type { LinkedAccount } from '../../../core/protocol/index.js'
import { embeddedWalletsOf, primaryEmbeddedWallet } from '../state/embeddedAccounts.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { withMfaStepUp } from '../channel/withMfaStepUp.js'
import { WALLET_CREATE_RETRY_WAITS_MS, WALLET_CREATE_TIMEOUT_MS } from '../walletConstants.js'


/** Parameters of createWallet (Privy's names). */
export interface CreateWalletParameters {
  /** Adds the next HD wallet when the user already has one. */
  createAdditional?: boolean
  /** With createAdditional: the index to create (must be the next free one). */
  walletIndex?: number
  /** 'ethereum' (default) or 'solana'. */
  chainType?: 'ethereum' | 'solana'
}
/** What createWallet answers: the new wallet's linked account. */
export type CreateWalletReturnType = LinkedAccount
/** What createWallet rejects with. */
export type CreateWalletErrorType = BaseError

/**
 * Starts `start` and waits for it, or rejects with `message` after `ms`. The timer is set before `start` runs, so it
 * comes due before any wait of the same length that `start` sets (timers due together fire in the order they were set).
 */
function within<T>(start: (signal: { stopped: boolean }) => Promise<T>, ms: number, message: string): Promise<T> {
  const signal = { stopped: false }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => ((signal.stopped = true), reject(new FlowError(message, 'WALLET_CREATE_TIMEOUT'))), ms)
    start(signal).then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    )
  })
}

/** The frame's text for a custody call that never reached the server (frame/frameApi.ts): the connection dropped. */
const UNREACHABLE = 'Unable to connect to wallet'

/**
 * The user's first wallet of `chain`, from the frame. The frame keeps the key of a creation it has not seen confirmed
 * and resumes it, and the server answers a retry of a creation that got through with the wallet it stored, so a
 * dropped connection is tried again with the same key (until the spec's timeout stops it) and never makes two
 * wallets. A refusal is checked against the user: when their wallet of `chain` exists after all (another tab of theirs
 * made it), that wallet is the answer.
 */
async function createFirst(foyer: Foyer, chain: 'ethereum' | 'solana', send: () => Promise<{ address: string }>, signal: { stopped: boolean }): Promise<{ address: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      // The spec's timeout came first: it answered the caller (who may have logged the user out); nothing more is done.
      if (signal.stopped) throw error
      const wait = WALLET_CREATE_RETRY_WAITS_MS[attempt]
      if (wait !== undefined && error instanceof BaseError && error.shortMessage === UNREACHABLE) {
        await new Promise((resolve) => setTimeout(resolve, wait))
        if (signal.stopped) throw error
        continue
      }
      const user = await foyer.session.refreshUser().catch(() => null)
      const made = primaryEmbeddedWallet(user, chain)
      if (made) return { address: String(made.address) }
      throw error
    }
  }
}

/** The signed-in user's access token, or the spec's error for a session without one. */
export async function walletAccessToken(foyer: Foyer, action: string): Promise<string> {
  if (foyer.$session.peek().status !== 'authenticated') throw new FlowError(embeddedWalletErrors.notAuthenticated(action), 'MUST_BE_AUTHENTICATED')
  const token = await foyer.session.getAccessToken()
  if (!token) throw new FlowError(embeddedWalletErrors.noToken, 'MUST_BE_AUTHENTICATED')
  return token
}

/**
 * Creates the user's embedded wallet in the frame (keys never leave it), or with `createAdditional` the next HD
 * wallet of the existing one; refreshes the user and answers the new linked account.
 */
export async function createWallet(foyer: Foyer, state: EmbeddedWalletState, parameters: CreateWalletParameters = {}): Promise<CreateWalletReturnType> {
  const chain = parameters.chainType ?? 'ethereum'
  const accessToken = await walletAccessToken(foyer, 'creating a wallet')
  const existing = primaryEmbeddedWallet(foyer.$session.peek().user, chain)
  if (existing && !parameters.createAdditional) throw new FlowError(embeddedWalletErrors.alreadyExists, 'EMBEDDED_WALLET_EXISTS')
  const proxy = await state.proxy()
  const created = existing
    ? await withMfaStepUp(foyer, 'createAdditional', () => proxy.request<{ address: string }>(frameEvents.createAdditional, { accessToken, address: existing.address, walletIndex: parameters.walletIndex }))
    : await within(
        // The proxy's own wait ('Cannot connect to wallet proxy') is a second longer and set after the spec's timeout:
        // a create that never answers ends with the spec's 'walletProxy.create timed out.', never the proxy's text.
        (signal) => createFirst(foyer, chain, () => proxy.request<{ address: string }>(chain === 'solana' ? frameEvents.solanaCreate : frameEvents.create, { accessToken }, WALLET_CREATE_TIMEOUT_MS + 1_000), signal),
        WALLET_CREATE_TIMEOUT_MS,
        embeddedWalletErrors.createTimedOut,
      )
  const user = await foyer.session.refreshUser()
  const account = embeddedWalletsOf(user, chain).find((a) => String(a.address).toLowerCase() === created.address.toLowerCase())
  if (!account) throw new FlowError(embeddedWalletErrors.createFailed, 'WALLET_CREATE_FAILED')
  return account
}
