// Privy's small helpers: the captcha component, the MFA error predicates, the RPC override of a chain, and the hooks
// for OAuth tokens and connect-or-create.
import { useEffect, useMemo, useRef } from 'react'
import { login } from '../../core/client/actions/login.js'
import type { AuthResult } from '../../core/client/types.js'
import { BaseError } from '../../core/errors/index.js'
import { useConnectWallet as useFoyerConnectWallet } from '../../ui/hooks/useConnectWallet.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { toPrivyErrorCode } from './privyErrorCode.js'
import type { PrivyEvents } from './privyEvents.js'
import type { OAuthProviderType } from './privyUser.js'
import { toBaseConnectedWallet } from './useWallets.js'
import { toPrivyUser } from './toPrivyUser.js'

/**
 * Privy's `<Captcha />` for headless flows. Foyer's `captchaTurnstile()` plugin runs its invisible widget itself
 * whenever a call needs a token, so this renders nothing.
 */
export function Captcha(_props: Record<string, unknown>): null {
  return null
}

const codeOf = (error: unknown) => (error && typeof error === 'object' ? ((error as { code?: unknown }).code ?? (error as { type?: unknown }).type) : undefined)
/** Whether `error` is the MFA window's timeout (Foyer's MFA_TIMEOUT). */
export const errorIndicatesMfaTimeout = (error: unknown): boolean => ['MFA_TIMEOUT', 'mfa_timeout'].includes(codeOf(error) as string)
/** Whether `error` is a wrong or missing MFA code (Foyer's MISSING_OR_INVALID_MFA). */
export const errorIndicatesMfaVerificationFailed = (error: unknown): boolean => ['MISSING_OR_INVALID_MFA', 'missing_or_invalid_mfa'].includes(codeOf(error) as string)
/** Whether `error` is the MFA attempt limit (Foyer's MFA_VERIFICATION_MAX_ATTEMPTS_REACHED). */
export const errorIndicatesMaxMfaRetries = (error: unknown): boolean =>
  ['MFA_VERIFICATION_MAX_ATTEMPTS_REACHED', 'mfa_verification_max_attempts_reached'].includes(codeOf(error) as string)

/** A viem-shaped chain whose default RPC URL is `rpcUrl` (what Foyer's wallets send and read through). */
export function addRpcUrlOverrideToChain<C extends { rpcUrls: { default: { http: readonly string[] } } }>(chain: C, rpcUrl: string): C {
  return { ...chain, rpcUrls: { ...chain.rpcUrls, default: { ...chain.rpcUrls.default, http: [rpcUrl] }, privyWalletOverride: { http: [rpcUrl] } } }
}

/**
 * Privy's useOAuthTokens: `onOAuthTokenGrant({ oAuthTokens, user })` after a login or link that returned the provider's
 * tokens (the server's OAuth app asks for them). `reauthorize` rejects NOT_SUPPORTED: unlink and link the provider again.
 */
export function useOAuthTokens(callbacks?: PrivyEvents['oAuthAuthorization']): { reauthorize: (input: { provider: OAuthProviderType }) => Promise<void> } {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  useEffect(() => {
    const granted = (result: AuthResult) => {
      const tokens = result.oAuthTokens
      if (!tokens) return
      latest.current?.onOAuthTokenGrant({
        user: toPrivyUser(result.user),
        oAuthTokens: {
          provider: tokens.provider as OAuthProviderType,
          accessToken: tokens.access_token,
          ...(tokens.access_token_expires_in_seconds != null ? { accessTokenExpiresInSeconds: tokens.access_token_expires_in_seconds } : {}),
          ...(tokens.refresh_token != null ? { refreshToken: tokens.refresh_token } : {}),
          ...(tokens.refresh_token_expires_in_seconds != null ? { refreshTokenExpiresInSeconds: tokens.refresh_token_expires_in_seconds } : {}),
          ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
        },
      })
    }
    const offLogin = foyer.registerCallbacks('login', { onComplete: granted })
    const offLink = foyer.registerCallbacks('link', { onSuccess: granted })
    return () => {
      offLogin()
      offLink()
    }
  }, [foyer])
  return useMemo(
    () => ({
      reauthorize: async () => {
        throw new BaseError('reauthorize is not supported by Foyer', { code: 'NOT_SUPPORTED', details: 'Unlink the provider and link it again.' })
      },
    }),
    [],
  )
}

/**
 * Privy's useConnectOrCreateWallet: signed out, `connectOrCreateWallet()` opens the login (the embedded wallet is made
 * at login by `createOnLogin`); signed in, the wallet list. `onSuccess({ wallet })` hears a connected wallet.
 */
export function useConnectOrCreateWallet(callbacks?: PrivyEvents['connectOrCreateWallet']): { connectOrCreateWallet: () => void } {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  const { connectWallet } = useFoyerConnectWallet({
    onSuccess: ({ wallet }) => latest.current?.onSuccess?.({ wallet: toBaseConnectedWallet(foyer, wallet) }),
    onError: (code) => latest.current?.onError?.(toPrivyErrorCode(code, 'generic_connect_wallet_error')),
  })
  return useMemo(() => ({ connectOrCreateWallet: () => (foyer.$session.peek().status === 'authenticated' ? connectWallet() : login(foyer)) }), [foyer, connectWallet])
}
