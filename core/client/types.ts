import type { ReadonlySignal } from '@preact/signals-core'
import type { BaseError } from '../errors/index.js'
import type { AccountTransferData, LinkedAccount, RawUser, TokenResponse, User } from '../protocol/index.js'
import type { ApiCallDef, ApiLoader } from './apiCallDef.js'
import type { AuthResult, FlowCallbacks } from './authResult.js'
import type { CallMiddleware } from './callMiddleware.js'
import type { CaptchaController, CaptchaProvider, CaptchaStatus } from './captchaController.js'
import type { FoyerClientConfig, ResolvedConfig } from './clientConfig.js'
import type { FoyerHookActions, HookName } from './hookActionTypes.js'
import type { Intent, IntentExit } from './intents.js'
import type { ModalController, ModalState } from './modalController.js'
import type { SessionManager, SessionState } from './sessionManager.js'
import type { BatchExecutor } from './wallets/batchExecutor.js'
import type { ChainType, ConnectorSource, WalletManager } from './wallets/types.js'

// The kernel–plugin contract. `Foyer`, `FoyerPlugin` and `Registry` refer to each other (plugins get the kernel,
// the kernel's registry holds the plugins), so they are declared together, here; the parts they are built from
// live in leaf modules re-exported below. plugin.ts, registry.ts and captcha.ts re-export their share of this file.
export type { Intent, ModalIntent } from './intents.js'
export type { AuthResult, FlowCallbacks } from './authResult.js'
export type { FoyerClientConfig, ResolvedConfig } from './clientConfig.js'
export type { LoginOptions, ModalController, ModalState, ScreenEntry } from './modalController.js'
export type { SessionManager, SessionState } from './sessionManager.js'
export type { FoyerHookActions, FoyerSolanaWalletsActions, HookName } from './hookActionTypes.js'
export type { BatchCall, BatchExecutor, BatchReceipt, BatchReceiptLog } from './wallets/batchExecutor.js'

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

/** An account action a plugin's `accounts` slot can contribute. */
export type AccountAction = 'link' | 'unlink' | 'update' | 'transfer'

/**
 * Link, unlink, update and transfer, dispatched to the plugins that contribute them. The four functions are the
 * kernel actions of core/client/actions bound to this kernel; `entry` and `linkOnceType` are what those actions read.
 */
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
  /** The plugin function behind `action` of `method` (a linked-account type for 'transfer'); PluginError naming the loaded ones when none. */
  entry<K extends AccountAction>(action: K, method: string): NonNullable<PluginAccountSlots[K]>[string]
  /** The linked-account type a one-per-type method adds (a plugin's `linkOnce`), or undefined. */
  linkOnceType(method: string): string | undefined
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
   * Runs an operation that isn't a plugin API call (a wallet-frame request whose server call happens inside the frame)
   * through the call middleware, so a step (MFA step-up) can run and retry it like a call. `id` names it (`pluginId.name`).
   */
  runWithSteps<T>(id: string, run: () => Promise<T>): Promise<T>
  /**
   * The state a plugin made in its `state` slot (the kernel makes it once). Throws PluginError when no loaded
   * plugin `id` has state.
   */
  pluginState<S extends object = Record<string, unknown>>(id: string): S
  /** The functions plugins add to `useFoyer()` (their `actions` slot), made once; PluginError for a name taken twice. */
  actions(): Readonly<Record<string, (...args: any[]) => unknown>>
  /**
   * The functions plugins add to the ui hook `hook` (their `hookActions` slot, e.g. `useSolanaWallets`'s
   * `createWallet`), made once; empty when no loaded plugin adds any; PluginError for a name taken twice.
   */
  hookActions<H extends HookName>(hook: H): Readonly<Partial<FoyerHookActions[H]>>
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

/** What a plugin adds to the kernel. */
export type PluginKind = 'login' | 'connector' | 'mfa' | 'funding' | 'wallet' | 'feature'

/** A screen the modal can show. The component loads lazily; ui wraps `load` in React.lazy. */
export interface ScreenDef {
  /** Module whose default export is the screen component (React, but core doesn't know that). */
  load: () => Promise<{ default: unknown }>
  /** i18n key or literal used as the dialog's accessible title. */
  title?: string
  /** false: the user cannot close the modal on this screen (terms acceptance). Default true. */
  dismissable?: boolean
  /** Shows a back button when there is a screen below. Default true. */
  back?: boolean
  /** When it returns false the screen is skipped by `modal.push`. */
  guard?: (foyer: Foyer) => boolean
  /**
   * Loaded with the modal when its plugin's login method is enabled: a small screen a sign-in goes to next (the code
   * screen after the e-mail form), so that step shows at once instead of behind a Suspense fallback. Default false.
   */
  preload?: boolean
}

/** How a plugin appears on the landing screen. */
export interface PluginMeta {
  /** i18n key or literal shown as the option's label. */
  label: string
  /** Inline SVG markup or an image URL. */
  icon?: string
  /** Landing group: web2 groups come first in the web2-first layout, 'wallet' in web3-first. */
  group?: 'email' | 'sms' | 'social' | 'passkey' | 'wallet' | 'other'
  /** Tie-break order inside the landing list (lower first). */
  order?: number
  /** Name hosts use in `config.loginMethods` (e.g. 'email', 'google'). Defaults to the plugin id. */
  loginMethod?: string
  /** Flag of the server app config that must be true for the option to show (e.g. 'email_auth'). */
  serverFlag?: string
  /** Hide the option for the current state (e.g. no WebAuthn). */
  hidden?: (foyer: Foyer) => boolean
}

/** One landing entry of a plugin that has several. */
export interface LandingEntryDef {
  loginMethod: string
  meta: PluginMeta
  entry: ScreenDef
}

/** What a flow hook gets: the finished login and a way to ask the user something. */
export interface FlowContext {
  foyer: Foyer
  intent: Intent
  user: User
  isNewUser: boolean
  loginMethod: string
  /**
   * Shows `screen` in this flow and waits until it calls `foyer.modal.resolve(value)`; rejects with the flow's exit
   * error if the user leaves (closes the modal or goes back past it). Same as `foyer.modal.request`.
   */
  prompt<T = unknown>(screen: string, params?: unknown): Promise<T>
  /** Set by a hook that showed the flow's success itself (the wallet's 'All set!'): the kernel then shows no second one. */
  successShown?: boolean
}

/** Outgoing request as `onBeforeRequest` hooks see it (they may add headers). */
export interface OutgoingRequest {
  path: string
  method: string
  headers: Record<string, string>
  body?: unknown
}

/**
 * Hooks the kernel runs in a declared order: plugin order, except where a plugin's `before` / `after` (plugin ids)
 * say otherwise. This is how terms, MFA and wallet creation join a flow in the right order whatever order the host
 * lists them in.
 */
export interface PluginHooks {
  /** Plugin ids whose hooks must run after this plugin's (ids of plugins not loaded are ignored). */
  before?: string[]
  /** Plugin ids whose hooks must run before this plugin's. */
  after?: string[]
  onLoginSuccess?: (ctx: FlowContext) => void | Promise<void>
  onBeforeRequest?: (request: OutgoingRequest) => void | Promise<void>
  onError?: (error: BaseError, ctx: { intent: Intent | null }) => void
}

/**
 * How a plugin takes part in managing the signed-in user's accounts. Keys are method names; the ui's
 * hooks turn each loaded one into a function (`link.email` → `linkEmail`, `unlink.google` → `unlinkGoogle`).
 */
export interface PluginAccountSlots {
  /** Opens (or runs) the link flow for the method; the modal's intent is 'link'. */
  link?: Record<string, (foyer: Foyer, options?: any) => void | Promise<void>>
  /** Removes an account of the method; answers the server's user (the kernel updates the session). */
  unlink?: Record<string, (foyer: Foyer, ...args: any[]) => Promise<RawUser>>
  /** Opens the update flow ('email', 'phone'); the modal's intent is 'update'. */
  update?: Record<string, (foyer: Foyer, options?: any) => void | Promise<void>>
  /**
   * Method → the linked-account type it adds, for one-per-type methods (the spec: 1 account per type). Linking a
   * second one is refused before anything is sent or shown ('User already has an account of type … linked.').
   */
  linkOnce?: Record<string, string>
  /** Linked-account type → the plugin's `/transfer` call for an account tied to another user. */
  transfer?: Record<string, (foyer: Foyer, data: AccountTransferData) => Promise<RawUser>>
  /**
   * Method → the name its hook functions end in, where the capitalised method isn't it (`linkedin: 'LinkedIn'` →
   * `linkLinkedIn`, `unlinkLinkedIn`). Declare the functions' types for hosts by augmenting `FoyerLinkFunctions`,
   * `FoyerUnlinkFunctions` and `FoyerUpdateFunctions` of 'foyer'.
   */
  names?: Record<string, string>
}

/**
 * An MFA method's part in the generic MFA screens (the `mfa` hub plugin lists the loaded ones): its names, how a
 * verification goes, where enrollment starts and how it is removed. Verification itself goes through the kernel's
 * /api/v1/mfa calls with `method`.
 */
export interface MfaMethodSlot {
  /** The method's name in `user.mfaMethods` and the app's `mfa_methods`: 'totp', 'sms', 'passkey'. */
  method: string
  /** i18n key: its row on 'Verify your identity' ('Authenticator App'). */
  label: string
  /** i18n key: its row on 'Choose a verification method' ('Authenticator app'). */
  chooserLabel: string
  /** Marked 'Recommended' on the chooser. */
  recommended?: boolean
  /** Inline SVG markup. */
  icon?: string
  /** Position in both lists (lower first). */
  order?: number
  /**
   * 'code': choosing it starts the challenge (`start`) and shows code entry (totp, sms). 'direct': `verify` runs the
   * whole verification at once (passkey, in the wallet frame's origin when there is one).
   */
  verification: 'code' | 'direct'
  /** Starts a verification and answers the server's reply (sms: its spec call); default POST /api/v1/mfa/init {method}. */
  start?(foyer: Foyer): Promise<Record<string, unknown>>
  /** A direct method's verification: resolves once the server recorded it; rejects with the failure. */
  verify?(foyer: Foyer): Promise<void>
  /** i18n key: the title while a direct method verifies ('Verifying with passkey'), with 'Try again' on failure. */
  verifyingTitle?: string
  /** The screen that starts enrollment (`mfa-totp/enroll`). */
  enrollScreen: string
  /** Removes the method for the signed-in user; answers the server's user (a fresh verification is asked first). */
  remove(foyer: Foyer): Promise<RawUser>
  /** i18n key: the removal confirmation's title. */
  removeTitle: string
  /** Whether the chooser offers it disabled (SMS when the user signs in with SMS). */
  unavailable?(foyer: Foyer): boolean
}

/**
 * What a funding flow is asked to do (spec §3 'Funding request'): fund `address` on a chain (CAIP-2 'eip155:{n}', or a
 * Solana cluster) with `amount` of an asset. The funding hub makes it from `fundWallet()` and hands it to the method's
 * screen as params.
 */
export interface FundingRequest {
  chainType: 'ethereum' | 'solana'
  address: string
  /** A decimal string > 0 in the asset's units ('0.05'). */
  amount: string
  /** EVM chains: the numeric chain id (from 'eip155:{n}'). */
  chainId?: number
  /** Solana: the cluster ('mainnet-beta' default, 'devnet', 'testnet'). */
  cluster?: string
  /**
   * The RPC URL of the Solana cluster the flow reads and sends on: the request's cluster, or mainnet-beta on EVM
   * requests (a bridge paid from Solana). From `funding({ solanaRpcUrls })`, else the cluster's public endpoint.
   */
  solanaRpcUrl?: string
  asset: 'native-currency' | 'USDC' | { erc20: `0x${string}` }
  /** The ERC-20 contract funded (USDC's known address, or the erc20 asset), with its symbol and decimals once loaded. */
  erc20Address?: `0x${string}`
  erc20ContractInfo?: { symbol: string; decimals: number }
  isUSDC?: boolean
  /** USDC requests: USDC's address on each configured chain where it is known (a bridge pays from another chain). */
  usdcByChain?: Record<number, `0x${string}`>
  /** An error message from a method that failed, shown on the selection screen. */
  errorMessage?: string
  /** The external wallet the user chose to pay from (Transfer from wallet); its row comes first when the user comes back. */
  connectedWalletAddress?: string
  /** The host's preferred method (`defaultFundingMethod`). */
  method?: string
  moonpayConfigOverride?: { currencyCode?: string; quoteCurrencyAmount?: number }
  /**
   * Texts of the hub's screens (Privy's names): `landing.title` replaces 'Add funds to your … wallet'; `receiveFundsTitle`
   * and `receiveFundsSubtitle` the manual transfer's title and subtitle ('' hides the subtitle).
   */
  uiConfig?: { landing?: { title?: string }; receiveFundsTitle?: string; receiveFundsSubtitle?: string }
}

/** A funding method's row on 'Add funds to your … wallet' (plugins of kind 'funding'; a third party's too). */
export interface FundingMethodSlot {
  /** Its name in the app's `funding_config.methods`: 'moonpay', 'coinbase-onramp', 'external', or a third party's. */
  method: string
  /** i18n key: its row's label ('Moonpay'). */
  label: string
  /** Inline SVG markup. */
  icon?: string
  /** Position on the list (lower first). */
  order?: number
  /** The screen it opens, with the FundingRequest as params (`funding-moonpay/intro`). */
  screen: string
  /**
   * Whether it can fund this request (its chains and assets) in this kernel (its app config, its plugin state); rows it
   * can't are left out. Default: every request.
   */
  supports?(request: FundingRequest, foyer: Foyer): boolean
}

/**
 * A user-owned recovery method of the embedded wallet (recovery-password, recovery-google-drive, recovery-icloud, a
 * third party's): how the embedded wallet's recovery screens offer it. Its screens run in the wallet frame's recovery
 * page (the method's frame half); this slot only names it.
 */
export interface RecoveryMethodSlot {
  /** Its `recoveryMethod`, as the app's `user_owned_recovery_options` lists it: 'user-passcode', 'google-drive', 'icloud'. */
  method: string
  /** i18n key: its row on 'Secure your account'. */
  label: string
  /** Position on the list (lower first). */
  order?: number
  /** i18n key: the modal's title over the frame while a new device recovers with it (default 'Recover your wallet'). */
  recoverTitle?: string
  /** A screen of the plugin shown first when it is the app's only method and the wallet recovers automatically (`{ address }`). */
  splash?: string
}

/**
 * How a plugin sends an embedded wallet's batches of calls atomically (EIP-5792's `atomic` capability): smart wallets
 * send them as one user operation. The embedded wallet asks through the kernel (`atomicBatchExecutor`), never importing
 * the plugin.
 */
export interface BatchExecutorSlot {
  /** The executor of `owner`'s (an embedded wallet's address) batches on `chainId`, or null when this plugin has none now. */
  executorFor(foyer: Foyer, request: { owner: string; chainId: number }): BatchExecutor | null
}

/** The plugin object. Every slot but `id` and `kind` is optional. */
export interface FoyerPlugin<Id extends string = string> {
  id: Id
  kind: PluginKind
  meta?: PluginMeta
  /**
   * The plugin's reactive state, made once per kernel when first read (also before `init` and `setup`: hooks render
   * before the kernel starts) with the kernel's `signal()` / `computed()`. Read with `foyer.pluginState(id)`, in React
   * with `usePluginState(id)`. Expose read-only signals and change them through functions of the state.
   */
  state?: (foyer: Foyer) => object
  /** Runs once when the kernel starts (`init`); may return a teardown. */
  setup?: (foyer: Foyer) => void | (() => void)
  /** Named calls (`foyer.call('${id}.${name}')`): the table, or a loader of it that runs at the plugin's first call. */
  api?: Record<string, ApiCallDef> | ApiLoader
  /** Screen key → definition. Registered as `${id}/${key}`. */
  screens?: Record<string, ScreenDef>
  /** Component shown for this plugin on the landing list (inline input, button, ...). */
  entry?: ScreenDef
  /**
   * Several landing entries from one plugin (OAuth: one per provider). Each names its login method
   * and meta; the component gets `loginMethod` as a prop, so one component can serve them all.
   */
  entries?: LandingEntryDef[]
  hooks?: PluginHooks
  /** Connector plugins: the wallets this plugin can connect, discovered live (built when the kernel starts). */
  connectors?: (foyer: Foyer) => ConnectorSource
  /**
   * Wallet sign-in plugins (SIWE, SIWS): after the user connects a wallet of `chain` in a login or link
   * flow, the wallet list continues with this plugin's screen `screen` (params: { address, connectorId }).
   */
  walletLogin?: { chain: ChainType; screen: string }
  /** Link, unlink, update and transfer functions this plugin contributes. */
  accounts?: PluginAccountSlots
  /** MFA method plugins (kind 'mfa'): how the MFA screens offer the method (see MfaMethodSlot). */
  mfa?: MfaMethodSlot
  /** Funding method plugins (kind 'funding'): how 'Add funds' offers the method (see FundingMethodSlot). */
  funding?: FundingMethodSlot
  /** Recovery method plugins: how the embedded wallet's recovery screens offer the method (see RecoveryMethodSlot). */
  recovery?: RecoveryMethodSlot
  /** Plugins that can send an embedded wallet's calls atomically (smart wallets): see BatchExecutorSlot. */
  batchExecutor?: BatchExecutorSlot
  /**
   * Steps around every plugin API call (`onRequest`, `onResponseError` that may run a step and retry): MFA step-up,
   * a third party's auth header. Runs after the kernel's captcha middleware, in plugin order.
   */
  middleware?: CallMiddleware | ((foyer: Foyer) => CallMiddleware)
  /**
   * Functions the plugin adds to `useFoyer()` (Privy's `usePrivy` has `createWallet`, `exportWallet`…), made once
   * per kernel. Declare their types for hosts by augmenting `FoyerActions` (see docs/writing-a-plugin.md).
   */
  actions?: (foyer: Foyer) => Record<string, (...args: any[]) => unknown>
  /**
   * Functions the plugin adds to a focused ui hook, by hook name (`{ useSolanaWallets: (foyer) => ({ createWallet }) }`),
   * made once per kernel; the hook lacks them when the plugin isn't loaded. Declare their types for hosts by augmenting
   * the hook's interface (`FoyerSolanaWalletsActions`).
   */
  hookActions?: PluginHookActions
  /** Captcha plugins: the provider behind `foyer.captcha` (the first plugin with one wins). */
  captcha?: CaptchaProviderFactory
  /** Modal intents the plugin's requests open with (`foyer.modal.request(screen, params, { intent })`) and their exit errors. */
  intents?: Record<string, IntentExit>
  /** UPPER_SNAKE error code → text (i18n key or the spec's English). */
  errors?: Record<string, string>
  /** i18n defaults (English) the plugin's screens use. */
  texts?: Record<string, string>
  /**
   * i18n defaults (English) that only the plugin's screens read, loaded with them instead of in the host's first load:
   * the first load of any of the plugin's screens or landing entries also loads these, and the screen's code resolves
   * once they joined the kernel's texts — above `FoyerParameters.texts` and below every plugin's `texts` (where the
   * plugin puts the host's overrides) and the host's `textLocalization`, as `texts` would be. Texts read without a
   * screen of the plugin (landing labels, `intents`, `errors`) stay in `texts`.
   */
  loadTexts?: () => Promise<Readonly<Record<string, string>>>
  /**
   * Plugins this one brings along (the embedded wallet brings its transactions): registered right after it, unless the
   * host lists a plugin of the same id itself (the host's wins).
   */
  plugins?: readonly FoyerPlugin[]
}

/** A plugin's `hookActions` slot: hook name → the functions it adds to that hook, made for a kernel. */
export type PluginHookActions = {
  [H in HookName]?: (foyer: Foyer) => Partial<FoyerHookActions[H]> & Record<string, (...args: any[]) => unknown>
}

/** Builds a plugin's provider; `report` moves the kernel's `$status` (never to 'disabled'). */
export type CaptchaProviderFactory = (foyer: Foyer, report: (status: Exclude<CaptchaStatus, 'disabled'>) => void) => CaptchaProvider

/** A landing option: a plugin with meta and an entry component. */
export interface LandingEntry {
  pluginId: string
  loginMethod: string
  meta: PluginMeta
  entry: ScreenDef
}

/** Everything the loaded plugins contributed, indexed. Built once; read-only afterwards. */
export interface Registry {
  readonly plugins: readonly FoyerPlugin[]
  readonly screens: ReadonlyMap<string, ScreenDef & { pluginId: string }>
  /** The api calls by `pluginId.name`; a plugin's loaded `api` (ApiLoader) joins at its first call (`apiCall`). */
  readonly api: ReadonlyMap<string, ApiCallDef & { pluginId: string }>
  /** The call `pluginId.name`, its plugin's `api` loaded first when it is an ApiLoader; undefined for an unknown call. */
  apiCall(id: string): Promise<(ApiCallDef & { pluginId: string }) | undefined>
  readonly entries: readonly LandingEntry[]
  readonly errors: Readonly<Record<string, string>>
  readonly texts: Readonly<Record<string, string>>
  /** Modal intent → the error its flow ends with when the user leaves (the kernel's and the plugins' `intents`). */
  readonly intents: Readonly<Record<string, IntentExit>>
  /** Chain → the screen that signs a connected wallet in (from plugins' `walletLogin`). */
  readonly walletLogins: ReadonlyMap<ChainType, string>
  /** The hook functions of one kind, in the declared order (`hooks.before` / `hooks.after`, else plugin order). */
  hooks<K extends Exclude<keyof PluginHooks, 'before' | 'after'>>(kind: K): NonNullable<PluginHooks[K]>[]
  plugin(id: string): FoyerPlugin | undefined
  /** The screen definition, or a PluginError naming the missing screen. */
  screen(id: string): ScreenDef & { pluginId: string }
}
