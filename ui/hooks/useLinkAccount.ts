import { useEffect, useMemo, useRef } from 'react'
import type { AuthResult, Foyer } from '../../core/client/types.js'
import { BaseError, flowErrorCodes } from '../../core/errors/index.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Callbacks of useLinkAccount / useUpdateEmail / useUpdatePhone (Privy's shape). */
export interface UseAccountFlowParameters {
  /** Gets `{ user, linkMethod: loginMethod, linkedAccount }` once the account is linked or updated. */
  onSuccess?: (result: AuthResult & { linkMethod: string }) => void
  /** Gets the spec's error code (e.g. 'EXITED_LINK_FLOW', 'MUST_BE_AUTHENTICATED'). */
  onError?: (errorCode: string) => void
}

/** A link function: opens the method's link flow; rejects (and reports onError) when it can't start. */
export type LinkFunction = (options?: unknown) => Promise<void>

/** What useLinkAccount returns. */
export interface UseLinkAccountReturnType {
  linkEmail: LinkFunction
  linkPhone: LinkFunction
  linkGoogle: LinkFunction
  linkTwitter: LinkFunction
  linkDiscord: LinkFunction
  linkGithub: LinkFunction
  linkLinkedIn: LinkFunction
  linkSpotify: LinkFunction
  linkInstagram: LinkFunction
  linkTiktok: LinkFunction
  linkApple: LinkFunction
  linkPasskey: LinkFunction
  linkWallet: LinkFunction
  linkTelegram: LinkFunction
  linkFarcaster: LinkFunction
  /** Any method a loaded plugin links (e.g. 'solanaWallet'). */
  link: (method: string, options?: unknown) => Promise<void>
}

/** Function name → method name of the plugins' `accounts.link` slots. */
const linkMethods = {
  linkEmail: 'email',
  linkPhone: 'phone',
  linkGoogle: 'google',
  linkTwitter: 'twitter',
  linkDiscord: 'discord',
  linkGithub: 'github',
  linkLinkedIn: 'linkedin',
  linkSpotify: 'spotify',
  linkInstagram: 'instagram',
  linkTiktok: 'tiktok',
  linkApple: 'apple',
  linkPasskey: 'passkey',
  linkWallet: 'wallet',
  linkTelegram: 'telegram',
  linkFarcaster: 'farcaster',
} as const

/** Registers `callbacks` for `intent` (latest ones, without re-registering each render) and answers a reporter for start failures. */
export function useAccountFlowCallbacks(intent: 'link' | 'update', callbacks: UseAccountFlowParameters) {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  useEffect(
    () =>
      foyer.registerCallbacks(intent, {
        onSuccess: (result) => latest.current.onSuccess?.({ ...result, linkMethod: result.loginMethod }),
        onError: (code) => latest.current.onError?.(code),
      }),
    [foyer, intent],
  )
  // A flow that can't start (not signed in, no plugin, nothing to update) never reaches the kernel's callbacks.
  return useMemo(
    () => (error: unknown): never => {
      latest.current.onError?.(error instanceof BaseError ? error.code : intent === 'link' ? flowErrorCodes.failedToLink : flowErrorCodes.failedToUpdate)
      throw error
    },
    [intent],
  )
}

/** Links further accounts to the signed-in user through the modal (Privy's `useLinkAccount`). */
export function useLinkAccount(callbacks: UseAccountFlowParameters = {}): UseLinkAccountReturnType {
  const foyer = useFoyerKernel()
  const report = useAccountFlowCallbacks('link', callbacks)
  return useMemo(() => linkFunctions(foyer, report), [foyer, report])
}

/** Builds the link functions over `foyer.accounts` (shared by useLinkAccount and useFoyer); `onFail` sees start failures. */
export function linkFunctions(foyer: Foyer, onFail: (error: unknown) => never = (error) => { throw error }): UseLinkAccountReturnType {
  const link = (method: string, options?: unknown) => foyer.accounts.link(method, options).catch(onFail)
  const named = Object.fromEntries(Object.entries(linkMethods).map(([name, method]) => [name, (options?: unknown) => link(method, options)]))
  return { ...(named as Omit<UseLinkAccountReturnType, 'link'>), link }
}
