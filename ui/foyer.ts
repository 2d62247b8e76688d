'use client'
// The `foyer` entry point: what a host app imports (the provider, the Privy-shaped hooks, the types
// and errors). Screen building blocks (Button, CodeInput, OtpCodeScreen, …) live in `foyer/ui`
// only. This file must re-export nothing that only lazy screens use: esbuild's code splitting places
// every live module a host's entry reaches, through re-exports too, in the host's initial chunks, so
// one screen primitive re-exported here would leave the lazy modal and land in every page load.
// 'use client': Next.js App Router renders these only in client components.
export { FoyerProvider, type FoyerProviderProps } from './FoyerProvider.js'
export { useFoyer, type UseFoyerReturnType, type FoyerActions } from './hooks/useFoyer.js'
export { useLogin, type UseLoginParameters } from './hooks/useLogin.js'
export { useLogout } from './hooks/useLogout.js'
export { useLinkAccount, type UseLinkAccountReturnType, type UseAccountFlowParameters, type LinkFunction, type FoyerLinkFunctions } from './hooks/useLinkAccount.js'
export { useUnlinkAccount, type UnlinkFunctions, type UnlinkFunction, type FoyerUnlinkFunctions } from './hooks/useUnlinkAccount.js'
export { useUpdateAccount, useUpdateEmail, useUpdatePhone, type FoyerUpdateFunctions } from './hooks/useUpdateAccount.js'
export { useUser } from './hooks/useUser.js'
export { useToken } from './hooks/useToken.js'
export { useModalStatus } from './hooks/useModalStatus.js'
export { useFoyerKernel } from './hooks/useFoyerKernel.js'
export { usePluginState } from './hooks/usePluginState.js'
export { useWallets, useSolanaWallets, type UseWalletsReturnType, type UseSolanaWalletsReturnType } from './hooks/useWallets.js'
export { useConnectWallet, type UseConnectWalletParameters, type ConnectWalletOptions } from './hooks/useConnectWallet.js'
export type { OtpLoginMethod, OtpLoginState, OtpLoginStatus, OtpSendCodeArgs, UseOtpLoginParameters, UseOtpLoginReturnType } from './hooks/useOtpLogin.js'
export type { WalletChainType, WalletListRow } from './wallets/walletListModel.js'

export { definePlugin } from '../core/client/plugin.js'
export type { FoyerPlugin, PluginMeta, ScreenDef, ApiCallDef, FlowContext, PluginHooks } from '../core/client/plugin.js'
export type {
  AuthResult,
  Foyer,
  FoyerClientConfig,
  Intent,
  ModalIntent,
  LoginOptions,
  ModalState,
  ResolvedConfig,
  SessionState,
} from '../core/client/types.js'
export type { User, LinkedAccount, EmailAccount, TokenResponse } from '../core/protocol/index.js'
export type { ConnectedWallet, ConnectedSolanaWallet, WalletConnector } from '../core/client/wallets/types.js'
export type { FoyerSolanaWalletsActions } from '../core/client/hookActionTypes.js'
export { BaseError, ApiError, ValidationError, FlowError, flowErrorCodes } from '../core/errors/index.js'
