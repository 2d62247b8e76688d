import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useMemo, useRef, type MouseEvent } from 'react'
import { getAccessToken } from '../../core/client/actions/getAccessToken.js'
import type { Foyer, LoginOptions } from '../../core/client/types.js'
import { useConnectWallet as useFoyerConnectWallet } from '../../ui/hooks/useConnectWallet.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { useLogin as useFoyerLogin } from '../../ui/hooks/useLogin.js'
import { useLogout as useFoyerLogout } from '../../ui/hooks/useLogout.js'
import { toFoyerLoginMethods, type PrivyClientConfig } from './privyConfig.js'
import { toPrivyErrorCode } from './privyErrorCode.js'
import { loginCallbacks, type PrivyEvents } from './privyEvents.js'
import type { ConnectWalletModalOptions } from './privyRequestTypes.js'
import type { User } from './privyUser.js'
import { toBaseConnectedWallet } from './useWallets.js'
import { toPrivyUser } from './toPrivyUser.js'

/** login()'s options (Privy's `LoginModalOptions`). */
export type LoginModalOptions = {
  loginMethods?: PrivyClientConfig['loginMethods']
  prefill?: { type: 'email' | 'phone'; value: string }
  disableSignup?: boolean
  walletChainType?: NonNullable<PrivyClientConfig['appearance']>['walletChainType']
  isSigningInWithLedgerSolana?: boolean
}

const isEvent = (value: unknown) => !!value && typeof value === 'object' && ('nativeEvent' in value || 'currentTarget' in value)

/** Privy's login options as Foyer's (a click event passed as `onClick={login}` is no options). */
export function toLoginOptions(foyer: Foyer, options?: LoginModalOptions | MouseEvent<any, any>): LoginOptions | undefined {
  if (!options || isEvent(options)) return undefined
  const o = options as LoginModalOptions
  const solana = !!foyer.registry.plugin('siws')
  return {
    ...(o.loginMethods ? { loginMethods: toFoyerLoginMethods(o.loginMethods, solana) } : {}),
    ...(o.prefill ? { prefill: o.prefill } : {}),
    ...(o.disableSignup !== undefined ? { disableSignup: o.disableSignup } : {}),
    ...(o.walletChainType ? { walletChainType: o.walletChainType } : {}),
  }
}

/** Privy's useLogin: `login(options?)` opens the modal; `onComplete` gets Privy's user, `onError` Privy's code. */
export function useLogin(callbacks?: PrivyEvents['login']): { login: (options?: LoginModalOptions | MouseEvent<any, any>) => void } {
  const foyer = useFoyerKernel()
  const { login } = useFoyerLogin(loginCallbacks(callbacks))
  return useMemo(() => ({ login: (options?: LoginModalOptions | MouseEvent<any, any>) => login(toLoginOptions(foyer, options)) }), [foyer, login])
}

/** Privy's useLogout. */
export function useLogout(callbacks?: PrivyEvents['logout']): { logout: () => Promise<void> } {
  return useFoyerLogout(callbacks ?? {})
}

/** Privy's useUser: Privy's user object, and refreshUser() re-reading it from the server. */
export function useUser(): { user: User | null; refreshUser: () => Promise<User> } {
  useSignals()
  const foyer = useFoyerKernel()
  const user = toPrivyUser(foyer.$session.value.user)
  const refreshUser = useMemo(() => async () => toPrivyUser((await foyer.session.refreshUser())!), [foyer])
  return { user, refreshUser }
}

/** Privy's useToken: getAccessToken(), and `onAccessTokenGranted` / `onAccessTokenRemoved` as the session's token changes. */
export function useToken(callbacks?: PrivyEvents['accessToken']): { getAccessToken: () => Promise<string | null> } {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  useEffect(() => {
    let last = foyer.$session.peek().accessToken
    return foyer.$session.subscribe(({ accessToken }) => {
      if (accessToken === last) return
      last = accessToken
      if (accessToken) latest.current?.onAccessTokenGranted({ accessToken })
      else latest.current?.onAccessTokenRemoved()
    })
  }, [foyer])
  return useMemo(() => ({ getAccessToken: () => getAccessToken(foyer) }), [foyer])
}

/** Privy's useIdentityToken: the signed-in user's identity token (null when logged out). */
export function useIdentityToken(): { identityToken: string | null } {
  useSignals()
  return { identityToken: useFoyerKernel().$session.value.identityToken }
}

/** Privy's useConnectWallet: `connectWallet(options?)` opens the wallet list; `onSuccess({ wallet })`, `onError(code)`. */
export function useConnectWallet(callbacks?: PrivyEvents['connectWallet']): { connectWallet: (options?: ConnectWalletModalOptions | MouseEvent<any, any>) => void } {
  const foyer = useFoyerKernel()
  const { connectWallet } = useFoyerConnectWallet({
    onSuccess: ({ wallet }) => callbacks?.onSuccess?.({ wallet: toBaseConnectedWallet(foyer, wallet) }),
    onError: (code) => callbacks?.onError?.(toPrivyErrorCode(code, 'generic_connect_wallet_error')),
  })
  return useMemo(
    () => ({
      connectWallet: (options?: ConnectWalletModalOptions | MouseEvent<any, any>) => {
        const o = options && !isEvent(options) ? (options as ConnectWalletModalOptions) : {}
        connectWallet({ ...(o.walletChainType ? { walletChainType: o.walletChainType } : {}), ...(o.walletList ? { walletList: o.walletList } : {}) })
      },
    }),
    [connectWallet],
  )
}
