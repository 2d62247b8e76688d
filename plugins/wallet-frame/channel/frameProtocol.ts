// The wire between the host page and the wallet frame (both halves import it): event names, message shapes and
// the error types the frame answers with. Key material never appears in any of these shapes.

/** The frame's first message: it carries the MessagePort every later message travels on. */
export const FRAME_READY = 'foyer:iframe:ready'

/**
 * A visible frame page's unasked message on the channel, `{type, height}`: its content's height in CSS px, whenever it
 * changes, so the host sizes the iframe to it (no empty area, no inner scroll bar).
 */
export const FRAME_HEIGHT = 'foyer:iframe:height'

/** Events the frame answers (the spec's wallet-proxy events, with our prefix). */
export const frameEvents = {
  create: 'foyer:wallet:create',
  add: 'foyer:wallet:add',
  setRecovery: 'foyer:wallet:set-recovery',
  connect: 'foyer:wallet:connect',
  recover: 'foyer:wallet:recover',
  rpc: 'foyer:wallet:rpc',
  createAdditional: 'foyer:wallet:create-additional',
  import: 'foyer:wallet:import',
  solanaCreate: 'foyer:solana-wallet:create',
  solanaConnect: 'foyer:solana-wallet:connect',
  solanaRecover: 'foyer:solana-wallet:recover',
  solanaRpc: 'foyer:solana-wallet:rpc',
  /**
   * The user enrolled an MFA method: the frame drops every key it unlocked (data `{}`, answer `{cleared: true}`). A key
   * unlocked while the user had no MFA has no verification window to end it; without this it stayed usable, without a
   * verification, for the page's life (lockOnMfaEnrollment.ts).
   */
  mfaClear: 'foyer:mfa:clear',
  /**
   * On the recovery page, set-recovery runs the password screens and recover asks 'Enter your password' (the password
   * never leaves the frame's origin); on the hidden proxy, recover is automatic recovery only.
   */
  exportShow: 'foyer:wallet:export',
  /**
   * The `foyer-device-key` header for a call that starts a session (data `{}`, answer `{binding}`): binds this frame's
   * device key to the session, so its custody calls need this frame's proofs (core/protocol/deviceKeys.ts). A binding
   * opens nothing by itself: the server never takes one as a proof.
   */
  deviceBinding: 'foyer:device:binding',
} as const

/** One of the frame kernel's own event names. */
export type FrameEvent = (typeof frameEvents)[keyof typeof frameEvents]

/**
 * An event the frame may answer: the kernel's own, or one of a plugin's frame half (`foyer:<plugin>:<name>`, declared
 * by the plugin's server half and loaded by the frame when it first arrives).
 */
export type FrameEventName = FrameEvent | (string & {})

/** The spec's wallet-proxy error types (§8), and mfa_method_locked (a method locked after 100 failures in a row). */
export const frameErrorTypes = [
  'error',
  'invalid_request_arguments',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'insufficient_funds',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  'mfa_method_locked',
] as const

/** One of the spec's wallet-proxy error types. */
export type FrameErrorType = (typeof frameErrorTypes)[number]

/** A request to the frame. */
export interface FrameRequest<D = unknown> {
  event: FrameEventName
  id: string
  data: D
}

/** The frame's answer to a request: `response`, or `error` with a spec type and a message safe to show. */
export type FrameAnswer<R = unknown> =
  | { id: string; event: FrameEventName; response: R }
  | { id: string; event: FrameEventName; error: { type: FrameErrorType; message: string } }

/** The spec's waits for the frame (ms): first load, a flow's later wait, a quick check; connector init. */
export const FRAME_WAITS = { initial: 30_000, flow: 15_000, quick: 3_000, connectorInit: 1_500 } as const

/** The frame's path on its origin (the spec's). */
export const framePath = (appId: string) => `/apps/${encodeURIComponent(appId)}/embedded-wallets`

/** The export page's path: the same frame, visible, showing one wallet's key. */
export const exportFramePath = (appId: string) => `${framePath(appId)}/export`

/** The recovery page's path: the same frame, visible, where the recovery password is set or entered. */
export const recoveryFramePath = (appId: string) => `${framePath(appId)}/recovery`
/** The page on the wallet origin a recovery login (Google Drive) redirects its popup to; it posts PRIVY_OAUTH_RESPONSE to the recovery page. */
export const RECOVERY_OAUTH_CALLBACK_PATH = '/recovery/oauth/callback'

/** The wait for a request the user answers at their own pace inside a visible frame page (ms). */
export const USER_PACED_WAIT_MS = 60 * 60_000
