// A plugin with a frame half, written as a third party would: only the package's public subpaths are imported. Its
// key work runs in the wallet frame (frame.ts); this half asks for it through the embedded wallet.
import { definePlugin, PluginError, type Foyer } from 'foyer/core'
import { primaryEmbeddedWallet } from 'foyer/plugins/embedded-wallet'
import { useFoyerKernel } from 'foyer/ui'
import { noteSignerFrameEvents, type SignedNote } from './frameEvents.js'

export { NOTE_PREFIX, type SignedNote } from './frameEvents.js'

type WalletFrameRequest = <R>(address: string, event: string, data?: Record<string, unknown>, name?: string) => Promise<R>

/** The note signer: `plugins={[embeddedWallet(), noteSigner()]}`, with `noteSignerServer()` on the server. */
export function noteSigner() {
  return definePlugin({ id: 'note-signer', kind: 'feature' })
}

/**
 * Signs `note` with the user's note key (made and used in the wallet frame only): the embedded wallet unlocks the
 * user's Ethereum wallet (its recovery and MFA step-up as for any signature), then the frame half signs.
 */
export async function signNote(foyer: Foyer, note: string): Promise<SignedNote> {
  const address = primaryEmbeddedWallet(foyer.$session.peek().user, 'ethereum')?.address
  const request = foyer.actions().walletFrameRequest as WalletFrameRequest | undefined
  if (!address || !request) throw new PluginError('The note signer needs an embedded Ethereum wallet', { pluginId: 'note-signer' })
  return request<SignedNote>(address, noteSignerFrameEvents.sign, { note }, 'note-signer')
}

/** `signNote` for the signed-in user of the page's FoyerProvider. */
export function useNoteSigner(): { signNote(note: string): Promise<SignedNote> } {
  const foyer = useFoyerKernel()
  return { signNote: (note) => signNote(foyer, note) }
}
