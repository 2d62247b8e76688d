import { BaseError, FlowError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import { embeddedWalletsOf } from './embeddedAccounts.js'
import { embeddedWalletErrors } from './embeddedWalletTexts.js'
import type { ExportWalletParams } from './screens/ExportWalletScreen.js'

/** The export screen's id. */
export const EXPORT_SCREEN = 'embedded-wallet/export'
/** Where 'Learn more' goes by default (the spec names the link, not its target): keeping a key safe. */
export const DEFAULT_EXPORT_LEARN_MORE_URL = 'https://ethereum.org/en/security/'

/** Parameters of exportWallet (Privy's). */
export interface ExportWalletParameters {
  /** Which embedded wallet (default the first). */
  address?: string
}

/** Opens 'Transfer wallet' for an embedded wallet; resolves when the user closes it. */
export async function exportWallet(foyer: Foyer, parameters: ExportWalletParameters = {}, learnMoreUrl = DEFAULT_EXPORT_LEARN_MORE_URL): Promise<void> {
  if (foyer.$session.peek().status !== 'authenticated') throw new FlowError(embeddedWalletErrors.notAuthenticated('exporting a wallet'), 'MUST_BE_AUTHENTICATED')
  const wallets = embeddedWalletsOf(foyer.$session.peek().user)
  const wallet = parameters.address ? wallets.find((w) => String(w.address).toLowerCase() === parameters.address!.toLowerCase()) : wallets[0]
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
