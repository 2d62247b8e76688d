import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider } from 'foyer'
import { email } from 'foyer/plugins/email'
import { sms } from 'foyer/plugins/sms'
import { guest } from 'foyer/plugins/guest'
import { customJwt } from 'foyer/plugins/custom-jwt'
import { telegram } from 'foyer/plugins/telegram'
import { farcaster } from 'foyer/plugins/farcaster'
import { passkey } from 'foyer/plugins/passkey'
import { oauth } from 'foyer/plugins/oauth'
import { App } from './App.js'

const plugins = [
  email(),
  sms(),
  guest(),
  // Shows once the server's app has a "telegram" section (bot token and name).
  telegram(),
  farcaster(),
  passkey(),
  // Social logins show once the server's app has an "oauth" section; ?oauth_flow=popup tries the popup flow.
  oauth({ flow: new URLSearchParams(location.search).get('oauth_flow') === 'popup' ? 'popup' : 'redirect' }),
  // The example's stand-in for a host auth provider: a JWT its login put in localStorage ('example:host_jwt').
  // Without one (the default) nothing happens; the e2e test sets it to a token signed by the JWKS stand-in.
  customJwt({ getCustomAccessToken: async () => localStorage.getItem('example:host_jwt') }),
]

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider
      appId={import.meta.env.VITE_FOYER_APP_ID}
      apiUrl={import.meta.env.VITE_FOYER_API_URL}
      plugins={plugins}
      config={{ appearance: { theme: 'light', loginMessage: 'Sign in to the Foyer example app' } }}
    >
      <App />
    </FoyerProvider>
  </StrictMode>,
)
