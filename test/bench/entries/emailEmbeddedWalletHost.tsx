// The e-mail host (emailHost.tsx) with the embedded-wallet plugin: its addition to the host's initial JS.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer } from 'foyer'
import { email } from 'foyer/plugins/email'
import { embeddedWallet } from 'foyer/plugins/embedded-wallet'

function App() {
  const [n, setN] = useState(0)
  const { login } = useFoyer()
  return <button onClick={() => (setN(n + 1), login())}>Log in {n}</button>
}
createRoot(document.getElementById('root')!).render(
  <FoyerProvider appId="foyer_dev_app_00000000001" apiUrl="http://localhost:8787" plugins={[email(), embeddedWallet()]}>
    <App />
  </FoyerProvider>,
)
