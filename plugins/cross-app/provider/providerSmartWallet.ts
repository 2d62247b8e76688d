import type { ReadonlySignal } from '@preact/signals-core'
import type { Foyer } from '../../../core/client/types.js'
import { crossAppError } from '../crossAppErrors.js'

/** The smart-wallets plugin's client as the provider pages use it, looked up by plugin id (no import of that plugin). */
export interface ProviderSmartWallet {
  account: { address: string }
  chain: { id: number }
  signMessage(input: { message: string | { raw: `0x${string}` } }): Promise<`0x${string}`>
  signTypedData(typedData: unknown): Promise<`0x${string}`>
  sendTransaction(transaction: { to: `0x${string}`; value?: bigint | number | string; data?: `0x${string}` }): Promise<`0x${string}`>
}

/** The part of the smart-wallets plugin's state read here (its `SmartWalletsState`). */
interface SmartWalletsStateView {
  client: ReadonlySignal<ProviderSmartWallet | null>
  status: ReadonlySignal<string>
}

const SMART_WALLETS = 'smart-wallets'
/** How long the page waits for the smart-wallets plugin to build the signed-in user's client. */
const SMART_WALLET_WAIT_MS = 30_000

/** Resolves once `status` is settled (neither 'idle' nor 'loading'); rejects after `timeoutMs`. */
function settled(status: ReadonlySignal<string>, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false
    let stop: (() => void) | undefined
    const finish = (error?: Error) => {
      if (done) return
      done = true
      clearTimeout(timer)
      stop?.()
      if (error) reject(error)
      else resolve()
    }
    const timer = setTimeout(() => finish(crossAppError('wrongAddress')), timeoutMs)
    stop = status.subscribe((value) => {
      if (value !== 'idle' && value !== 'loading') finish()
    })
    if (done) stop()
  })
}

/**
 * The signed-in provider user's smart wallet at `address`, through the smart-wallets plugin (the spec's smart-wallet
 * variants of the wallet requests); null when `address` is not one of the user's smart wallets (the embedded wallet
 * answers). A linked smart wallet this page cannot act for (plugin not loaded, not built, another account) is refused
 * with 'Cannot request a signature with this wallet address'.
 */
export async function providerSmartWallet(foyer: Foyer, address: string, timeoutMs = SMART_WALLET_WAIT_MS): Promise<ProviderSmartWallet | null> {
  const wanted = address.toLowerCase()
  const user = foyer.$session.peek().user
  const linked = user?.linkedAccounts.some((a) => a.type === 'smart_wallet' && String(a.address).toLowerCase() === wanted)
  if (!linked) return null
  if (!foyer.registry.plugin(SMART_WALLETS)) throw crossAppError('wrongAddress')
  const state = foyer.pluginState<SmartWalletsStateView>(SMART_WALLETS)
  await settled(state.status, timeoutMs)
  const client = state.client.peek()
  if (!client || client.account.address.toLowerCase() !== wanted) throw crossAppError('wrongAddress')
  return client
}
