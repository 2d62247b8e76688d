import { useState } from 'react'
import { useFoyer } from 'foyer'
import { useSignMessage } from 'foyer/plugins/embedded-wallet'

/** The message the page's wallet signs. */
export const WALLET_MESSAGE = 'Hello from a foyer/testing user'

/** A host page's wallet corner: the signed-in user's embedded wallet, and a button that signs a message with it. */
export function WalletPanel() {
  const { authenticated, user } = useFoyer()
  const { signMessage } = useSignMessage()
  const [signature, setSignature] = useState('')
  if (!authenticated) return null
  return (
    <section>
      <code data-testid="wallet-address">{user?.wallet?.address ?? ''}</code>
      <button type="button" onClick={() => signMessage({ message: WALLET_MESSAGE }).then(setSignature, (error: Error) => setSignature(error.message))}>
        Sign message
      </button>
      <output data-testid="signature">{signature}</output>
    </section>
  )
}
