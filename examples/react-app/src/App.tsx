import { useConnectWallet, useFoyer, useFoyerKernel, useLogin, useWallets } from 'foyer'
import { useGuestAccounts } from 'foyer/plugins/guest'
import { useLinkPasskey } from 'foyer/plugins/passkey'
import { useLinkWallet } from 'foyer/plugins/siwe'

/** The host page: a 'Log in' button, then the user's e-mail, linked accounts and 'Log out'. */
export function App() {
  const { ready, authenticated, user, logout } = useFoyer()
  const { login } = useLogin({
    onComplete: ({ isNewUser }) => console.info(isNewUser ? 'Signed up' : 'Signed in'),
    onError: (code) => console.info('Login ended:', code),
  })

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '64px auto', padding: '0 16px' }}>
      <h1>Foyer example</h1>
      {!ready ? (
        <p data-testid="loading">Loading…</p>
      ) : authenticated && user ? (
        <section data-testid="signed-in">
          <p>
            Signed in as <strong data-testid="user-email">{user.email?.address ?? user.id}</strong>
            {user.isGuest ? <em data-testid="user-guest"> (guest)</em> : null}
          </p>
          <p>
            User id: <code data-testid="user-id">{user.id}</code>
          </p>
          <h2>Linked accounts</h2>
          <ul data-testid="linked-accounts">
            {user.linkedAccounts.map((account, i) => (
              <li key={i}>
                {account.type}: {String(account.address ?? account.number ?? account.subject ?? account.customUserId ?? account.telegramUserId ?? '')}
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => void logout()}>
            Log out
          </button>{' '}
          <PasskeysButton />{' '}
          <LinkWalletButton />
        </section>
      ) : (
        <>
          <button type="button" onClick={() => login()}>
            Log in
          </button>{' '}
          <GuestButton />
        </>
      )}
      {ready ? <Wallets /> : null}
    </main>
  )
}

/** 'Continue as guest', shown when the guest plugin is loaded (main.tsx). */
function GuestButton() {
  const foyer = useFoyerKernel()
  const { createGuestAccount } = useGuestAccounts()
  if (!foyer.registry.plugin('guest')) return null
  return (
    <button type="button" onClick={() => createGuestAccount().catch((error) => console.info('Guest login failed:', error?.code))}>
      Continue as guest
    </button>
  )
}

/** 'Manage passkeys' opens the passkey plugin's link screen, shown when the plugin is loaded (main.tsx). */
function PasskeysButton() {
  const foyer = useFoyerKernel()
  const { openLinkPasskey } = useLinkPasskey()
  if (!foyer.registry.plugin('passkey')) return null
  return (
    <button type="button" onClick={openLinkPasskey}>
      Manage passkeys
    </button>
  )
}

/** 'Link a wallet' opens the wallet list to link another Ethereum wallet (SIWE), shown when the plugin is loaded. */
function LinkWalletButton() {
  const foyer = useFoyerKernel()
  const { linkWallet } = useLinkWallet()
  if (!foyer.registry.plugin('siwe')) return null
  return (
    <button type="button" onClick={linkWallet}>
      Link a wallet
    </button>
  )
}

/** Connected external wallets (useWallets) with 'Connect wallet' (useConnectWallet), chain switching and disconnect. */
function Wallets() {
  const foyer = useFoyerKernel()
  const { wallets } = useWallets()
  const { connectWallet } = useConnectWallet({
    onSuccess: ({ wallet }) => console.info('Wallet connected:', wallet.address),
    onError: (code) => console.info('Connect wallet ended:', code),
  })
  if (!foyer.registry.plugins.some((p) => p.kind === 'connector')) return null
  const chains = (foyer.$config.value?.client.supportedChains ?? []).map((c) => c.id)
  return (
    <section>
      <h2>Wallets</h2>
      <ul data-testid="wallets">
        {wallets.map((wallet) => (
          <li key={`${wallet.meta.id}:${wallet.address}`} data-address={wallet.address}>
            {wallet.meta.name} <code data-testid="wallet-address">{wallet.address}</code> on <code data-testid="wallet-chain">{wallet.chainId}</code>{' '}
            {chains.map((id) => (
              <button key={id} type="button" onClick={() => wallet.switchChain(id).catch((error) => console.info('Switch failed:', error?.code))}>
                Switch to {id}
              </button>
            ))}{' '}
            <button type="button" onClick={() => void wallet.disconnect()}>
              Disconnect
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => connectWallet()}>
        Connect wallet
      </button>
    </section>
  )
}
