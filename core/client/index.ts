/** The framework-agnostic kernel: `foyer/core`. */
export { createFoyer, InvalidAppIdError } from './createFoyer.js'
export { createAccounts, transferWith, NotAuthenticatedError, InvalidTransferAccountTypeError } from './accounts.js'
export { createRegistry, type Registry, type LandingEntry } from './registry.js'
export { definePlugin } from './plugin.js'
export { defineApi, apiPaths, type ApiCallEntry, type DefinedApi } from './defineApi.js'
export { apiClient, type ApiClient, type CallInput, type CallOutput } from './apiClient.js'
// The kernel's signals, for plugin state (`state` slot) and for hosts outside React.
export { signal, computed, batch, effect, type Signal, type ReadonlySignal } from '@preact/signals-core'
export type * from './plugin.js'
export type * from './types.js'
export { createHttp, retryDelay, RETRY_STATUS_CODES, RETRIES, type Http, type HttpRequest } from './http.js'
export { decodeJwt, isTokenActive, hasAudience, EXPIRY_MARGIN_SECONDS } from './jwt.js'
export { sessionKeys, REFRESH_MARKER_COOKIE } from './session.js'
export { createMemoryStorage, createStorage } from './storage.js'
export {
  errorScreenFor,
  failureScreens,
  failureScreenCodes,
  errorScreenCodes,
  hasFailureScreen,
  type ErrorScreenCode,
  type ErrorScreenParams,
  type AccountTransferScreenParams,
} from './errorScreen.js'
export { coreErrorTexts, clientErrorTexts, SERVER_MESSAGE, type ErrorScreenEntry, type ErrorScreenText } from './errorTexts.js'
export { uiScreens, type UiScreenId } from './screenIds.js'
export { transferMethodOf, type TransferMethod } from './transferMethod.js'
export { CaptchaError, captchaErrorCodes, captchaTexts, type CaptchaController, type CaptchaProvider, type CaptchaProviderFactory, type CaptchaStatus } from './captcha.js'
export { otpErrorOutcome } from './otpErrorOutcome.js'
export { isEmbeddedWalletContextAllowed } from './secureContext.js'
export { MODAL_CLEANUP_MS } from './modal.js'
// Kernel actions (wagmi/viem style): `action(foyer, parameters)`, one per file, with Parameters / ReturnType / ErrorType.
export { verifyOtpCode, type OtpCodeCalls, type VerifyOtpCodeParameters, type VerifyOtpCodeReturnType, type VerifyOtpCodeErrorType } from './actions/verifyOtpCode.js'
export { login, type LoginParameters, type LoginReturnType, type LoginErrorType } from './actions/login.js'
export { logout, type LogoutParameters, type LogoutReturnType, type LogoutErrorType } from './actions/logout.js'
export { getAccessToken, type GetAccessTokenParameters, type GetAccessTokenReturnType, type GetAccessTokenErrorType } from './actions/getAccessToken.js'
export { linkAccount, type LinkAccountParameters, type LinkAccountReturnType, type LinkAccountErrorType } from './actions/linkAccount.js'
export { unlinkAccount, type UnlinkAccountParameters, type UnlinkAccountReturnType, type UnlinkAccountErrorType } from './actions/unlinkAccount.js'
export { updateAccount, type UpdateAccountParameters, type UpdateAccountReturnType, type UpdateAccountErrorType } from './actions/updateAccount.js'
export { transferAccount, type TransferAccountParameters, type TransferAccountReturnType, type TransferAccountErrorType } from './actions/transferAccount.js'
export { CannotLinkMoreOfTypeError } from './accountErrors.js'
export { MAX_STEP_RETRIES, type CallMiddleware, type OutgoingCall } from './callMiddleware.js'
export { startsSession } from './startsSession.js'
export { intentExits, noIntentExit, isAuthIntent, type IntentExit, type KernelIntent } from './intents.js'
export { createTranslator } from './i18n/createTranslator.js'
export { SDK_VERSION } from './version.js'
export type * from './wallets/types.js'
// Not through createWallets.ts (the kernel's): a module it re-exported would ride in every host's first load (esbuild).
export { addChainParameters } from './wallets/addChainParameters.js'
export type { SupportedChain } from './wallets/createWallets.js'
export { ProviderRpcError, toConnectorError, retryLookup, walletTexts } from './wallets/walletErrors.js'
export { eip1193Connector, type Eip1193Provider, type Eip1193ConnectorMeta } from './wallets/eip1193Connector.js'
export { mergeConnectorSources } from './wallets/mergeConnectorSources.js'
export { atomicBatchExecutor } from './wallets/atomicBatchExecutor.js'
export * from '../errors/index.js'
export * from '../protocol/index.js'
