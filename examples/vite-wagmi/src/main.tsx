import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider, createConfig, http, useConnection, useSignMessage } from 'wagmi'
import { foundry } from 'wagmi/chains'
import { FoyerProvider, useFoyer } from 'foyer'
import { email } from 'foyer/plugins/email'
import { embeddedWallet } from 'foyer/plugins/embedded-wallet'
import { foyer } from 'foyer/wagmi'

// Your chain: foundry is anvil's (31337) on VITE_RPC_URL; use base, sepolia… from 'wagmi/chains' in production.
const rpcUrl = import.meta.env.VITE_RPC_URL ?? 'http://127.0.0.1:8545'
const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } }

// showWalletUIs: false signs without Foyer's confirmation screen; leave it out to have the user confirm each request.
const plugins = [email(), embeddedWallet({ showWalletUIs: false })]
// The same chain for Foyer's embedded wallet and for wagmi; foyer() is the connector to that wallet.
const foyerConfig = { supportedChains: [chain], defaultChain: chain }
const wagmiConfig = createConfig({ chains: [chain], connectors: [foyer()], transports: { [chain.id]: http(rpcUrl) } })
const queryClient = new QueryClient()

const MESSAGE = 'Hello from Foyer + wagmi'

function Wallet() {
  // wagmi connects the embedded wallet by itself once the user is signed in (and again after a reload).
  const { address, status } = useConnection()
  const { mutate: signMessage, data: signature, error } = useSignMessage()
  return (
    <section>
      <p>
        wagmi: <span data-testid="wagmi-status">{status}</span> <span data-testid="wagmi-address">{address ?? ''}</span>
      </p>
      <button disabled={!address} onClick={() => signMessage({ message: MESSAGE })}>
        Sign message
      </button>
      <output data-testid="signature">{signature ?? error?.message ?? ''}</output>
    </section>
  )
}

function App() {
  const { ready, authenticated, user, login, logout } = useFoyer()
  if (!ready) return <p data-testid="loading">Loading…</p>
  if (!authenticated) return <button onClick={() => login()}>Log in</button>
  return (
    <main data-testid="signed-in">
      <p>
        Foyer: <span data-testid="user-email">{user?.email?.address}</span> <span data-testid="foyer-wallet">{user?.wallet?.address ?? ''}</span>{' '}
        <button onClick={() => logout()}>Log out</button>
      </p>
      <Wallet />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider appId={import.meta.env.VITE_FOYER_APP_ID} apiUrl={import.meta.env.VITE_FOYER_API_URL} plugins={plugins} config={foyerConfig}>
      <WagmiProvider config={wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </WagmiProvider>
    </FoyerProvider>
  </StrictMode>,
)
