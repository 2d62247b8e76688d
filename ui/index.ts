'use client'
/** Foyer for React: everything `foyer` exports, plus the primitives plugin screens are built from (`foyer/ui`). */
export * from './foyer.js'
// The ui's English texts (keys to override with `config.intl.textLocalization`); they load with the modal.
export { en as uiTexts } from './i18n/en.js'
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
export { useScreenState, type ScreenStateSetter } from './hooks/useScreenState.js'
export { useT, type Translate } from './i18n/useT.js'

export { Button, type ButtonProps } from './primitives/Button.js'
export { TextInput, type TextInputProps } from './primitives/TextInput.js'
export { CodeInput, CODE_LENGTH, type CodeInputProps, type CodeInputHandle } from './primitives/CodeInput.js'
export { ScreenLayout, type ScreenLayoutProps } from './primitives/ScreenLayout.js'
export { Spinner } from './primitives/Spinner.js'
export { ErrorText } from './primitives/ErrorText.js'
export { TransactionRow } from './primitives/TransactionRow.js'
export { PluginIcon } from './primitives/PluginIcon.js'
export { QRCode, type QRCodeProps } from './primitives/QRCode.js'
export { PhoneInput, type PhoneInputProps, type PhoneValue } from './primitives/PhoneInput.js'
export { maskPhone } from './primitives/maskPhone.js'
export { loadPhoneRules, type PhoneRulesModule } from './primitives/phoneInputState.js'
export { OtpCodeScreen, RESEND_COOLDOWN_MS, FAILED_CODE_RESET_MS, type OtpCodeScreenProps } from './primitives/OtpCodeScreen.js'
export { verifyOtpCode, type OtpCodeCalls } from '../core/client/actions/verifyOtpCode.js'
export type { ScreenProps } from './modal/ScreenHost.js'
export type { LandingEntryProps } from './screens/LandingEntrySlot.js'

