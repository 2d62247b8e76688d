import type { Foyer } from '../../core/client/types.js'
import type { User } from '../../core/protocol/index.js'
import { crossAppCalls } from './crossAppCalls.js'
import { crossAppState } from './crossAppState.js'
import type { CrossAppConnection } from './schema.js'
import { crossAppTarget } from './crossAppTarget.js'
import { openCrossAppPopup } from './popupWindow.js'

/** Options of a cross-app signature or transaction: which cross_app wallet (an embedded or smart wallet of a provider). */
export interface CrossAppRequestOptions {
  address: string
}

/** A transaction as the provider's embedded wallet takes it (numbers as bigint, number or hex). */
export interface CrossAppTransaction {
  to?: string
  value?: bigint | number | string
  data?: string
  chainId?: number | string
  gas?: bigint | number | string
  [field: string]: unknown
}

/** What `useCrossAppAccounts()` returns (Privy's shape). */
export interface CrossAppAccountsActions {
  /** The provider apps this app may use (§3), fetched once per page. */
  getCrossAppConnections(): Promise<CrossAppConnection[]>
  /** Logs in with the provider app's account in a popup on its site. */
  loginWithCrossAppAccount(parameters: { appId: string }): Promise<User>
  /** Links the provider app's account to the signed-in user. */
  linkCrossAppAccount(parameters: { appId: string }): Promise<User>
  /** Unlinks it (and ends its provider token). */
  unlinkCrossAppAccount(parameters: { appId: string; subject: string }): Promise<User>
  /** personal_sign by the provider's wallet, on the provider's sign screen. */
  signMessage(input: { message: string }, options: CrossAppRequestOptions): Promise<`0x${string}`>
  /** eth_signTypedData_v4 by the provider's wallet. */
  signTypedData(typedData: unknown, options: CrossAppRequestOptions): Promise<`0x${string}`>
  /** eth_sendTransaction by the provider's wallet (refused for a read-only provider); answers the hash. */
  sendTransaction(transaction: CrossAppTransaction, options: CrossAppRequestOptions): Promise<{ hash: `0x${string}` }>
}

/** personal_sign's message: the UTF-8 bytes as hex (EIP-1474). */
const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`

/** JSON-safe: bigints as hex quantities. */
const toJson = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)))

/**
 * The actions behind useCrossAppAccounts. Each opens the popup first, in the caller's click task, then loads the flow
 * code lazily: the checks that may refuse (address, token, read-only) run before the popup opens.
 */
export function crossAppActions(foyer: Foyer): CrossAppAccountsActions {
  const auth = async (appId: string, intent: 'login' | 'link') => {
    const popup = openCrossAppPopup()
    foyer.modal.open({ intent, screen: 'cross-app/auth', params: { providerAppId: appId } })
    const { startCrossAppAuth } = await import('./crossAppAuth.js')
    try {
      return (await startCrossAppAuth(foyer, { providerAppId: appId, intent, popup })).user
    } catch (error) {
      foyer.failAuth(error)
      throw error
    }
  }
  const request = async (address: string, write: boolean, method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction', params: (address: string) => unknown[]) => {
    const target = crossAppTarget(foyer, address, write)
    const popup = openCrossAppPopup()
    const { crossAppRequest } = await import('./crossAppTransact.js')
    return crossAppRequest(foyer, target, { method, params: params(address) }, popup)
  }
  return {
    getCrossAppConnections: () => crossAppState(foyer).connections(),
    loginWithCrossAppAccount: ({ appId }) => auth(appId, 'login'),
    linkCrossAppAccount: ({ appId }) => auth(appId, 'link'),
    async unlinkCrossAppAccount({ appId, subject }) {
      const user = await crossAppCalls.unlink(foyer, { provider_app_id: appId, subject })
      // The server revoked the provider token: forget it here too.
      crossAppState(foyer).clearToken(appId)
      foyer.session.setUser(user)
      return foyer.$session.peek().user!
    },
    signMessage: async ({ message }, { address }) => String(await request(address, false, 'personal_sign', (a) => [utf8Hex(message), a])) as `0x${string}`,
    signTypedData: async (typedData, { address }) =>
      String(await request(address, false, 'eth_signTypedData_v4', (a) => [a, JSON.stringify(toJson(typedData))])) as `0x${string}`,
    sendTransaction: async (transaction, { address }) =>
      ({ hash: String(await request(address, true, 'eth_sendTransaction', (a) => [{ ...(toJson(transaction) as object), from: a }])) as `0x${string}` }),
  }
}
