import { signal } from '@preact/signals-core'
import { definePlugin } from '../../core/client/plugin.js'
import { screenWith } from '../../core/client/screenWith.js'
import type { Foyer } from '../../core/client/types.js'
import { usePluginState } from '../../ui/hooks/usePluginState.js'
import { primaryEmbeddedWallet } from '../embedded-wallet/index.js'
import { loadTransactionDecoder } from '../wallet-transactions/index.js'
import { smartWalletsTexts } from './smartWalletsTexts.js'
import { SMART_WALLETS_PLUGIN_ID, type PermissionlessLoader, type SmartWalletClient, type SmartWalletsState } from './smartWalletTypes.js'

// The host's entry: no viem here (hosts import it without viem in their first load). The smart account, the bundler and
// paymaster clients live in smartWalletRuntime.ts, loaded with import() once a signed-in user has an embedded wallet.

/** Options of smartWallets(). */
export interface SmartWalletsOptions {
  /**
   * Needed when the app's smart_wallet_type is 'safe': `() => import('permissionless/accounts')` (permissionless and ox
   * are optional peers, installed by hosts with Safe wallets only).
   */
  permissionless?: PermissionlessLoader
  texts?: Record<string, string>
}


const runtime = () => import('./smartWalletRuntime.js')

/**
 * Smart wallets: `plugins={[embeddedWallet(), smartWallets()]}` with the server half `smartWalletsServer()` and the app's
 * "smart-wallets" section. Once a signed-in user has an embedded Ethereum wallet, the plugin builds the ERC-4337 smart
 * account it owns (the type and networks of GET /api/v1/apps/{appId}/smart_wallets), links it (siwe/link_smart_wallet) and
 * publishes a client: `useSmartWallets().client`.
 */
export function smartWallets(options: SmartWalletsOptions = {}) {
  return definePlugin({
    id: SMART_WALLETS_PLUGIN_ID,
    kind: 'feature',
    api: () => import('./api.js').then((m) => m.smartWalletsApi),
    state: (): SmartWalletsState => ({ client: signal(null), status: signal('idle'), error: signal(null), userId: null, batch: null, ...(options.permissionless ? { permissionless: options.permissionless } : {}) }),
    screens: { confirm: { load: screenWith(() => import('./screens/SmartWalletConfirmScreen.js'), loadTransactionDecoder), title: 'smartWallets.confirm.title' } },
    // After the embedded wallet exists: on login (its flow hook made it) and on a restored session alike, by the session.
    setup: (foyer: Foyer) => {
      const state = foyer.pluginState<SmartWalletsState>(SMART_WALLETS_PLUGIN_ID)
      const check = () => {
        const user = foyer.$session.peek().user
        if (!user) {
          state.userId = null
          state.batch = null
          state.client.value = null
          state.error.value = null
          state.status.value = 'idle'
          return
        }
        if (state.userId === user.id) return
        const hasEmbedded = user.linkedAccounts.some((a) => a.type === 'wallet' && a.walletClientType === 'privy' && (a.chainType ?? 'ethereum') === 'ethereum')
        if (!hasEmbedded) return
        // Once per user: the status stays 'idle' until the app's config says smart wallets are on ('loading'), or off.
        state.userId = user.id
        runtime()
          .then((m) => m.startSmartWallet(foyer, state, primaryEmbeddedWallet))
          .catch((error: unknown) => {
            if (state.userId !== user.id) return
            state.error.value = error instanceof Error ? error : new Error(String(error))
            state.status.value = 'error'
          })
      }
      return foyer.$session.subscribe(check)
    },
    // EIP-5792 batches of the embedded wallet that owns the smart account, on the account's chain: one user operation.
    batchExecutor: {
      executorFor(foyer: Foyer, { owner, chainId }: { owner: string; chainId: number }) {
        const state = foyer.pluginState<SmartWalletsState>(SMART_WALLETS_PLUGIN_ID)
        const client = state.client.peek()
        const batch = state.batch
        if (!client || !batch || client.chain.id !== chainId || batch.owner.toLowerCase() !== owner.toLowerCase()) return null
        return { account: client.account.address, sponsored: client.sponsored, send: batch.send }
      },
    },
    texts: { ...smartWalletsTexts, ...options.texts },
  })
}

/** The signed-in user's smart wallet: `{ client }` (null until it is built and linked), its status and last error. */
export function useSmartWallets(): { client: SmartWalletClient | null; status: SmartWalletsState['status']['value']; error: Error | null } {
  const state = usePluginState<SmartWalletsState>(SMART_WALLETS_PLUGIN_ID)
  return { client: state.client.value, status: state.status.value, error: state.error.value }
}

export { SMART_WALLETS_PLUGIN_ID, SMART_WALLET_CONFIRM_SCREEN } from './smartWalletTypes.js'
export type { PermissionlessLoader, SmartWalletClient, SmartWalletsState, SmartWalletTransaction, SmartWalletUiOptions } from './smartWalletTypes.js'
export type { SmartWalletType, SmartWalletsConfig, SmartWalletsAppConfig, SmartWalletNetwork } from './schema.js'
export * from './smartWalletsApiExports.js'
