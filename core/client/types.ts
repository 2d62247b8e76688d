import type { ReadonlySignal } from '@preact/signals-core'
import type { BaseError } from '../errors/index.js'
import type { AccountTransferData, LinkedAccount, RawUser, ServerAppConfig, TokenResponse, User } from '../protocol/index.js'
import type { CaptchaController } from './captcha.js'
import type { FoyerPlugin } from './plugin.js'
import type { Registry } from './registry.js'
import type { WalletManager } from './wallets/types.js'
import type { SupportedChain } from './wallets/createWallets.js'

import type { Intent, ModalIntent } from './intents.js'
export type { Intent, ModalIntent } from './intents.js'

/** Client config. Keys follow Privy's where they exist so hosts can move over. */
export interface FoyerClientConfig {
  name?: string
  appearance?: {
    theme?: 'light' | 'dark'
    accentColor?: string
    logo?: string
    landingHeader?: string
    loginMessage?: string
    showWalletLoginFirst?: boolean
    walletList?: string[]
    walletChainType?: 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'
    loginGroupPriority?: 'web2-first' | 'web3-first'
    hideDirectWeb2Inputs?: boolean
  }
  /** Login methods to show, in order (names from each plugin's `meta.loginMethod`). */
  loginMethods?: string[]
  loginMethodsAndOrder?: { primary: string[]; overflow?: string[] }
  intl?: { defaultCountry?: string; textLocalization?: Record<string, string> }
  legal?: { termsAndConditionsUrl?: string; privacyPolicyUrl?: string; requireUsersAcceptTerms?: boolean }
  disablePlusEmails?: boolean
  allowlistConfig?: { errorTitle?: string; errorDetail?: string; errorCtaText?: string; errorCtaLink?: string }
  captchaEnabled?: boolean
  /** EVM chains the app supports (viem Chain objects); a wallet on another chain is switched. */
  supportedChains?: readonly SupportedChain[]
  /** The chain wallets are switched to when theirs isn't supported. Default: the first supported. */
  defaultChain?: SupportedChain
  externalWallets?: { walletConnect?: { enabled?: boolean }; [connector: string]: unknown }
  /** Milliseconds one API request may take before it fails with 'Timed out'. Default 15 000. */
  apiTimeoutMs?: number
  /** Milliseconds the success screen stays before the modal closes. Default 1000. */
  successDelayMs?: number
  [other: string]: unknown
}

/** Server app config merged with the client config: what screens read. */
export interface ResolvedConfig {
  appId: string
  name: string
  logo: string | null
  accentColor: string | null
  theme: 'light' | 'dark'
  landingHeader: string | null
  loginMessage: string | null
  layout: 'web2-first' | 'web3-first'
  /** Enabled login-method names in display order; `overflow` are behind 'More options'. */
  loginMethods: string[]
  overflowMethods: string[]
  disablePlusEmails: boolean
  legal: { termsAndConditionsUrl: string | null; privacyPolicyUrl: string | null; requireUsersAcceptTerms: boolean }
  allowlist: { errorTitle: string | null; errorDetail: string | null; errorCtaText: string | null; errorCtaLink: string | null }
  intl: { defaultCountry: string; textLocalization: Record<string, string> }
  captcha: { enabled: boolean; siteKey: string | null }
  successDelayMs: number
  server: ServerAppConfig
  client: FoyerClientConfig
}

/** `$session`. */
export interface SessionState {
  status: 'loading' | 'unauthenticated' | 'authenticated'
  user: User | null
  accessToken: string | null
  identityToken: string | null
}

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

/** What a successful login, link or update hands the host. */
export interface AuthResult {
  user: User
  isNewUser: boolean
  wasAlreadyAuthenticated: boolean
  loginMethod: string
  loginAccount: LinkedAccount | null
  linkedAccount: LinkedAccount | null
  oAuthTokens: TokenResponse['oauth_tokens'] | null
}

/** Host callbacks for one intent. */
export interface FlowCallbacks {
  onComplete?: (result: AuthResult) => void
  onSuccess?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** Options of one API call. */
export interface CallOptions {
  signal?: AbortSignal
  /** Extra headers a plugin's call needs. */
  headers?: Record<string, string>
  query?: Record<string, string | number | undefined>
}

/** Key-value storage the session and plugins persist to (localStorage by default). */
export interface FoyerStorage {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

/** Tiny typed event emitter. */
export interface Emitter {
  on(event: string, listener: (payload?: unknown) => void): () => void
  emit(event: string, payload?: unknown): void
}

/** The session half of the kernel. */
export interface SessionManager {
  /** A valid access token, refreshed when expiring (single flight across tabs); null when logged out. */
  getAccessToken(): Promise<string | null>
  getIdentityToken(): Promise<string | null>
  /** Applies `session_update_action` and sets `$session`. */
  handleTokenResponse(response: TokenResponse): void
  /** Rotates the refresh token. Clears local state when the server says the token is missing or invalid. */
  refresh(): Promise<void>
  /** Tries to destroy the server session; always clears local state. */
  logout(): Promise<void>
  /**
   * Forks the session: rotates this session's tokens and answers the single-use refresh token of a new,
   * independent session for the same user (to hand to another app, device or webview).
   */
  fork(): Promise<string>
  /** Starts the session of a forked token (from `fork()` elsewhere) here, replacing any current one. */
  recover(forkedToken: string): Promise<void>
  /** Puts a user the server answered (after a link, unlink, update or terms acceptance) on a signed-in session. */
  setUser(user: RawUser | User): void
  /** Re-reads the current user (GET /api/v1/users/me). */
  refreshUser(): Promise<User | null>
}

/** Link, unlink, update and transfer, dispatched to the plugins that contribute them. */
export interface AccountsManager {
  /** Opens the link flow of `method` (e.g. 'email', 'google', 'wallet'). Needs a signed-in user. */
  link(method: string, options?: unknown): Promise<void>
  /** Unlinks an account of `method`; answers the updated user (also set on `$session`). */
  unlink(method: string, ...args: unknown[]): Promise<User>
  /** Opens the update flow of `method` ('email', 'phone'). Needs a signed-in user. */
  update(method: string, options?: unknown): Promise<void>
  /** Moves an account tied to another user to this one (deleting the other user); answers the user. */
  transfer(data: AccountTransferData): Promise<User>
  /** Method names the loaded plugins support, per action. */
  methods(): { link: string[]; unlink: string[]; update: string[]; transfer: string[] }
  /** The hooks' function name of `method` for `action` (`('link', 'linkedin')` → 'linkLinkedIn'): the plugin's `names`, else the capitalised method. */
  functionName(action: 'link' | 'unlink' | 'update', method: string): string
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

/** createFoyer's parameters. */
export interface CreateFoyerParameters {
  appId: string
  clientId?: string
  apiUrl: string
  plugins?: FoyerPlugin[]
  config?: FoyerClientConfig
  /** Defaults to localStorage (memory when unavailable). */
  storage?: FoyerStorage
  /** Injected fetch, for tests. */
  fetch?: typeof globalThis.fetch
  /** Extra i18n defaults (the ui layer's English table); plugin texts and host overrides win. */
  texts?: Record<string, string>
}

/** The kernel: signals, registry, http, session, modal. One per host page. */
export interface Foyer {
  readonly appId: string
  readonly clientId: string | undefined
  readonly apiUrl: string
  /** Read-only outside the kernel, like every kernel signal: change state through the kernel's functions. */
  readonly $config: ReadonlySignal<ResolvedConfig | null>
  /** Why the app config could not be loaded (server unreachable, origin not allowed); null when it loaded. */
  readonly $configError: ReadonlySignal<BaseError | null>
  /** Written only by the session manager (`foyer.session`). */
  readonly $session: ReadonlySignal<SessionState>
  /** Written only by the modal controller (`foyer.modal`). */
  readonly $modal: ReadonlySignal<ModalState>
  /** true once the app config and the session restore have answered. */
  readonly $ready: ReadonlySignal<boolean>
  readonly registry: Registry
  readonly storage: FoyerStorage
  readonly emitter: Emitter
  readonly session: SessionManager
  readonly modal: ModalController
  /** External wallets: discovered connectors, connected wallets, connect/disconnect. */
  readonly wallets: WalletManager
  /** Link, unlink, update and transfer of the signed-in user's accounts. */
  readonly accounts: AccountsManager
  /** The app's captcha: status and fresh tokens (API calls that name a captcha field get one automatically). */
  readonly captcha: CaptchaController
  /** Calls a plugin's api entry `pluginId.name`: input validated, token attached, output validated. */
  call<O = unknown>(id: string, input?: unknown, options?: CallOptions): Promise<O>
  /**
   * The state a plugin made in its `state` slot (the kernel makes it once). Throws PluginError when no loaded
   * plugin `id` has state.
   */
  pluginState<S extends object = Record<string, unknown>>(id: string): S
  /** The functions plugins add to `useFoyer()` (their `actions` slot), made once; PluginError for a name taken twice. */
  actions(): Readonly<Record<string, (...args: any[]) => unknown>>
  /** Finishes a login, link or update from a token response: session, flow hooks, callbacks, success. */
  completeAuth(
    response: TokenResponse | { user: RawUser },
    /**
     * `successTitle` replaces the success screen's title (e.g. 'Passkeys updated'); `successScreen: false` keeps
     * the current screen (it shows its own success, like the transfer prompt's 'Success!') until the modal closes.
     */
    info: { loginMethod: string; account?: LinkedAccount | null; intent?: Intent; successTitle?: string; successScreen?: boolean },
  ): Promise<AuthResult>
  /** Reports a failed flow to the host callbacks of the current intent (and plugin onError hooks). */
  failAuth(error: unknown): void
  /** Registers host callbacks for an intent; returns the unregister function. */
  registerCallbacks(intent: Intent, callbacks: FlowCallbacks): () => void
  /** Posts an analytics event (never retried, never throws). */
  track(eventName: string, payload?: Record<string, unknown>): void
  /**
   * Adds default texts (the ui's English, which loads with the modal's code): below plugins' texts and the host's
   * `textLocalization`, above the kernel's table.
   */
  addDefaultTexts(texts: Readonly<Record<string, string>>): void
  /** Text for an i18n key (plugin texts, the kernel table, then the host's textLocalization). */
  t(key: string, vars?: Record<string, string | number>): string
  /**
   * Replaces the host's config (theme, accent colour, login methods, chains…): `$config` is resolved again with
   * the server's app config, so an open modal restyles in place. `intl.textLocalization` and `apiTimeoutMs`
   * are read once, when the kernel is made.
   */
  updateConfig(config: FoyerClientConfig): void
  /** Loads (or reloads, after a failure) the app config into `$config`; a failure lands in `$configError`, never thrown. */
  loadConfig(): Promise<void>
  /** Loads the app config and restores the session. Idempotent. */
  init(): Promise<void>
  destroy(): void
}
