import { useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import { getAccessToken } from '../../core/client/actions/getAccessToken.js'
import { login } from '../../core/client/actions/login.js'
import { logout } from '../../core/client/actions/logout.js'
import { updateAccount } from '../../core/client/actions/updateAccount.js'
import type { LoginOptions } from '../../core/client/types.js'
import type { User } from '../../core/protocol/index.js'
import { useFoyerKernel } from './useFoyerKernel.js'
import { accountFunctions, linkFunctions, type UseLinkAccountReturnType } from './useLinkAccount.js'
import type { FoyerUpdateFunctions } from './useUpdateAccount.js'
import { unlinkFunctions, type UnlinkFunctions } from './useUnlinkAccount.js'

/**
 * Functions plugins add to `useFoyer()` (their `actions` slot). A plugin declares their types for hosts by
 * augmenting this interface: `declare module 'foyer' { interface FoyerActions { subscribe(): Promise<void> } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by plugins' declaration merging
export interface FoyerActions {}

/** What useFoyer returns: state, login/logout, the loaded plugins' link, unlink and update functions (Privy's `usePrivy`) and actions. */
export interface UseFoyerReturnType extends UseLinkAccountReturnType, UnlinkFunctions, FoyerUpdateFunctions, FoyerActions {
  /** true once the app config and the session restore have answered; nothing acts before. */
  ready: boolean
  authenticated: boolean
  user: User | null
  /** Opens the login modal (no-op before `ready`). */
  login: (options?: LoginOptions) => void
  logout: () => Promise<void>
  getAccessToken: () => Promise<string | null>
}

/** The aggregate hook (Privy's `usePrivy` shape): state plus the main actions. */
export function useFoyer(): UseFoyerReturnType {
  useSignals()
  const foyer = useFoyerKernel()
  const ready = foyer.$ready.value
  const session = foyer.$session.value
  const actions = useMemo(
    () => ({
      login: (options?: LoginOptions) => login(foyer, options),
      logout: async () => void (await logout(foyer)),
      getAccessToken: () => getAccessToken(foyer),
      ...linkFunctions(foyer),
      ...unlinkFunctions(foyer),
      ...(accountFunctions(foyer, 'update', (method) => (options?: unknown) => updateAccount(foyer, { method, options })) as unknown as FoyerUpdateFunctions),
      // Typed by the plugins that add them (declaration merging into FoyerActions).
      ...(foyer.actions() as unknown as FoyerActions),
    }),
    [foyer],
  )
  return { ready, authenticated: session.status === 'authenticated', user: session.user, ...actions }
}

