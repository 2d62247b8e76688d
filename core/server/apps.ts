import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { APP_ID_LENGTH, ServerAppConfigSchema } from '../protocol/index.js'
import type { ServerAppConfig } from '../protocol/index.js'
import { appPolicyEntries } from './appPolicy.js'
import type { AppPolicy } from './appPolicy.js'
import { formatIssuePath } from './http/parse.js'
import { MFA_VERIFICATION_TTL_MS } from './mfa.js'
import { SessionCookiesSchema, resolveSessionCookies } from './sessionCookieSettings.js'
import type { SessionCookieSettings } from './sessionCookieSettings.js'

// session_cookies_enabled follows the server-only session_cookies section, embedded_wallet_origin the server's
// walletOrigin and mfa_window_seconds its mfaWindowSeconds, so no entry sets them directly.
const {
  id: _id, name: _name, verification_key: _vk, created_at: _c, updated_at: _u, session_cookies_enabled: _sc, embedded_wallet_origin: _ewo,
  mfa_window_seconds: _mw, ...configurable
} = ServerAppConfigSchema.entries

const baseEntries = {
  id: v.pipe(v.string(), v.length(APP_ID_LENGTH, `Must be exactly ${APP_ID_LENGTH} characters`)),
  name: v.pipe(v.string(), v.nonEmpty()),
  allowed_origins: v.array(v.pipe(v.string(), v.url())),
  disable_signup: v.optional(v.boolean()),
  ...appPolicyEntries,
  /** Server-only: keep this app's tokens in HttpOnly cookies (see sessionCookies.ts). */
  session_cookies: v.optional(SessionCookiesSchema),
  /**
   * Server-only: also accept an Origin whose host[:port] is the request's Host (a page the API server itself serves, e.g.
   * the admin console at /admin). Never in the public config.
   */
  allow_api_origin: v.optional(v.boolean()),
  ...v.partial(v.object(configurable)).entries,
}

/** One app as a config file or `createServer({ apps })` declares it. Unknown fields are errors (typos). */
export const AppInputSchema = v.strictObject(baseEntries)
export type AppInput = v.InferInput<typeof AppInputSchema> & Record<string, unknown>
type ParsedApp = v.InferOutput<typeof AppInputSchema> & Record<string, unknown>

/** The config file: `{ "apps": [...] }`. */
export const ConfigFileSchema = v.strictObject({ apps: v.array(AppInputSchema) })

/** Plugin-owned sections of an app entry: plugin id → schema of `app[pluginId]`. */
export type AppSections = Record<string, v.GenericSchema>

/** The app schema with each plugin's section (e.g. `"oauth": {...}`) validated by that plugin. */
export function appInputSchema(sections: AppSections = {}) {
  const extra = Object.fromEntries(Object.entries(sections).map(([id, schema]) => [id, v.optional(schema)]))
  return v.strictObject({ ...baseEntries, ...extra })
}

/** An app as the server uses it: its public config plus server-only settings. */
export interface App {
  id: string
  name: string
  allowedOrigins: Set<string>
  disableSignup: boolean
  /** Server-only sign-up policy: allowlist and user limit. */
  policy: AppPolicy
  /** Cookie settings when the app keeps tokens in HttpOnly cookies; null = tokens only in JSON bodies. */
  sessionCookies: SessionCookieSettings | null
  /** Server-only `allow_api_origin`: an Origin naming the API server's own host (the request's Host) is allowed too. */
  allowApiOrigin: boolean
  /** Everything but verification_key, which the token module supplies. */
  config: Omit<ServerAppConfig, 'verification_key'>
  /** Validated plugin sections of the app entry, by plugin id (server-only: secrets may live here). */
  plugins: Record<string, unknown>
}

/** Origins compare without a trailing slash and case-insensitively in scheme and host. */
export const normalizeOrigin = (origin: string) => origin.replace(/\/+$/, '').toLowerCase()

/** Every ServerAppConfig field a config may leave out, with its default. */
function defaults(): Omit<ServerAppConfig, 'id' | 'name' | 'verification_key' | 'created_at' | 'updated_at'> {
  return {
    logo_url: null, accent_color: null, show_wallet_login_first: false,
    allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
    wallet_auth: false, solana_wallet_auth: false, email_auth: false, sms_auth: false, google: false,
    twitter: false, discord: false, github: false, spotify: false, instagram: false, tiktok: false,
    linkedin: false, apple: false, line: false, farcaster: false, passkey: false, telegram: false,
    disable_plus_emails: false, terms_and_conditions_url: null, privacy_policy_url: null,
    require_users_accept_terms: false, session_cookies_enabled: false, custom_api_url: null, wallet_connect_cloud_project_id: null,
    fiat_on_ramp_enabled: false, captcha_enabled: false, captcha_site_key: null, mfa_methods: [],
    enforce_wallet_uis: false, legacy_wallet_ui_config: false,
    embedded_wallet_config: { create_on_login: 'off', user_owned_recovery_options: [], require_user_owned_recovery_on_create: false },
    telegram_auth_config: null, funding_config: null,
  }
}

/** Validates app inputs; errors name the field path and, when given, the file. */
export function parseApps(input: unknown, source: string, wrap: boolean, sections: AppSections = {}): ParsedApp[] {
  const app = appInputSchema(sections)
  const result = v.safeParse(wrap ? v.strictObject({ apps: v.array(app) }) : v.array(app), input)
  if (result.success) return ('apps' in result.output ? result.output.apps : result.output) as ParsedApp[]
  const issue = result.issues[0]
  const path = formatIssuePath(issue.path, wrap ? '' : 'apps')
  throw new Error(`${source}: ${path || '(root)'}: ${issue.message}`)
}

/** Reads and validates a JSON config file. */
export function readConfigFile(file: string, sections: AppSections = {}) {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file}: cannot read config: ${(error as Error).message}`)
  }
  return parseApps(json, file, true, sections)
}

/** What a plugin's `publicConfig` may read of the server's own settings. */
export interface PublicConfigServer {
  /** The embedded-wallet frame's origin (createServer's `walletOrigin`), or null. */
  walletOrigin: string | null
  /** How long an MFA verification lasts, in seconds (createServer's `mfaWindowSeconds`): every app publishes it. */
  mfaWindowSeconds: number
  /** The recovery methods the server's plugins serve (their `frame.recovery.methods`): an app offers no other. */
  recoveryMethods?: readonly string[]
}

/** A plugin's contribution to the public app config, computed from its section of the app entry. */
export type PublicConfigFn = (section: unknown, app: { id: string; name: string }, server: PublicConfigServer) => Partial<ServerAppConfig>

/** Builds the runtime apps. Plugin sections stay server-side; `publicConfig` decides what of them is shown. */
export function buildApps(
  inputs: ParsedApp[],
  createdAt: number,
  plugins: { id: string; appConfig?: unknown; publicConfig?: PublicConfigFn }[] = [],
  server: PublicConfigServer = { walletOrigin: null, mfaWindowSeconds: MFA_VERIFICATION_TTL_MS / 1000 },
): Map<string, App> {
  const apps = new Map<string, App>()
  // Only plugins that declare a section own a key; others (e.g. a plugin without settings) don't.
  const pluginIds = new Set(plugins.filter((p) => 'appConfig' in p && p.appConfig).map((p) => p.id))
  const flags = defaults() as Record<string, unknown>
  for (const { id, name, allowed_origins, disable_signup, allowlist, max_users, session_cookies, allow_api_origin, ...rest } of inputs) {
    if (apps.has(id)) throw new Error(`Duplicate app id ${id}`)
    const sections: Record<string, unknown> = {}
    const clean: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue
      if (pluginIds.has(key)) sections[key] = value
      else clean[key] = value
    }
    // A section named like a boolean flag (telegram, farcaster) turns that flag on; publicConfig may refine it.
    const contributed = plugins.map((p) => {
      if (!(p.id in sections)) return {}
      const flag = typeof flags[p.id] === 'boolean' ? { [p.id]: true } : {}
      return { ...flag, ...p.publicConfig?.(sections[p.id], { id, name }, server) }
    })
    apps.set(id, {
      id,
      name,
      allowedOrigins: new Set(allowed_origins.map(normalizeOrigin)),
      disableSignup: disable_signup ?? false,
      policy: { allowlist: allowlist ?? null, maxUsers: max_users ?? null },
      allowApiOrigin: allow_api_origin === true,
      sessionCookies: session_cookies ? resolveSessionCookies(session_cookies, allowed_origins.map(normalizeOrigin), id) : null,
      config: {
        ...defaults(), ...Object.assign({}, ...contributed), ...clean, session_cookies_enabled: Boolean(session_cookies),
        mfa_window_seconds: server.mfaWindowSeconds,
        id, name, created_at: createdAt, updated_at: createdAt,
      },
      plugins: sections,
    })
  }
  return apps
}

