// The Playwright example's host page: HostPage under a FoyerProvider, pointed at the test server the URL names
// (`?apiUrl=…&appId=…`, so the page is built once and each run's server is passed as it loads). With `&wallets=1` the
// page also has embedded wallets (signing without the confirmation screen, no wallet made at login) and WalletPanel.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider } from 'foyer'
import { email } from 'foyer/plugins/email'
import { embeddedWallet } from 'foyer/plugins/embedded-wallet'
import { HostPage } from './HostPage.js'
import { WalletPanel } from './WalletPanel.js'

const params = new URLSearchParams(location.search)
const wallets = params.has('wallets')
const plugins = wallets ? [email(), embeddedWallet({ showWalletUIs: false, ethereum: { createOnLogin: 'off' } })] : [email()]
// A test build of the page: the modal closes as soon as the sign-in succeeds instead of showing 'Success' for a second
// (successDelayMs, a public option of the provider's config; the product's default is 1000 ms).
const config = { successDelayMs: 0 }

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider appId={params.get('appId') ?? ''} apiUrl={params.get('apiUrl') ?? ''} plugins={plugins} config={config}>
      <HostPage />
      {wallets && <WalletPanel />}
    </FoyerProvider>
  </StrictMode>,
)
