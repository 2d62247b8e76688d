import { createConfig, http, reconnect } from '@wagmi/core'
import { foyer } from 'foyer/wagmi'
import { mainnet } from 'viem/chains'
import { localStack } from './localStack.js'

// A wagmi app beside Foyer, as a host builds one: its own config with the foyer() connector, and the reconnect wagmi
// runs when a page loads (WagmiProvider does it on mount) — before Foyer has restored its session.
const local = localStack
  ? { id: localStack.chain.id, name: `Local ${localStack.chain.id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [localStack.chain.rpcUrl] } } }
  : null

export const wagmiConfig = createConfig({
  chains: local ? [local, mainnet] : [mainnet],
  connectors: [foyer()],
  transports: { [mainnet.id]: http(), ...(local ? { [local.id]: http(local.rpcUrls.default.http[0]) } : {}) },
})

export const wagmiReconnected = reconnect(wagmiConfig)
