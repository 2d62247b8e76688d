import type { User } from 'foyer'
import { embeddedWalletsOf } from 'foyer/plugins/embedded-wallet'
import { useFarcasterSigner } from 'foyer/plugins/farcaster-signer'
import { useCardAction } from './useCardAction.js'

const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * Farcaster signers (farcasterSigner()): for a Farcaster user with an embedded Ethereum wallet, 'Request Farcaster
 * signer' opens Warpcast's approval and 'Awaiting Farcaster signer'; once approved, the user's farcaster.signerPublicKey
 * shows and 'Sign a Farcaster message' signs a 20-byte message hash in the wallet frame.
 */
export function FarcasterSignerCard({ user }: { user: User }) {
  const { requestFarcasterSignerFromWarpcast, signFarcasterMessage } = useFarcasterSigner()
  const { result, busy, run } = useCardAction()
  const farcaster = user.linkedAccounts.find((a) => a.type === 'farcaster')
  if (!farcaster || embeddedWalletsOf(user, 'ethereum').length === 0) return null
  const signerPublicKey = typeof farcaster.signerPublicKey === 'string' ? farcaster.signerPublicKey : null
  return (
    <section className="card" aria-labelledby="farcaster-signer-title" data-testid="farcaster-signer">
      <h2 id="farcaster-signer-title">Farcaster signer</h2>
      <p className="card-lead">
        fid {String(farcaster.fid)} · signer{' '}
        <code data-testid="farcaster-signer-key">{signerPublicKey ?? 'none'}</code>
      </p>
      <div className="card-actions">
        <button type="button" disabled={busy} onClick={() => void run('Signer', async () => (await requestFarcasterSignerFromWarpcast()).publicKey)}>
          Request Farcaster signer
        </button>
        <button
          type="button"
          disabled={busy || !signerPublicKey}
          onClick={() =>
            void run('Message hash signature', async () => {
              const hash = crypto.getRandomValues(new Uint8Array(20))
              const signature = await signFarcasterMessage(hash)
              return `${hex(hash)} ${hex(signature)}`
            })
          }
        >
          Sign a Farcaster message
        </button>
      </div>
      {result ? (
        <p data-testid="farcaster-signer-result" data-label={result.label}>
          {result.label}: <code>{result.value}</code>
        </p>
      ) : null}
    </section>
  )
}
