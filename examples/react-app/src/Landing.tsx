import { useState } from 'react'
import { useFoyerKernel, useLogin } from 'foyer'
import { useGuestAccounts } from 'foyer/plugins/guest'
import { CodeSnippet } from './CodeSnippet.js'
import { LoginMethods } from './LoginMethods.js'
import { snippets } from './snippets.js'
import { WalletsCard } from './WalletsCard.js'
import { CrossAppCard } from './CrossAppCard.js'

/** The signed-out page: what Foyer is, 'Log in', 'Continue as guest', the methods this app has and wallet connection. */
export function Landing() {
  const foyer = useFoyerKernel()
  // ?no_signup: login restricted to existing accounts (Privy's `disableSignup`).
  const disableSignup = new URLSearchParams(location.search).has('no_signup')
  const { login } = useLogin({
    onComplete: ({ isNewUser }) => console.info(isNewUser ? 'Signed up' : 'Signed in'),
    onError: (code) => console.info('Login ended:', code),
  })
  const guest = Boolean(foyer.registry.plugin('guest'))

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">Open source · self-hosted · React</p>
        <h1 id="hero-title">Foyer</h1>
        <p className="pitch">Sign-in, accounts and wallets for your React app, in one small modal that talks to a server you run.</p>
        <div className="hero-actions">
          <button type="button" className="btn btn-primary btn-large" onClick={() => login(disableSignup ? { disableSignup: true } : undefined)}>
            Log in
          </button>
          {guest ? <GuestButton /> : null}
        </div>
        <CodeSnippet title="useLogin behind these buttons" code={snippets.login({ guest, disableSignup })} />
      </section>
      <div className="card-grid">
        <LoginMethods />
        <CrossAppCard />
        <WalletsCard />
      </div>
    </>
  )
}

/** 'Continue as guest' (guest plugin): signs in without any account; failures show on the page. */
function GuestButton() {
  const { createGuestAccount } = useGuestAccounts()
  const [error, setError] = useState<string | null>(null)
  const start = () => {
    setError(null)
    createGuestAccount().catch((e) => {
      console.info('Guest login failed:', e?.code)
      setError(e?.shortMessage ?? 'Guest sign-in failed.')
    })
  }
  return (
    <>
      <button type="button" className="btn btn-secondary btn-large" onClick={start}>
        Continue as guest
      </button>
      <p className="inline-status" role="status">
        {error}
      </p>
    </>
  )
}
