// Privy's names for what its hooks answer and take, as aliases of the compat hooks' own types.
import type { useCrossAppAccounts, useCustomAuth, useDelegatedActions, useFundWallet } from './featureHooks.js'
import type { useLinkWithPasskey, useLoginWithEmail, useLoginWithPasskey, useLoginWithSiws, useLoginWithTelegram, useSignupWithPasskey } from './loginHooks.js'
export type { UseLoginWithSms } from './loginHooks.js'
import type { useOAuthTokens } from './privyHelpers.js'
import type { useUnlinkOAuth } from './accountHooks.js'
import type { useImportWallet } from './walletHooks.js'

export type UseLoginWithEmail = ReturnType<typeof useLoginWithEmail>
export type UseLoginWithPasskey = ReturnType<typeof useLoginWithPasskey>
export type UseSignupWithPasskey = ReturnType<typeof useSignupWithPasskey>
export type UseLinkWithPasskey = ReturnType<typeof useLinkWithPasskey>
export type UseLoginWithTelegram = ReturnType<typeof useLoginWithTelegram>
export type UseLoginWithSiws = ReturnType<typeof useLoginWithSiws>
export type UseCustomAuth = ReturnType<typeof useCustomAuth>
export type UseOAuthTokens = ReturnType<typeof useOAuthTokens>
export type UseUnlinkOAuthInterface = ReturnType<typeof useUnlinkOAuth>
export type UseFundWalletInterface = ReturnType<typeof useFundWallet>
export type UseImportWalletInterface = ReturnType<typeof useImportWallet>
export type UseDelegatedActionsInterface = ReturnType<typeof useDelegatedActions>
export type UseCrossAppAccountsInterface = ReturnType<typeof useCrossAppAccounts>

/** sendCode's argument of useLoginWithEmail. */
export type SendCodeToEmail = { email: string; disableSignup?: boolean }
/** sendCode's argument of useLoginWithSms. */
export type SendCodeToSms = { phoneNumber: string; disableSignup?: boolean }
/** The provider wallet of a cross-app signature. */
export type CrossAppWalletOptions = { address: string; chainId?: number }
/** The provider wallet of a cross-app transaction. */
export type CrossAppTransactionOptions = { address: string }
