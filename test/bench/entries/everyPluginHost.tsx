// A host with every plugin enabled (all 30 under plugins/, the Privy layer aside): what a plugin costs at first load
// should be its entry's meta and icon, everything else lazy (issue 26: ≤ 60 kB own initial JS gz with esbuild).
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer } from 'foyer'
import { captchaTurnstile } from 'foyer/plugins/captcha-turnstile'
import { coinbaseWallet } from 'foyer/plugins/coinbase-wallet'
import { crossApp } from 'foyer/plugins/cross-app'
import { customJwt } from 'foyer/plugins/custom-jwt'
import { delegatedActions } from 'foyer/plugins/delegated-actions'
import { email } from 'foyer/plugins/email'
import { embeddedWallet } from 'foyer/plugins/embedded-wallet'
import { farcaster } from 'foyer/plugins/farcaster'
import { farcasterSigner } from 'foyer/plugins/farcaster-signer'
import { funding } from 'foyer/plugins/funding'
import { fundingCoinbase } from 'foyer/plugins/funding-coinbase'
import { fundingExternal } from 'foyer/plugins/funding-external'
import { fundingMoonpay } from 'foyer/plugins/funding-moonpay'
import { guest } from 'foyer/plugins/guest'
import { injected } from 'foyer/plugins/injected'
import { mfa } from 'foyer/plugins/mfa'
import { mfaPasskey } from 'foyer/plugins/mfa-passkey'
import { mfaSms } from 'foyer/plugins/mfa-sms'
import { mfaTotp } from 'foyer/plugins/mfa-totp'
import { mobileWallets } from 'foyer/plugins/mobile-wallets'
import { oauth } from 'foyer/plugins/oauth'
import { passkey } from 'foyer/plugins/passkey'
import { siwe } from 'foyer/plugins/siwe'
import { siws } from 'foyer/plugins/siws'
import { smartWallets } from 'foyer/plugins/smart-wallets'
import { sms } from 'foyer/plugins/sms'
import { solana } from 'foyer/plugins/solana'
import { telegram } from 'foyer/plugins/telegram'
import { terms } from 'foyer/plugins/terms'
import { walletConnect } from 'foyer/plugins/walletconnect'

const plugins = [
  email(), sms(), oauth(), passkey(), telegram(), farcaster(), customJwt({ getCustomAccessToken: async () => null }), guest(), captchaTurnstile(),
  siwe(), siws(), injected(), coinbaseWallet(), walletConnect(), mobileWallets(), solana(), crossApp(), terms(),
  embeddedWallet(), smartWallets(), delegatedActions(), farcasterSigner(),
  mfa(), mfaTotp(), mfaSms(), mfaPasskey(),
  funding(), fundingCoinbase(), fundingMoonpay(), fundingExternal(),
]

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
