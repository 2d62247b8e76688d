import { lazy, Suspense } from 'react'
import type { User } from 'foyer'
import { EmbeddedWalletsCard } from './EmbeddedWalletsCard.js'
import { CrossAppCard } from './CrossAppCard.js'
import { FarcasterSignerCard } from './FarcasterSignerCard.js'
import { NoteSignerCard } from './NoteSignerCard.js'
import { LinkedAccounts } from './LinkedAccounts.js'
import { PasskeysCard } from './PasskeysCard.js'
import { TransactionProtectionCard } from './TransactionProtectionCard.js'
import { RecoveryPasswordCard } from './RecoveryPasswordCard.js'
import { SmartWalletCard } from './SmartWalletCard.js'
import { SolanaTransactionsCard } from './SolanaTransactionsCard.js'
import { UserCard } from './UserCard.js'
import { WagmiCard } from './WagmiCard.js'
// wallet-adapter loads with the card, not with the page.
const SolanaDappCard = lazy(() => import('./SolanaDappCard.js'))
import { WalletsCard } from './WalletsCard.js'

/** The signed-in page: the user, their accounts, wallets and passkeys, and the smart wallet. */
export function Dashboard({ user }: { user: User }) {
  return (
    <div data-testid="signed-in" className="dashboard">
      <div className="page-head">
        <h1>Your account</h1>
        <p className="pitch">Everything here is live: each action goes through the Foyer server, and each card shows its code.</p>
      </div>
      <div className="card-grid">
        <UserCard user={user} />
        <LinkedAccounts user={user} />
        <EmbeddedWalletsCard user={user} />
        <CrossAppCard user={user} />
        <SmartWalletCard />
        <FarcasterSignerCard user={user} />
        {new URLSearchParams(location.search).get('note_signer') === '1' ? <NoteSignerCard user={user} /> : null}
        <SolanaTransactionsCard user={user} />
        <Suspense fallback={null}>
          <SolanaDappCard user={user} />
        </Suspense>
        <RecoveryPasswordCard user={user} />
        <WalletsCard />
        <WagmiCard />
        <PasskeysCard user={user} />
        <TransactionProtectionCard user={user} />
      </div>
    </div>
  )
}
