import type { BaseError } from '../errors/index.js'
import type { FlowCallbacks } from './authResult.js'
import type { ModalIntent } from './intents.js'

/** One screen on the modal stack. */
export interface ScreenEntry {
  /** Registered screen id, `${pluginId}/${key}`. */
  id: string
  params?: any
}

/** Options of `login(opts)`, Privy's shape. */
export interface LoginOptions {
  loginMethods?: string[]
  prefill?: { type: 'email' | 'phone'; value: string }
  disableSignup?: boolean
  walletChainType?: 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'
}

/** `$modal`. */
export interface ModalState {
  open: boolean
  /** Why it is open: a sign-in flow, a request's intent (sign, mfa…), or null (only showing something). */
  intent: ModalIntent | null
  stack: ScreenEntry[]
  error: BaseError | null
  options: LoginOptions
}

/** The modal half of the kernel. */
export interface ModalController {
  /**
   * Opens a flow (default: login on the landing screen). `intent: null` opens one that is no login, link or update
   * (connect a wallet): closing reports no exit to sign-in callbacks. A request on screen ends with its exit error.
   */
  open(options?: { intent?: ModalIntent | null; screen?: string; params?: unknown; login?: LoginOptions; callbacks?: FlowCallbacks }): void
  /** Closes; reports the 'user exited' error for a sign-in intent unless the flow completed; rejects the request on screen. */
  close(): void
  /**
   * Shows `screen` and waits for its answer (`resolve` / `reject` from the screen). Requests queue: one is on screen
   * at a time, joining the open flow, or opening the modal with `intent` (and closing it when answered). Always
   * settled: closing the modal, going back past the screen or another flow taking the modal rejects it with the
   * intent's exit error (`EXITED_AUTH_FLOW`, `USER_REJECTED_REQUEST`, `MFA_CANCELED`…).
   */
  request<T = unknown>(screen: string, params?: unknown, options?: { intent?: ModalIntent | null }): Promise<T>
  /** Answers the request on screen. */
  resolve(value?: unknown): void
  /** Fails the request on screen with `error`. */
  reject(error: unknown): void
  push(screen: string, params?: unknown): void
  replace(screen: string, params?: unknown): void
  back(): void
  /** Shows the error screen (or the failure screen the error's code maps to). */
  showError(error: unknown, options?: { retry?: boolean }): void
  /** Same as `resolve` (the name flow-hook prompts used first). */
  resolvePrompt(value?: unknown): void
  /** Same as `reject`. */
  rejectPrompt(error: unknown): void
  /** For code screens: the inline error text, or null after moving to the failure screen the error maps to. */
  otpError(error: unknown): string | null
}
