/** Foyer for React: the provider, Privy-shaped hooks and the primitives plugin screens use. */
export { FoyerProvider, type FoyerProviderProps } from './FoyerProvider.js'
export { useFoyer, type UseFoyerReturnType } from './hooks/useFoyer.js'
export { useLogin, type UseLoginParameters } from './hooks/useLogin.js'
export { useLogout } from './hooks/useLogout.js'
export { useLinkAccount, type UseLinkAccountReturnType, type UseAccountFlowParameters, type LinkFunction } from './hooks/useLinkAccount.js'
export { useUnlinkAccount, type UnlinkFunctions, type UnlinkFunction } from './hooks/useUnlinkAccount.js'
export { useUpdateEmail, useUpdatePhone } from './hooks/useUpdateAccount.js'
export { useUser } from './hooks/useUser.js'
export { useToken } from './hooks/useToken.js'
export { useModalStatus } from './hooks/useModalStatus.js'
export { useFoyerKernel } from './hooks/useFoyerKernel.js'
export { useWallets, useSolanaWallets, type UseWalletsReturnType } from './hooks/useWallets.js'
export { useConnectWallet, type UseConnectWalletParameters, type ConnectWalletOptions } from './hooks/useConnectWallet.js'
export { walletListModel, DEFAULT_WALLET_LIST, type WalletChainType, type WalletListRow } from './wallets/walletListModel.js'
export { walletErrorOutcome, WALLET_CONNECT_RETRY_LIMIT, type WalletErrorOutcome } from './wallets/walletConnectError.js'
export {
  useOtpLogin,
  type OtpLoginMethod,
  type OtpLoginState,
  type OtpLoginStatus,
  type OtpSendCodeArgs,
  type UseOtpLoginParameters,
  type UseOtpLoginReturnType,
} from './hooks/useOtpLogin.js'
export { useEntrySubmit } from './hooks/useEntrySubmit.js'
export { useT, type Translate } from './i18n/useT.js'
export { en as uiTexts } from './i18n/en.js'

export { Button, type ButtonProps } from './primitives/Button.js'
export { TextInput, type TextInputProps } from './primitives/TextInput.js'
export { CodeInput, CODE_LENGTH, type CodeInputProps, type CodeInputHandle } from './primitives/CodeInput.js'
export { ScreenLayout, type ScreenLayoutProps } from './primitives/ScreenLayout.js'
export { Spinner } from './primitives/Spinner.js'
export { ErrorText } from './primitives/ErrorText.js'
export { PluginIcon } from './primitives/PluginIcon.js'
export { QRCode, type QRCodeProps } from './primitives/QRCode.js'
export { PhoneInput, type PhoneInputProps, type PhoneValue } from './primitives/PhoneInput.js'
export { maskPhone } from './primitives/maskPhone.js'
export { loadPhoneRules, type PhoneRulesModule } from './primitives/phoneInputState.js'
export { OtpCodeScreen, RESEND_COOLDOWN_MS, FAILED_CODE_RESET_MS, type OtpCodeScreenProps } from './primitives/OtpCodeScreen.js'
export { verifyOtpCode, type OtpCodeCalls } from './primitives/verifyOtpCode.js'
export type { ScreenProps } from './modal/ScreenHost.js'
export type { LandingEntryProps } from './screens/LandingEntrySlot.js'

export { definePlugin } from '../core/client/plugin.js'
export type { FoyerPlugin, PluginMeta, ScreenDef, ApiCallDef, FlowContext, PluginHooks } from '../core/client/plugin.js'
export type {
  AuthResult,
  Foyer,
  FoyerClientConfig,
  Intent,
  LoginOptions,
  ModalState,
  ResolvedConfig,
  SessionState,
} from '../core/client/types.js'
export type { User, LinkedAccount, EmailAccount, TokenResponse } from '../core/protocol/index.js'
export type { ConnectedWallet, WalletConnector } from '../core/client/wallets/types.js'
export { BaseError, ApiError, ValidationError, FlowError, flowErrorCodes } from '../core/errors/index.js'
