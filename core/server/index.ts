/** The Foyer server: createServer, the plugin contract and the helpers plugins use. */
export { createServer, BODY_LIMIT_BYTES } from './createServer.js'
export { defineServerPlugin } from './defineServerPlugin.js'
export { HttpError } from './HttpError.js'
export { refuseCrossSite, CROSS_SITE_MESSAGE } from './http/refuseCrossSite.js'
export { AppInputSchema, ConfigFileSchema, appInputSchema, type App, type AppInput, type AppSections, type PublicConfigFn, type PublicConfigServer } from './apps.js'
export type { Db } from './db/Db.js'
export { createPgliteDb, type CreatePgliteDbOptions } from './db/createPgliteDb.js'
export { createPostgresDb } from './db/createPostgresDb.js'
export type { Migration } from './db/runMigrations.js'
export type { Logger, LogFields } from './Logger.js'
export { createLogger, type CreateLoggerOptions } from './observability/createLogger.js'
export type { MetricCounter, MetricCounterDefinition, ServerMetrics } from './observability/createMetrics.js'
export type { Mailer, MailMessage, OutboxEntry } from './mailer.js'
export { CAPTCHA_TOKEN_TTL_SECONDS, INVALID_CAPTCHA_MESSAGE, type CaptchaVerifier, type CaptchaVerifyInput } from './captcha.js'
export { createNonceStore, nonceTableSql, type NonceCheck, type NonceStore, type NonceStoreOptions } from './nonces.js'
export { createOtpCodes, otpCodesTableSql, INVALID_CODE_MESSAGE, type OtpCodes, type OtpCodesOptions } from './otpCodes.js'
export { createTwilioSmsSender, SmsSendError, type SmsSender, type SmsMessage, type TwilioSmsOptions } from './sms.js'
export type { RateLimitRule, RateLimiter } from './rateLimit.js'
export { storedSecret, type Secrets } from './secrets.js'
export { createSealedTextBox, parseKek, type SealedTextBox } from './sealedTextBox.js'
export { createStaticAsset, serveStaticAsset, serveRevalidated, negotiateEncoding, etagOf, ifNoneMatchTags, IMMUTABLE, builtCopies, type StaticAsset, type ContentCoding } from './staticAsset.js'
export type { Sessions, RefreshResult } from './sessions.js'
export { SESSION_LIFETIME_SECONDS } from './sessions.js'
export type { Tokens, VerifiedAccessToken } from './tokens.js'
export { rotateSigningKey, type RotateSigningKeyParameters, type RotateSigningKeyReturnType } from './rotateSigningKey.js'
export { DEFAULT_SIGNING_KEY_LEAD_SECONDS, MIN_SIGNING_KEY_LEAD_SECONDS } from './signingKeys.js'
export {
  verifyFoyerRequest,
  verifyFoyerToken,
  foyerTokenFromRequest,
  FoyerAuthError,
  type FoyerClaims,
  type FoyerRequestLike,
  type VerifyFoyerRequestOptions,
} from './verifyFoyerRequest.js'
export { SessionCookiesSchema, type SessionCookieSettings } from './sessionCookieSettings.js'
export type { AccountInput, Users } from './users.js'
export { APP_SECRET_PLACEHOLDER, type AppStore, type StoredApp } from './AppStore.js'
export { APPS_KEK_VAR } from './apps/appsKey.js'
export { APP_SECRET_PREFIX, basicCredentials, type AppSecretInfo, type AppSecrets, type AuthenticatedSecret } from './appSecrets.js'
export { advisoryKey } from './appPolicy.js'
export type { Accounts, LinkOptions, LinkTransferInfo } from './accounts.js'
export { TRANSFER_NONCE_TTL_SECONDS, isTransferableType } from './transfers.js'
export type {
  Apps,
  Auth,
  AuthedUser,
  FoyerServer,
  Listening,
  LoginInput,
  ResolvedConfig,
  ServerContext,
  ServerHook,
  ServerHookRequest,
  ServerJob,
  ListenerWarmUp,
  ServerPlugin,
  ServerPluginFrame,
  ServerPluginRecoveryHalf,
} from './types.js'
export type { CreateServerOptions } from './CreateServerOptions.js'
export { SERVER_EVENT_TYPES, isServerEventType, type ServerEventType } from './events/serverEventTypes.js'
export type { EmitInput, Events, ServerEvent } from './events/createEvents.js'
export type { Audit, AuditEntry, AuditQuery } from './events/createAudit.js'
export { openServerDb, type OpenServerDbOptions } from './cli/openServerDb.js'
export { MFA_VERIFICATION_TTL_MS, type Mfa, type MfaMethod } from './mfa.js'
export type { ResolvedTrustProxy, TrustProxy } from './http/clientIp.js'
