// The same host with every login method of issue 3 enabled: the 45 kB budget entry.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer } from 'foyer'
import { customJwt } from 'foyer/plugins/custom-jwt'
import { email } from 'foyer/plugins/email'
import { farcaster } from 'foyer/plugins/farcaster'
import { guest } from 'foyer/plugins/guest'
import { oauth } from 'foyer/plugins/oauth'
import { passkey } from 'foyer/plugins/passkey'
import { sms } from 'foyer/plugins/sms'
import { telegram } from 'foyer/plugins/telegram'
import { captchaTurnstile } from 'foyer/plugins/captcha-turnstile'

const plugins = [email(), sms(), oauth(), passkey(), telegram(), farcaster(), customJwt({ getCustomAccessToken: async () => null }), guest(), captchaTurnstile()]

function App() {
  const [n, setN] = useState(0)
  const { login } = useFoyer()
  return <button onClick={() => (setN(n + 1), login())}>Log in {n}</button>
}
createRoot(document.getElementById('root')!).render(
  <FoyerProvider appId="foyer_dev_app_00000000001" apiUrl="http://localhost:8787" plugins={plugins}>
    <App />
  </FoyerProvider>,
)
