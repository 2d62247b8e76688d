'use client'
// `foyer/privy`: Privy's `@privy-io/react-auth` names over Foyer, so a Privy app moves by changing its imports. Each
// name's status (same, differs and how, missing and what instead) is in privyNames.ts; Foyer's own API stays `foyer`.
export { PrivyProvider, FoyerProvider, type PrivyProviderProps, type FoyerProviderProps } from './PrivyProvider.js'
export { usePrivy, type PrivyInterface } from './usePrivy.js'
export { useLogin, useLogout, useUser, useToken, useIdentityToken, useConnectWallet, type LoginModalOptions } from './sessionHooks.js'
export { useModalStatus } from '../../ui/hooks/useModalStatus.js'
export { useLinkAccount, useUpdateAccount, useUnlinkEmail, useUnlinkPhone, useUnlinkWallet, useUnlinkFarcaster, useUnlinkTelegram, useUnlinkPasskey, useUnlinkOAuth } from './accountHooks.js'
export {
  useLoginWithEmail,
  useLoginWithSms,
  useLoginWithOAuth,
  useLoginWithPasskey,
  useSignupWithPasskey,
  useLinkWithPasskey,
  useLoginWithTelegram,
  useLoginWithSiwe,
  useLinkWithSiwe,
  useLoginWithSiws,
} from './loginHooks.js'
export { useSignMessage, useSignTypedData, useSendTransaction, useSignTransaction, useCreateWallet, useImportWallet, useExportWallet, useSetWalletRecovery } from './walletHooks.js'
export { useWallets, getEmbeddedConnectedWallet, type UseWalletsInterface } from './useWallets.js'
export { useSessionSigners, type UseSessionSignersInterface } from './useSessionSigners.js'
export {
  useGuestAccounts,
  useAcceptTerms,
  useCustomAuth,
  useMfa,
  useMfaEnrollment,
  useRegisterMfaListener,
  useFundWallet,
  useDelegatedActions,
  useCrossAppAccounts,
  useFarcasterSigner,
  useGetFarcasterSignerPublicKey,
  useRequestFarcasterSigner,
  useSignFarcasterMessage,
} from './featureHooks.js'
export { Captcha, errorIndicatesMfaTimeout, errorIndicatesMfaVerificationFailed, errorIndicatesMaxMfaRetries, addRpcUrlOverrideToChain, useOAuthTokens, useConnectOrCreateWallet } from './privyHelpers.js'
export { getAccessToken, getIdentityToken } from './standaloneTokens.js'
export { PrivyErrorCode, type CallbackError } from './privyErrorCode.js'
export type { PrivyEvents } from './privyEvents.js'
export type { PrivyClientConfig, PriceDisplayOptions, LoginMethodOrderOption, NonEmptyArray, PrivyI18nStrings } from './privyConfig.js'
export type { OtpFlowState, OAuthFlowState, PasskeyFlowState, SiweFlowState, SiwsFlowState, TelegramAuthFlowState, CustomAuthFlowState, JwtAuthFlowState, LoginWithCode } from './flowStates.js'
export type * from './privyUser.js'
export type * from './privyRequestTypes.js'
export type { EIP1193Provider, ConnectedWallet, BaseConnectedWallet, BaseConnectedEthereumWallet, BaseConnectedSolanaWallet, BaseConnectedWalletType } from './privyWalletTypes.js'
export type { WalletConnector } from '../../core/client/wallets/types.js'
export type * from './privyHookTypes.js'
