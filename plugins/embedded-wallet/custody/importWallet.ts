import { FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import type { LinkedAccount } from '../../../core/protocol/index.js'
import { walletAccessToken } from './createWallet.js'
import { embeddedWalletsOf } from '../state/embeddedAccounts.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { frameEvents } from '../../wallet-frame/index.js'

/** Parameters of importWallet (Privy's). */
export interface ImportWalletParameters {
  /** The Ethereum private key: 64 hex digits, with or without 0x. */
  privateKey: string
}

/**
 * Makes an embedded wallet of an existing Ethereum key (`imported: true`, connector type `embedded_imported`). The key
 * goes to the frame once, is split there like a new wallet's secret, and never comes back out.
 */
export async function importWallet(foyer: Foyer, state: EmbeddedWalletState, parameters: ImportWalletParameters): Promise<LinkedAccount> {
  const key = parameters?.privateKey
  if (typeof key !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new FlowError('Invalid private key', 'INVALID_PRIVATE_KEY')
  const accessToken = await walletAccessToken(foyer, 'importing a wallet')
  if (embeddedWalletsOf(foyer.$session.peek().user, 'ethereum').length) throw new FlowError(embeddedWalletErrors.alreadyExists, 'EMBEDDED_WALLET_EXISTS')
  const proxy = await state.proxy()
  const { address } = await proxy.request<{ address: string }>(frameEvents.import, { accessToken, privateKey: key })
  const user = await foyer.session.refreshUser()
  const account = embeddedWalletsOf(user, 'ethereum').find((a) => String(a.address).toLowerCase() === address.toLowerCase())
  if (!account) throw new FlowError(embeddedWalletErrors.createFailed, 'WALLET_CREATE_FAILED')
  return account
}
