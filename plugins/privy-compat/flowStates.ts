// Privy's headless flow states: a status, and the error once it failed. Foyer's hooks report the same statuses
// (with `error: null` on the others), which these unions accept.

type Failed = { status: 'error'; error: Error | null }

/** An e-mail or SMS code login. */
export type OtpFlowState = { status: 'initial' } | Failed | { status: 'sending-code' } | { status: 'awaiting-code-input' } | { status: 'submitting-code' } | { status: 'done' }
/** A passkey login, signup or link. */
export type PasskeyFlowState = { status: 'initial' } | Failed | { status: 'generating-challenge' } | { status: 'awaiting-passkey' } | { status: 'submitting-response' } | { status: 'done' }
/** A Sign-In With Ethereum login or link. */
export type SiweFlowState = { status: 'initial' } | Failed | { status: 'generating-message' } | { status: 'awaiting-signature' } | { status: 'submitting-signature' } | { status: 'done' }
/** A Sign In With Solana login. */
export type SiwsFlowState = SiweFlowState
/** An OAuth login. */
export type OAuthFlowState = { status: 'initial' } | { status: 'loading' } | { status: 'done' } | Failed
/** A Telegram login. */
export type TelegramAuthFlowState = OAuthFlowState
/** A custom-JWT (custom auth) session sync. */
export type JwtAuthFlowState = { status: 'initial' } | { status: 'loading' } | { status: 'not-enabled' } | { status: 'done' } | Failed
export type CustomAuthFlowState = JwtAuthFlowState
/** loginWithCode's argument. */
export type LoginWithCode = { code: string }
