import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { defineChain, type Hex } from 'viem'
import {
  WagmiProvider,
  createConfig,
  http,
  useCallsStatus,
  useCapabilities,
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useSendCalls,
  useSendTransaction,
  useSignMessage,
  useSignTypedData,
  useSwitchChain,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'
import { FoyerProvider, useFoyer } from 'foyer'
import { email } from 'foyer/plugins/email'
import { embeddedWallet } from 'foyer/plugins/embedded-wallet'
import { smartWallets, useSmartWallets } from 'foyer/plugins/smart-wallets'
import { foyer } from 'foyer/wagmi'
import { ANVIL_CHAIN_ID, CALL_TARGETS, MESSAGE, RECIPIENT, SECOND_CHAIN_ID, STORE_ABI, STORE_ADDRESS, TRANSFER_WEI, TYPED_DATA } from './fixtures'

// Set at bundle time with esbuild's --define.
declare const FOYER_APP_ID: string
declare const FOYER_API_URL: string

/** What 'Write contract' stores: the wagmi major version, so each host's write is told apart. */
const WAGMI_MAJOR = 3n

// ?rpc=<anvil's URL>; ?mode=discovery leaves the foyer() connector out: wagmi then finds the wallet by EIP-6963 only.
// ?smart=1 adds smartWallets(): the user's smart wallet sends wagmi's useSendCalls batches atomically.
const query = new URLSearchParams(location.search)
const rpc = query.get('rpc') ?? 'http://127.0.0.1:8545'
const discovery = query.get('mode') === 'discovery'
const smart = query.get('smart') === '1'
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const anvil = defineChain({ id: ANVIL_CHAIN_ID, name: 'Anvil', nativeCurrency: ether, rpcUrls: { default: { http: [rpc] } } })
const second = defineChain({ id: SECOND_CHAIN_ID, name: 'Second', nativeCurrency: ether, rpcUrls: { default: { http: [rpc] } } })

const plugins = [email(), embeddedWallet({ showWalletUIs: false }), ...(smart ? [smartWallets()] : [])]
const foyerConfig = { supportedChains: [anvil, second], defaultChain: anvil }
const wagmiConfig = createConfig({
  chains: [anvil, second],
  connectors: discovery ? [] : [foyer()],
  transports: { [anvil.id]: http(rpc), [second.id]: http(rpc) },
})
const queryClient = new QueryClient()

function Account() {
  const { ready, authenticated, user, login, logout } = useFoyer()
  if (!ready) return <p data-testid="loading">Loading…</p>
  return authenticated ? (
    <p data-testid="signed-in">
      <span data-testid="user-email">{user?.email?.address}</span> <span data-testid="foyer-wallet">{user?.wallet?.address ?? ''}</span>{' '}
      <button onClick={() => logout()}>Log out</button>
    </p>
  ) : (
    <button onClick={() => login()}>Log in</button>
  )
}

type Results = Record<string, string>

function SmartWallet() {
  const { client } = useSmartWallets()
  return <output data-testid="smart-address">{client?.account.address ?? ''}</output>
}

function Wagmi() {
  // wagmi 3's names: useConnection (was useAccount), useConnectors, and each mutation's mutateAsync.
  const account = useConnection()
  const connectors = useConnectors()
  const { mutateAsync: connectAsync } = useConnect()
  const { mutateAsync: disconnectAsync } = useDisconnect()
  const { mutateAsync: signMessageAsync } = useSignMessage()
  const { mutateAsync: signTypedDataAsync } = useSignTypedData()
  const { mutateAsync: switchChainAsync } = useSwitchChain()
  const { mutateAsync: sendTransactionAsync, data: txHash } = useSendTransaction()
  const tx = useWaitForTransactionReceipt({ hash: txHash })
  const { mutateAsync: writeContractAsync, data: writeHash } = useWriteContract()
  const write = useWaitForTransactionReceipt({ hash: writeHash })
  const { mutateAsync: sendCallsAsync, data: sent } = useSendCalls()
  const calls = useCallsStatus({ id: sent?.id ?? '', query: { enabled: Boolean(sent), refetchInterval: (q) => (q.state.data?.status === 'pending' || !q.state.data ? 250 : false) } })
  // Asked again until atomic: a smart wallet is built and linked a moment after the session is restored.
  const capabilities = useCapabilities({ query: { enabled: account.isConnected, refetchInterval: (q) => (q.state.data?.[ANVIL_CHAIN_ID]?.atomic?.status === 'supported' ? false : 500) } })
  const [results, setResults] = useState<Results>({})
  const run = (name: string, action: () => Promise<unknown>) => {
    setResults((r) => ({ ...r, [name]: '' }))
    action().then(
      (value) => setResults((r) => ({ ...r, [name]: String(value) })),
      (error: Error & { shortMessage?: string }) => setResults((r) => ({ ...r, [name]: `error: ${error.shortMessage ?? error.message}` })),
    )
  }
  const receiptText = (r: typeof tx) => (r.data ? `${r.data.status} ${r.data.blockNumber}` : r.error ? `error: ${r.error.message}` : '')
  const atomic = capabilities.data?.[ANVIL_CHAIN_ID]?.atomic?.status ?? ''
  return (
    <section data-testid="wagmi">
      <p>
        <span data-testid="wagmi-status">{account.status}</span> <span data-testid="wagmi-address">{account.address ?? ''}</span>{' '}
        <span data-testid="wagmi-chain">{account.chainId ?? ''}</span> <span data-testid="wagmi-connector">{account.connector?.id ?? ''}</span>
      </p>
      <p data-testid="connectors">{connectors.map((c) => `${c.id}:${c.name}`).join(',')}</p>
      {connectors.map((c) => (
        <button key={c.uid} data-testid={`connect-${c.id}`} onClick={() => run('connect', async () => (await connectAsync({ connector: c })).accounts[0])}>
          Connect {c.name}
        </button>
      ))}
      <button onClick={() => run('sign-message', () => signMessageAsync({ message: MESSAGE }))}>Sign message</button>
      <button onClick={() => run('sign-typed-data', () => signTypedDataAsync(TYPED_DATA))}>Sign typed data</button>
      <button onClick={() => run('switch-chain', async () => (await switchChainAsync({ chainId: account.chainId === SECOND_CHAIN_ID ? ANVIL_CHAIN_ID : SECOND_CHAIN_ID })).id)}>Switch chain</button>
      <button onClick={() => run('send-transaction', () => sendTransactionAsync({ to: RECIPIENT, value: TRANSFER_WEI }))}>Send transaction</button>
      <button onClick={() => run('write-contract', () => writeContractAsync({ address: STORE_ADDRESS, abi: STORE_ABI, functionName: 'set', args: [WAGMI_MAJOR] }))}>Write contract</button>
      <button onClick={() => run('send-calls', async () => (await sendCallsAsync({ calls: CALL_TARGETS.map((to, i) => ({ to, value: BigInt(i + 1) })) })).id)}>Send calls</button>
      <button onClick={() => run('disconnect', async () => (await disconnectAsync(), 'disconnected'))}>Disconnect</button>
      {Object.entries(results).map(([name, value]) => (
        <output key={name} data-testid={`result-${name}`}>
          {value}
        </output>
      ))}
      <output data-testid="tx-receipt">{receiptText(tx)}</output>
      <output data-testid="write-receipt">{receiptText(write)}</output>
      <output data-testid="calls-status">{calls.data ? `${calls.data.status} receipts=${calls.data.receipts?.length ?? 0} atomic=${calls.data.atomic}` : ''}</output>
      <output data-testid="calls-receipts">{calls.data?.receipts?.map((r) => `${r.status}:${r.transactionHash as Hex}`).join(',') ?? ''}</output>
      <output data-testid="capabilities-atomic">{atomic}</output>
    </section>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider appId={FOYER_APP_ID} apiUrl={FOYER_API_URL} plugins={plugins} config={foyerConfig}>
      <WagmiProvider config={wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <Account />
          {smart ? <SmartWallet /> : null}
          <Wagmi />
        </QueryClientProvider>
      </WagmiProvider>
    </FoyerProvider>
  </StrictMode>,
)
