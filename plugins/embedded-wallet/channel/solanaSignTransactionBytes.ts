import { FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import { walletAccessToken } from '../custody/createWallet.js'
import { embeddedWalletsOf } from '../state/embeddedAccounts.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { connectEmbeddedWallet } from './signWithWallet.js'
import { withMfaStepUp } from './withMfaStepUp.js'

// The embedded Solana wallet's transaction signature (in the frame): what the transaction plugin's sends and
// wallet-standard's signTransaction use.

const toBase64 = (bytes: Uint8Array) => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** The embedded Solana wallet at `address` (default the first), or the spec's error. */
export function embeddedSolanaAddress(foyer: Foyer, address?: string): string {
  const wallets = embeddedWalletsOf(foyer.$session.peek().user, 'solana')
  const wallet = address ? wallets.find((w) => w.address === address) : wallets[0]
  if (!wallet) throw new FlowError(embeddedWalletErrors.noWalletSigning, 'NO_EMBEDDED_WALLET')
  return String(wallet.address)
}


/** Has the frame sign serialized transaction bytes with the wallet at `address` (MFA step-up when asked); the signed bytes. */
export async function signSolanaTransactionBytes(foyer: Foyer, state: EmbeddedWalletState, address: string, bytes: Uint8Array): Promise<Uint8Array> {
  const accessToken = await walletAccessToken(foyer, 'signing')
  return withMfaStepUp(foyer, 'solanaSignTransaction', async () => {
    await connectEmbeddedWallet(foyer, state, address, accessToken)
    const proxy = await state.proxy()
    const answer = await proxy.request<{ data: { signedTransaction: string } }>(frameEvents.solanaRpc, {
      accessToken,
      address,
      request: { method: 'signTransaction', params: { transaction: toBase64(bytes) } },
    })
    return fromBase64(answer.data.signedTransaction)
  })
}
