// Privy's hooks for guest accounts, custom auth, terms, MFA, funding, delegation, cross-app and Farcaster signers, over
// Foyer's plugins' hooks with Privy's parameters and results. Each needs its plugin loaded.
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useMemo, useRef } from 'react'
import { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { useCrossAppAccounts as useCrossApp } from '../cross-app/index.js'
import { useCustomAuth as useFoyerCustomAuth } from '../custom-jwt/index.js'
import { useDelegatedActions as useFoyerDelegatedActions } from '../delegated-actions/index.js'
import { useFarcasterSigner as useFoyerFarcasterSigner } from '../farcaster-signer/index.js'
import { useFundWallet as useFoyerFundWallet } from '../funding/index.js'
import { useGuestAccounts as useFoyerGuestAccounts } from '../guest/index.js'
import { useMfa as useFoyerMfa, useMfaEnrollment as useFoyerMfaEnrollment, useRegisterMfaListener as useFoyerMfaListener } from '../mfa/index.js'
import { acceptTerms } from '../terms/index.js'
import type { CustomAuthFlowState } from './flowStates.js'
import { fundingOptions, toFundingResult } from './fundingOptions.js'
import type { PrivyEvents } from './privyEvents.js'
import type { FundingResult, FundWalletConfig, SignTypedDataParams, UnsignedTransactionRequest } from './privyRequestTypes.js'
import type { MfaMethod, User } from './privyUser.js'
import { toPrivyUser } from './toPrivyUser.js'

const notSupported = (name: string, instead: string) => async (..._args: unknown[]): Promise<never> => {
  throw new BaseError(`${name} is not supported by Foyer`, { code: 'NOT_SUPPORTED', details: instead })
}

/** Privy's useGuestAccounts: `createGuestAccount()` → the guest user. */
export function useGuestAccounts(): { createGuestAccount: () => Promise<User> } {
  const { createGuestAccount } = useFoyerGuestAccounts()
  return useMemo(() => ({ createGuestAccount: async () => toPrivyUser(await createGuestAccount()) }), [createGuestAccount])
}

/** Privy's useAcceptTerms: `acceptTerms()` records the acceptance → `{ user }`. */
export function useAcceptTerms(): { acceptTerms: () => Promise<{ user: User }> } {
  const foyer = useFoyerKernel()
  return useMemo(() => ({ acceptTerms: async () => ({ user: toPrivyUser(await acceptTerms(foyer)) }) }), [foyer])
}

/** Privy's useCustomAuth: the custom-auth sync's `status`; `onAuthenticated` / `onUnauthenticated` as the session changes. */
export function useCustomAuth(callbacks?: PrivyEvents['customAuth']): { status: CustomAuthFlowState } {
  useSignals()
  const foyer = useFoyerKernel()
  const { state } = useFoyerCustomAuth()
  const latest = useRef(callbacks)
  latest.current = callbacks
  useEffect(() => {
    let last = foyer.$session.peek().status
    return foyer.$session.subscribe(({ status, user }) => {
      if (status === last || status === 'loading') return
      last = status
      if (status === 'authenticated' && user) latest.current?.onAuthenticated({ user: toPrivyUser(user) })
      else latest.current?.onUnauthenticated()
    })
  }, [foyer])
  return { status: state as CustomAuthFlowState }
}

/** Privy's useMfa: promptMfa, init, submit, cancel, and the user's `mfaMethods`; `clear()` rejects NOT_SUPPORTED. */
export function useMfa() {
  useSignals()
  const foyer = useFoyerKernel()
  const mfa = useFoyerMfa()
  const mfaMethods = (foyer.$session.value.user?.mfaMethods ?? []) as MfaMethod[]
  return {
    promptMfa: mfa.promptMfa,
    init: (method: MfaMethod) => mfa.init(method),
    submit: (method: MfaMethod, code: unknown) => mfa.submit(method, code),
    cancel: () => void mfa.cancel().catch(() => {}),
    clear: notSupported('clear', 'The MFA window ends by itself (the app config’s mfa_window_seconds).'),
    mfaMethods,
  }
}

const ENROLL = 'Headless MFA enrollment: use showMfaEnrollmentModal() (the modal enrolls every method the app offers).'

/** Privy's useMfaEnrollment: the enrollment modal; the headless enroll / unenroll functions reject NOT_SUPPORTED. */
export function useMfaEnrollment() {
  const foyer = useFoyerKernel()
  const { showMfaEnrollmentModal } = useFoyerMfaEnrollment()
  return useMemo(
    () => ({
      showMfaEnrollmentModal,
      closeMfaEnrollmentModal: () => foyer.modal.close(),
      initEnrollmentWithSms: notSupported('initEnrollmentWithSms', ENROLL) as (meta: { phoneNumber: string }) => Promise<void>,
      initEnrollmentWithTotp: notSupported('initEnrollmentWithTotp', ENROLL) as () => Promise<{ secret: string; authUrl: string }>,
      initEnrollmentWithPasskey: notSupported('initEnrollmentWithPasskey', ENROLL) as () => Promise<void>,
      submitEnrollmentWithSms: notSupported('submitEnrollmentWithSms', ENROLL) as (meta: { phoneNumber: string; mfaCode: string }) => Promise<void>,
      submitEnrollmentWithTotp: notSupported('submitEnrollmentWithTotp', ENROLL) as (meta: { mfaCode: string }) => Promise<void>,
      submitEnrollmentWithPasskey: notSupported('submitEnrollmentWithPasskey', ENROLL) as (input: { credentialIds: string[] }, options?: { removeForLogin?: boolean }) => Promise<void>,
      unenrollWithSms: notSupported('unenrollWithSms', ENROLL) as () => Promise<void>,
      unenrollWithTotp: notSupported('unenrollWithTotp', ENROLL) as () => Promise<void>,
      unenrollWithPasskey: notSupported('unenrollWithPasskey', ENROLL) as (options?: { removeForLogin?: boolean }) => Promise<void>,
    }),
    [foyer, showMfaEnrollmentModal],
  )
}

/** Privy's useRegisterMfaListener: `onMfaRequired({ mfaMethods })` when a call needs a verification and the prompt is off. */
export function useRegisterMfaListener(callbacks: PrivyEvents['configureMfa']): void {
  useFoyerMfaListener({ onMfaRequired: (methods) => callbacks.onMfaRequired({ mfaMethods: methods as MfaMethod[] }) })
}

/** Privy's useFundWallet: `fundWallet({ address, options? })` → `{ status: 'completed' | 'cancelled', … }`. */
export function useFundWallet(callbacks?: PrivyEvents['fundWallet']): { fundWallet: (input: { address: string; options?: FundWalletConfig }) => Promise<FundingResult> } {
  const { fundWallet } = useFoyerFundWallet({
    onUserExited: (r) => callbacks?.onUserExited?.({ address: r.address, chain: { id: r.chainId ?? 0 }, fundingMethod: (r.method as 'manual' | null) ?? null, balance: undefined }),
  })
  return useMemo(() => ({ fundWallet: async ({ address, options }) => toFundingResult(await fundWallet({ address, options: fundingOptions(options) })) }), [fundWallet])
}

/** Privy's useDelegatedActions: `delegateWallet({ address, chainType })` (Solana wallets only here), `revokeWallets()`. */
export function useDelegatedActions() {
  const { delegateWallet, revokeWallets } = useFoyerDelegatedActions()
  return useMemo(
    () => ({
      delegateWallet: async ({ address, chainType }: { address: string; chainType: 'solana' | 'ethereum' }) => {
        if (chainType !== 'solana') throw new BaseError('Delegated actions are available for Solana wallets only', { code: 'UNSUPPORTED_CHAIN_TYPE' })
        await delegateWallet({ address, chainType })
      },
      revokeWallets,
    }),
    [delegateWallet, revokeWallets],
  )
}

/** Privy's useCrossAppAccounts: login, link, unlink by subject, and the provider wallet's signatures and transactions. */
export function useCrossAppAccounts() {
  const foyer = useFoyerKernel()
  const crossApp = useCrossApp()
  return useMemo(
    () => ({
      loginWithCrossAppAccount: async (o: { appId: string }) => toPrivyUser(await crossApp.loginWithCrossAppAccount(o)),
      linkCrossAppAccount: async (o: { appId: string }) => toPrivyUser(await crossApp.linkCrossAppAccount(o)),
      unlinkCrossAppAccount: async ({ subject }: { subject: string }) => {
        const account = foyer.$session.peek().user?.linkedAccounts.find((a) => a.type === 'cross_app' && a.subject === subject)
        const appId = (account?.providerApp as { id?: string } | undefined)?.id ?? ''
        return toPrivyUser(await crossApp.unlinkCrossAppAccount({ appId, subject }))
      },
      signMessage: (message: string, options: { address: string; chainId?: number }) => crossApp.signMessage({ message }, { address: options.address }),
      signTypedData: (data: SignTypedDataParams, options: { address: string; chainId?: number }) => crossApp.signTypedData(data, { address: options.address }),
      sendTransaction: async (tx: UnsignedTransactionRequest & { chainId: number }, options: { address: string }) =>
        (await crossApp.sendTransaction(tx as Record<string, unknown>, options)).hash as string,
      signTransaction: notSupported('signTransaction', 'Send it with sendTransaction (the provider wallet signs and sends).') as (
        tx: UnsignedTransactionRequest & { chainId: number },
        options: { address: string },
      ) => Promise<string>,
    }),
    [foyer, crossApp],
  )
}

/** Privy's useFarcasterSigner: a Warpcast signer whose key the wallet frame keeps. */
export function useFarcasterSigner() {
  const signer = useFoyerFarcasterSigner()
  return useMemo(
    () => ({
      getFarcasterSignerPublicKey: () => signer.getFarcasterSignerPublicKey(),
      signFarcasterMessage: (messageHash: Uint8Array) => signer.signFarcasterMessage(messageHash),
      requestFarcasterSignerFromWarpcast: async () => void (await signer.requestFarcasterSignerFromWarpcast()),
    }),
    [signer],
  )
}
/** Privy's useGetFarcasterSignerPublicKey. */
export const useGetFarcasterSignerPublicKey = () => ({ getFarcasterSignerPublicKey: useFarcasterSigner().getFarcasterSignerPublicKey })
/** Privy's useRequestFarcasterSigner. */
export const useRequestFarcasterSigner = () => ({ requestFarcasterSignerFromWarpcast: useFarcasterSigner().requestFarcasterSignerFromWarpcast })
/** Privy's useSignFarcasterMessage. */
export const useSignFarcasterMessage = () => ({ signFarcasterMessage: useFarcasterSigner().signFarcasterMessage })
