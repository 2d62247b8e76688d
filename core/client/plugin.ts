import type { GenericSchema } from 'valibot'
import type { BaseError } from '../errors/index.js'
import type { AccountTransferData, RawUser, User } from '../protocol/index.js'
import type { CallMiddleware } from './callMiddleware.js'
import type { CaptchaProviderFactory } from './captcha.js'
import type { IntentExit } from './intents.js'
import type { Foyer, Intent } from './types.js'
import type { ChainType, ConnectorSource } from './wallets/types.js'

/** What a plugin adds to the kernel. */
export type PluginKind = 'login' | 'connector' | 'mfa' | 'funding' | 'wallet' | 'feature'

/** One named API call of a plugin: validated input in, validated output out. */
export interface ApiCallDef<I = any, O = any> {
  method?: 'GET' | 'POST' | 'DELETE'
  path: string
  /** Validated before the request; a failure throws ValidationError and sends nothing. */
  input?: GenericSchema<any, I>
  /** Validated after the response; a failure throws ApiError `invalid_response`. */
  output?: GenericSchema<any, O>
  /** false: never retried (analytics-like calls). Default: the kernel's retry policy. */
  retry?: boolean
  /**
   * Body field that carries a captcha token ('token', 'captcha_token'). When the app has captcha on and
   * the field is null or absent, `foyer.call` fills it with a fresh token first.
   */
  captcha?: string
}

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
  api?: Record<string, ApiCallDef>
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
  /**
   * Steps around every plugin API call (`onRequest`, `onResponseError` that may run a step and retry): MFA step-up,
   * a third party's auth header. Runs after the kernel's captcha middleware, in plugin order.
   */
  middleware?: CallMiddleware | ((foyer: Foyer) => CallMiddleware)
  /**
   * Functions the plugin adds to `useFoyer()` (Privy's `usePrivy` has `createWallet`, `exportWallet`…), made once
   * per kernel. Declare their types for hosts by augmenting `FoyerActions` (see README "Writing a plugin").
   */
  actions?: (foyer: Foyer) => Record<string, (...args: any[]) => unknown>
  /** Captcha plugins: the provider behind `foyer.captcha` (the first plugin with one wins). */
  captcha?: CaptchaProviderFactory
  /** Modal intents the plugin's requests open with (`foyer.modal.request(screen, params, { intent })`) and their exit errors. */
  intents?: Record<string, IntentExit>
  /** UPPER_SNAKE error code → text (i18n key or the spec's English). */
  errors?: Record<string, string>
  /** i18n defaults (English) the plugin's screens use. */
  texts?: Record<string, string>
}

/** Identity helper that keeps a plugin's literal types. */
export function definePlugin<const P extends FoyerPlugin>(plugin: P): P {
  return plugin
}
