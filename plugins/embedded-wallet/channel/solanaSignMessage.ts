import { FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import { walletAccessToken } from '../custody/createWallet.js'
import { embeddedWalletsOf } from '../state/embeddedAccounts.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { connectEmbeddedWallet } from './signWithWallet.js'

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * Signs `message` (bytes, or a string as its UTF-8) with the embedded Solana wallet at `address` (default the first):
 * the ed25519 signature, 64 bytes. The embedded Solana wallet signs messages only (the spec).
 */
export async function solanaSignMessage(foyer: Foyer, state: EmbeddedWalletState, message: unknown, address?: string): Promise<Uint8Array> {
  if (typeof message !== 'string' && !(message instanceof Uint8Array)) throw new FlowError('Message must be a string', 'INVALID_MESSAGE')
  const wallets = embeddedWalletsOf(foyer.$session.peek().user, 'solana')
  const wallet = address ? wallets.find((w) => w.address === address) : wallets[0]
  if (!wallet) throw new FlowError(embeddedWalletErrors.noWalletSigning, 'NO_EMBEDDED_WALLET')
  const accessToken = await walletAccessToken(foyer, 'signing')
  await connectEmbeddedWallet(foyer, state, String(wallet.address), accessToken)
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  const proxy = await state.proxy()
  const answer = await proxy.request<{ data: { signature: string } }>(frameEvents.solanaRpc, {
    accessToken,
    address: wallet.address,
    request: { method: 'signMessage', params: { message: toBase64(bytes) } },
  })
  return fromBase64(answer.data.signature)
}
