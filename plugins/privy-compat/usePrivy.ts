import { useSignals } from '@preact/signals-react/runtime'
import { useMemo, type MouseEvent } from 'react'
import { login } from '../../core/client/actions/login.js'
import { logout } from '../../core/client/actions/logout.js'
import { getAccessToken } from '../../core/client/actions/getAccessToken.js'
import { BaseError } from '../../core/errors/index.js'
import { useConnectWallet as useFoyerConnectWallet } from '../../ui/hooks/useConnectWallet.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { useCrossAppAccounts } from '../cross-app/index.js'
import { useMfa, useMfaEnrollment } from '../mfa/index.js'
import { accountFunctions, type PrivyLinkFunctions, type PrivyUnlinkFunctions, type PrivyUpdateFunctions } from './accountFunctions.js'
import type { ConnectWalletModalOptions } from './privyRequestTypes.js'
import type { MfaMethod, User } from './privyUser.js'
import { toLoginOptions, type LoginModalOptions } from './sessionHooks.js'
import { toPrivyUser } from './toPrivyUser.js'
import { walletActions, type WalletActions } from './walletActions.js'

/** A function Foyer has no counterpart for: it rejects with NOT_SUPPORTED, naming what to use instead. */
const notSupported = (name: string, instead: string) => async (..._args: unknown[]): Promise<never> => {
  throw new BaseError(`${name} is not supported by Foyer`, { code: 'NOT_SUPPORTED', details: instead })
}

/** What usePrivy answers (Privy 3's `PrivyInterface`). */
export interface PrivyInterface extends PrivyLinkFunctions, PrivyUnlinkFunctions, PrivyUpdateFunctions {
  ready: boolean
  authenticated: boolean
  user: User | null
  /** Why the app config could not be loaded (server unreachable, origin not allowed), else null. */
  error: Error | null
  connectWallet: (options?: ConnectWalletModalOptions | MouseEvent<any, any>) => void
  login: (options?: LoginModalOptions | MouseEvent<any, any>) => void
  connectOrCreateWallet: () => void
  logout: () => Promise<void>
  getAccessToken: () => Promise<string | null>
  createWallet: WalletActions['createWallet']
  setWalletPassword: () => Promise<import('./privyUser.js').Wallet>
  setWalletRecovery: (o?: {}) => Promise<import('./privyUser.js').Wallet>
  signMessage: WalletActions['signMessage']
  signTypedData: WalletActions['signTypedData']
  sendTransaction: WalletActions['sendTransaction']
  signTransaction: WalletActions['signTransaction']
  exportWallet: WalletActions['exportWallet']
  enrollInMfa: (show?: boolean) => void
  initEnrollmentWithSms: (meta: { phoneNumber: string }) => Promise<void>
  initEnrollmentWithTotp: () => Promise<{ secret: string; authUrl: string }>
  initEnrollmentWithPasskey: () => Promise<void>
  submitEnrollmentWithSms: (meta: { phoneNumber: string; mfaCode: string }) => Promise<void>
  submitEnrollmentWithTotp: (meta: { mfaCode: string }) => Promise<void>
  submitEnrollmentWithPasskey: (input: { credentialIds: string[] }, options?: { removeForLogin?: boolean }) => Promise<void>
  promptMfa: () => Promise<void>
  init: (mfaMethod: MfaMethod) => Promise<void | Record<string, unknown>>
  submit: (mfaMethod: MfaMethod, mfaCode: unknown) => Promise<void>
  cancel: () => void
  unenroll: (method: MfaMethod, options?: { removeForLogin?: boolean }) => Promise<void>
  clear: () => Promise<void>
  isModalOpen: boolean
  mfaMethods: MfaMethod[]
}

const ENROLL = 'Headless MFA enrollment: open enrollInMfa() (the modal enrolls every method the app offers).'

/** Privy's usePrivy: state, login and logout, link / unlink / update, the embedded wallet's functions and MFA. */
export function usePrivy(): PrivyInterface {
  useSignals()
  const foyer = useFoyerKernel()
  const session = foyer.$session.value
  const ready = foyer.$ready.value
  const error = foyer.$configError.value
  const isModalOpen = foyer.$modal.value.open
  const { connectWallet } = useFoyerConnectWallet()
  const mfa = useMfa()
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  const crossApp = useCrossAppAccounts()
  const actions = useMemo(() => {
    const wallet = walletActions(foyer)
    const openWalletList = (options?: ConnectWalletModalOptions | MouseEvent<any, any>) => {
      const o = options && !('nativeEvent' in options) ? (options as ConnectWalletModalOptions) : {}
      connectWallet({ ...(o.walletChainType ? { walletChainType: o.walletChainType } : {}), ...(o.walletList ? { walletList: o.walletList } : {}) })
    }
    return {
      ...accountFunctions(foyer, () => {}, crossApp.unlinkCrossAppAccount),
      login: (options?: LoginModalOptions | MouseEvent<any, any>) => login(foyer, toLoginOptions(foyer, options)),
      logout: async () => void (await logout(foyer)),
      getAccessToken: () => getAccessToken(foyer),
      connectWallet: openWalletList,
      connectOrCreateWallet: () => (foyer.$session.peek().status === 'authenticated' ? openWalletList() : login(foyer)),
      ...wallet,
      setWalletPassword: () => wallet.setWalletRecovery({ recoveryMethod: 'user-passcode' }),
      setWalletRecovery: () => wallet.setWalletRecovery(),
      enrollInMfa: (show?: boolean) => (show === false ? undefined : showMfaEnrollmentModal()),
      initEnrollmentWithSms: notSupported('initEnrollmentWithSms', ENROLL),
      initEnrollmentWithTotp: notSupported('initEnrollmentWithTotp', ENROLL),
      initEnrollmentWithPasskey: notSupported('initEnrollmentWithPasskey', ENROLL),
      submitEnrollmentWithSms: notSupported('submitEnrollmentWithSms', ENROLL),
      submitEnrollmentWithTotp: notSupported('submitEnrollmentWithTotp', ENROLL),
      submitEnrollmentWithPasskey: notSupported('submitEnrollmentWithPasskey', ENROLL),
      promptMfa: () => mfa.promptMfa(),
      init: (method: MfaMethod) => mfa.init(method),
      submit: (method: MfaMethod, code: unknown) => mfa.submit(method, code),
      cancel: () => void mfa.cancel().catch(() => {}),
      unenroll: notSupported('unenroll', 'Remove a method on the enrollment modal: enrollInMfa().'),
      clear: notSupported('clear', 'The MFA window ends by itself (the app config’s mfa_window_seconds).'),
    }
  }, [foyer, connectWallet, mfa, showMfaEnrollmentModal, crossApp])
  return {
    ...actions,
    ready,
    authenticated: session.status === 'authenticated',
    user: toPrivyUser(session.user),
    error,
    isModalOpen,
    mfaMethods: (session.user?.mfaMethods ?? []) as MfaMethod[],
  }
}
