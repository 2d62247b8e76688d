import { useEffect, useMemo, useRef } from 'react'
import { linkAccount } from '../../core/client/actions/linkAccount.js'
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

/**
 * The link functions of the loaded plugins (`linkEmail`, `linkGoogle`, …). Each plugin declares its own for hosts:
 * `declare module 'foyer' { interface FoyerLinkFunctions { linkEmail: LinkFunction } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by plugins' declaration merging
export interface FoyerLinkFunctions {}

/** What useLinkAccount returns: a function per method a loaded plugin links, and `link(method)`. */
export interface UseLinkAccountReturnType extends FoyerLinkFunctions {
  /** Any method a loaded plugin links (e.g. 'solanaWallet'); rejects naming the loaded ones for another. */
  link: (method: string, options?: unknown) => Promise<void>
}

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

/** Builds the link functions over the linkAccount action (shared by useLinkAccount and useFoyer); `onFail` sees start failures. */
export function linkFunctions(foyer: Foyer, onFail: (error: unknown) => never = (error) => { throw error }): UseLinkAccountReturnType {
  const link = (method: string, options?: unknown) => linkAccount(foyer, { method, options }).catch(onFail)
  // Typed by the plugins that add them (declaration merging into FoyerLinkFunctions).
  return { ...accountFunctions(foyer, 'link', (method) => (options?: unknown) => link(method, options)), link } as unknown as UseLinkAccountReturnType
}

/** One function per method the loaded plugins offer for `action`, named by `foyer.accounts.functionName`. */
export function accountFunctions<F>(foyer: Foyer, action: 'link' | 'unlink' | 'update', make: (method: string) => F): Record<string, F> {
  return Object.fromEntries(foyer.accounts.methods()[action].map((method) => [foyer.accounts.functionName(action, method), make(method)]))
}
