import type { AuthResult } from '../../core/client/types.js'
import { toPrivyErrorCode, type CallbackError, type PrivyErrorCode } from './privyErrorCode.js'
import type { ChainLikeWithId, FundingMethod, OAuthTokens } from './privyRequestTypes.js'
import type { LinkedAccountWithMetadata, LoginMethod, MfaMethod, User, Wallet } from './privyUser.js'
import type { BaseConnectedEthereumWallet, BaseConnectedSolanaWallet, SolanaChain } from './privyWalletTypes.js'
import { toPrivyAccount, toPrivyUser } from './toPrivyUser.js'

/** The recovery methods a user can set on an embedded wallet. */
export type UserRecoveryMethod = 'user-passcode' | 'google-drive' | 'icloud'

/** Privy's hook callbacks, by hook (`useLogin(callbacks: PrivyEvents['login'])`). */
export interface PrivyEvents {
  login: {
    onComplete?: (params: { user: User; isNewUser: boolean; wasAlreadyAuthenticated: boolean; loginMethod: LoginMethod | null; loginAccount: LinkedAccountWithMetadata | null }) => void
    onError?: CallbackError
  }
  logout: { onSuccess?: () => void }
  connectWallet: { onSuccess?: (params: { wallet: BaseConnectedEthereumWallet | BaseConnectedSolanaWallet }) => void; onError?: CallbackError }
  connectOrCreateWallet: { onSuccess?: (params: { wallet: BaseConnectedEthereumWallet | BaseConnectedSolanaWallet }) => void; onError?: CallbackError }
  createWallet: { onSuccess?: (params: { wallet: Wallet }) => void; onError?: CallbackError }
  linkAccount: {
    onSuccess?: (params: { user: User; linkMethod: LoginMethod; linkedAccount: LinkedAccountWithMetadata }) => void
    onError?: CallbackError<{ linkMethod: LoginMethod }>
  }
  update: {
    onSuccess?: (params: { user: User; updateMethod: LoginMethod; updatedAccount: LinkedAccountWithMetadata }) => void
    onError?: CallbackError<{ linkMethod: LoginMethod }>
  }
  configureMfa: { onMfaRequired: (params: { mfaMethods: MfaMethod[] }) => void }
  setWalletPassword: { onSuccess?: (params: { wallet: Wallet }) => void; onError?: CallbackError }
  setWalletRecovery: { onSuccess?: (params: { method: UserRecoveryMethod; wallet: Wallet }) => void; onError?: CallbackError }
  signMessage: { onSuccess?: (params: { signature: string }) => void; onError?: CallbackError }
  signTypedData: { onSuccess?: (params: { signature: string }) => void; onError?: CallbackError }
  sendTransaction: { onSuccess?: (params: { hash: `0x${string}` }) => void; onError?: CallbackError }
  signTransaction: { onSuccess?: (params: { signature: `0x${string}` }) => void; onError?: CallbackError }
  accessToken: { onAccessTokenGranted: (params: { accessToken: string }) => void; onAccessTokenRemoved: () => void }
  oAuthAuthorization: { onOAuthTokenGrant: (params: { oAuthTokens: OAuthTokens; user: User }) => void }
  fundWallet: {
    onUserExited?: (params: { address: string; chain: ChainLikeWithId; fundingMethod: FundingMethod | 'manual' | null; balance: bigint | undefined }) => void
  }
  fundSolanaWallet: {
    onUserExited?: (params: { address: string; fundingMethod: FundingMethod | 'manual' | null; chain: SolanaChain; balance: bigint | undefined }) => void
  }
  customAuth: { onAuthenticated: (params: { user: User }) => void; onUnauthenticated: () => void }
}

// Foyer reports the login method's plugin name ('wallet', 'solana_wallet', a provider id); Privy its own.
const LOGIN_METHODS: Record<string, LoginMethod> = { wallet: 'siwe', solana_wallet: 'siws', 'custom-jwt': 'custom', custom_auth: 'custom' }
/** Foyer's login method name as Privy's. */
export const toPrivyLoginMethod = (method: string): LoginMethod => LOGIN_METHODS[method] ?? (method as LoginMethod)

/** Privy's login callbacks as Foyer's (`{ onComplete(AuthResult), onError(code) }`): Privy's user, lower-case codes. */
export function loginCallbacks(callbacks: PrivyEvents['login'] = {}) {
  return {
    onComplete: (result: AuthResult) =>
      callbacks.onComplete?.({
        user: toPrivyUser(result.user),
        isNewUser: result.isNewUser,
        wasAlreadyAuthenticated: result.wasAlreadyAuthenticated,
        loginMethod: result.loginMethod ? toPrivyLoginMethod(result.loginMethod) : null,
        loginAccount: result.loginAccount ? toPrivyAccount(result.loginAccount) : null,
      }),
    onError: (code: string) => callbacks.onError?.(toPrivyErrorCode(code)),
  }
}

/** Privy's link (or update) callbacks as Foyer's account-flow callbacks. */
export function accountFlowCallbacks(callbacks: PrivyEvents['linkAccount'] | PrivyEvents['update'] = {}, kind: 'link' | 'update' = 'link') {
  const fallback: PrivyErrorCode = kind === 'link' ? 'failed_to_link_account' : 'failed_to_update_account'
  return {
    onSuccess: (result: AuthResult & { linkMethod: string }) => {
      const user = toPrivyUser(result.user)
      const account = result.linkedAccount ? toPrivyAccount(result.linkedAccount) : (null as unknown as LinkedAccountWithMetadata)
      const method = toPrivyLoginMethod(result.linkMethod)
      if (kind === 'link') (callbacks as PrivyEvents['linkAccount']).onSuccess?.({ user, linkMethod: method, linkedAccount: account })
      else (callbacks as PrivyEvents['update']).onSuccess?.({ user, updateMethod: method, updatedAccount: account })
    },
    onError: (code: string) => callbacks.onError?.(toPrivyErrorCode(code, fallback), { linkMethod: null as unknown as LoginMethod }),
  }
}
