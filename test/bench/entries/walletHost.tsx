// A host with wallet sign-in: injected connector + SIWE (the 60 kB budget entry).
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer } from 'foyer'
import { injected } from 'foyer/plugins/injected'
import { siwe } from 'foyer/plugins/siwe'

function App() {
  const [n, setN] = useState(0)
  const { login } = useFoyer()
  return <button onClick={() => (setN(n + 1), login())}>Log in {n}</button>
}
createRoot(document.getElementById('root')!).render(
  <FoyerProvider appId="foyer_dev_app_00000000001" apiUrl="http://localhost:8787" plugins={[injected(), siwe()]}>
    <App />
  </FoyerProvider>,
)
