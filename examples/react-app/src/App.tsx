import { useState } from 'react'
import { useConnectWallet, useFoyer, useFoyerKernel, useLinkAccount, useLogin, useUnlinkAccount, useUpdateEmail, useUpdatePhone, useWallets, type LinkedAccount } from 'foyer'
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
          <AccountSection />
        </section>
      ) : (
        <>
          {/* ?no_signup: login restricted to existing accounts (Privy's `disableSignup`). */}
          <button type="button" onClick={() => login(new URLSearchParams(location.search).has('no_signup') ? { disableSignup: true } : undefined)}>
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

/** The method name and arguments `unlink(method, ...args)` takes for a linked account (null: not unlinkable here). */
function unlinkArgs(account: LinkedAccount): [string, ...unknown[]] | null {
  if (account.type === 'email') return ['email', account.address]
  if (account.type === 'phone') return ['phone', account.number]
  if (account.type === 'wallet') return [account.chainType === 'solana' ? 'solanaWallet' : 'wallet', account.address]
  if (account.type.endsWith('_oauth')) return ['oauth', account.type.slice(0, -'_oauth'.length), account.subject]
  if (account.type === 'farcaster') return ['farcaster', account.fid]
  if (account.type === 'telegram') return ['telegram', account.telegramUserId]
  if (account.type === 'passkey') return ['passkey', account.credentialId]
  return null
}

/** 'Account': link and update e-mail/phone (useLinkAccount, useUpdateEmail/Phone) and unlink each linked account. */
function AccountSection() {
  const foyer = useFoyerKernel()
  const { user } = useFoyer()
  const [message, setMessage] = useState<string | null>(null)
  const onSuccess = ({ linkMethod }: { linkMethod: string }) => setMessage(`Done: ${linkMethod}`)
  const onError = (code: string) => console.info('Account flow ended:', code)
  const { linkEmail, linkPhone } = useLinkAccount({ onSuccess, onError })
  const { updateEmail } = useUpdateEmail({ onSuccess, onError })
  const { updatePhone } = useUpdatePhone({ onSuccess, onError })
  const { unlink } = useUnlinkAccount()
  // Errors (the server's text, e.g. the last login method can't go) show on the page.
  const run = (action: () => Promise<unknown>) => {
    setMessage(null)
    action().catch((error) => setMessage(error?.shortMessage ?? error?.message ?? String(error)))
  }
  const has = (id: string) => Boolean(foyer.registry.plugin(id))
  if (!user) return null
  return (
    <section data-testid="account">
      <h2>Account</h2>
      <p>
        {has('email') ? (
          <>
            <button type="button" data-testid="link-email" onClick={() => run(linkEmail)}>Link email</button>{' '}
            <button type="button" data-testid="update-email" onClick={() => run(updateEmail)}>Update email</button>{' '}
          </>
        ) : null}
        {has('sms') ? (
          <>
            <button type="button" data-testid="link-phone" onClick={() => run(linkPhone)}>Link phone</button>{' '}
            <button type="button" data-testid="update-phone" onClick={() => run(updatePhone)}>Update phone</button>
          </>
        ) : null}
      </p>
      <LinkAnyMethod run={run} />
      <ul data-testid="unlink-accounts">
        {user.linkedAccounts.map((account, i) => {
          const args = unlinkArgs(account)
          if (!args) return null
          const label = String(args[args.length - 1])
          return (
            <li key={i} data-testid={`account-${account.type}`}>
              {account.type}: {label}{' '}
              <button type="button" data-testid={`unlink-${account.type}`} onClick={() => run(() => unlink(...args))}>
                Unlink
              </button>
            </li>
          )
        })}
      </ul>
      {message ? <p role="status" data-testid="account-message">{message}</p> : null}
    </section>
  )
}

/** 'Link another account': every method the loaded plugins can link (`foyer.accounts.methods()`), e.g. google. */
function LinkAnyMethod({ run }: { run: (action: () => Promise<unknown>) => void }) {
  const foyer = useFoyerKernel()
  const { link } = useLinkAccount()
  const methods = foyer.accounts.methods().link
  const [method, setMethod] = useState(methods[0] ?? '')
  if (methods.length === 0) return null
  return (
    <p>
      <select aria-label="Link method" data-testid="link-method" value={method} onChange={(event) => setMethod(event.target.value)}>
        {methods.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>{' '}
      <button type="button" data-testid="link-any" onClick={() => run(() => link(method))}>
        Link another account
      </button>
    </p>
  )
}
