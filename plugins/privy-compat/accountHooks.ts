import { useMemo } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { useAccountFlowCallbacks } from '../../ui/hooks/useLinkAccount.js'
import { accountFunctions, type PrivyLinkFunctions, type PrivyUnlinkFunctions, type PrivyUpdateFunctions } from './accountFunctions.js'
import { accountFlowCallbacks, type PrivyEvents } from './privyEvents.js'
import type { OAuthProviderType, User } from './privyUser.js'

const pick = <T extends object>(all: T, prefix: string) => Object.fromEntries(Object.entries(all).filter(([name]) => name.startsWith(prefix)))

/** Privy's useLinkAccount: `linkEmail()`, `linkGoogle()`, `linkWallet()`, … open the modal's link flow. */
export function useLinkAccount(callbacks?: PrivyEvents['linkAccount']): PrivyLinkFunctions {
  const foyer = useFoyerKernel()
  const report = useAccountFlowCallbacks('link', accountFlowCallbacks(callbacks, 'link'))
  return useMemo(() => pick(accountFunctions(foyer, (error) => void swallow(report, error)), 'link') as PrivyLinkFunctions, [foyer, report])
}

/** Privy's useUpdateAccount: `updateEmail()` / `updatePhone()` open the modal's update flow. */
export function useUpdateAccount(callbacks?: PrivyEvents['update']): PrivyUpdateFunctions {
  const foyer = useFoyerKernel()
  const report = useAccountFlowCallbacks('update', accountFlowCallbacks(callbacks, 'update'))
  return useMemo(() => pick(accountFunctions(foyer, (error) => void swallow(report, error)), 'update') as PrivyUpdateFunctions, [foyer, report])
}

/** Reports a flow that could not start to onError (the report rethrows; link functions return nothing to reject). */
function swallow(report: (error: unknown) => never, error: unknown) {
  try {
    report(error)
  } catch {
    // reported
  }
}

function useUnlink<K extends keyof PrivyUnlinkFunctions, A>(name: K, toArgs: (input: A) => Parameters<PrivyUnlinkFunctions[K]>): { unlink: (input: A) => Promise<User> } {
  const foyer = useFoyerKernel()
  return useMemo(() => {
    const run = accountFunctions(foyer)[name] as (...args: Parameters<PrivyUnlinkFunctions[K]>) => Promise<User>
    return { unlink: (input: A) => run(...toArgs(input)) }
    // toArgs is fixed per hook.
  }, [foyer, name])
}

/** Privy's useUnlinkEmail: `unlink({ address })` → the updated user. */
export const useUnlinkEmail = () => useUnlink('unlinkEmail', ({ address }: { address: string }) => [address])
/** Privy's useUnlinkPhone: `unlink({ phoneNumber })`. */
export const useUnlinkPhone = () => useUnlink('unlinkPhone', ({ phoneNumber }: { phoneNumber: string }) => [phoneNumber])
/** Privy's useUnlinkWallet: `unlink({ address })`. */
export const useUnlinkWallet = () => useUnlink('unlinkWallet', ({ address }: { address: string }) => [address])
/** Privy's useUnlinkFarcaster: `unlink({ fid })`. */
export const useUnlinkFarcaster = () => useUnlink('unlinkFarcaster', ({ fid }: { fid: number }) => [fid])
/** Privy's useUnlinkTelegram: `unlink({ telegramUserId })`. */
export const useUnlinkTelegram = () => useUnlink('unlinkTelegram', ({ telegramUserId }: { telegramUserId: string }) => [telegramUserId])
/** Privy's useUnlinkPasskey: `unlink({ credentialId })`. */
export const useUnlinkPasskey = () => useUnlink('unlinkPasskey', ({ credentialId }: { credentialId: string }) => [credentialId])
/** Privy's useUnlinkOAuth: `unlink({ provider, subject })`. */
export const useUnlinkOAuth = () => useUnlink('unlinkOAuth', (input: { provider: OAuthProviderType; subject: string }) => [input])
