import { BaseError, FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import type { LinkedAccount } from '../../../core/protocol/index.js'
import { embeddedWalletsOf } from '../state/embeddedAccounts.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import type { WalletChainType } from '../walletConstants.js'
import type { ExportWalletParams } from '../screens/ExportWalletScreen.js'
import { EXPORT_SCREEN } from '../walletConstants.js'

/** Where 'Learn more' goes by default (the spec names the link, not its target): keeping a key safe. */
export const DEFAULT_EXPORT_LEARN_MORE_URL = 'https://ethereum.org/en/security/'

/** Parameters of exportWallet (Privy's). */
export interface ExportWalletParameters {
  /** Which embedded wallet (default the first). */
  address?: string
}

/** Whether `account` is at `address` (Ethereum addresses in any case; Solana's base58 exactly). */
const isAt = (account: LinkedAccount, address: string) =>
  account.chainType === 'solana' ? account.address === address : String(account.address).toLowerCase() === address.toLowerCase()

/**
 * Opens 'Transfer wallet' for an embedded wallet (`chain`: only that chain's, the default being its first); resolves
 * when the user closes it. The frame shows the key in the form wallets import: hex for Ethereum, base58 of the 64-byte
 * secret key for Solana.
 */
export async function exportWallet(foyer: Foyer, parameters: ExportWalletParameters = {}, learnMoreUrl = DEFAULT_EXPORT_LEARN_MORE_URL, chain?: WalletChainType): Promise<void> {
  if (foyer.$session.peek().status !== 'authenticated') throw new FlowError(embeddedWalletErrors.notAuthenticated('exporting a wallet'), 'MUST_BE_AUTHENTICATED')
  const wallets = embeddedWalletsOf(foyer.$session.peek().user, chain)
  const wallet = parameters.address ? wallets.find((w) => isAt(w, parameters.address!)) : wallets[0]
  if (!wallet) throw new FlowError(embeddedWalletErrors.noWalletExporting, 'NO_EMBEDDED_WALLET')
  const params: ExportWalletParams = { address: String(wallet.address), learnMoreUrl }
  try {
    await foyer.modal.request(EXPORT_SCREEN, params, { intent: 'export' })
  } catch (error) {
    // Closing is how the user leaves this screen: it ends the export, it doesn't fail it.
    if (error instanceof BaseError && error.code === 'EXITED_EXPORT_FLOW') return
    throw error
  }
}
