import { act, render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryStorage } from '../../core/client/storage.js'
import { definePlugin, type FoyerPlugin, type PluginMeta } from '../../core/client/plugin.js'
import type { Foyer, FoyerClientConfig, FoyerStorage } from '../../core/client/types.js'
import type { ServerAppConfig } from '../../core/protocol/index.js'
import { FoyerProvider } from '../../ui/FoyerProvider.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'

/** App id the kit uses (the same as test/kit/createTestServer's). */
export const KIT_APP_ID = 'foyer_test_app_0000000001'
/** API base the kit uses; nothing is listening there, the injected fetch answers. */
export const KIT_API_URL = 'http://foyer.test'

/** A complete server app config (e-mail on, everything else off) with `overrides`. */
export function testAppConfig(overrides: Partial<ServerAppConfig> & Record<string, unknown> = {}): ServerAppConfig {
  return {
    id: KIT_APP_ID, name: 'Test App', verification_key: 'test-key', logo_url: null, accent_color: null,
    show_wallet_login_first: false,
    allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
    wallet_auth: false, solana_wallet_auth: false, email_auth: true, sms_auth: false, google: false, twitter: false,
    discord: false, github: false, spotify: false, instagram: false, tiktok: false, linkedin: false, apple: false,
    farcaster: false, passkey: false, telegram: false, disable_plus_emails: false, terms_and_conditions_url: null,
    privacy_policy_url: null, require_users_accept_terms: false, custom_api_url: null, wallet_connect_cloud_project_id: null,
    fiat_on_ramp_enabled: false, captcha_enabled: false, captcha_site_key: null, created_at: 0, updated_at: 0,
    mfa_methods: [], mfa_window_seconds: 900, enforce_wallet_uis: false, legacy_wallet_ui_config: false,
    embedded_wallet_config: { create_on_login: 'off', user_owned_recovery_options: [], require_user_owned_recovery_on_create: false },
    telegram_auth_config: null, funding_config: null,
    ...overrides,
  } as ServerAppConfig
}

/** Answers one API path: a JSON-able value (200), a Response, or a thrown error (network failure). */
export type RouteHandler = (body: any, request: { path: string; method: string; headers: Headers }) => unknown | Response | Promise<unknown | Response>

/** One request the handler fetch saw. */
export interface SeenRequest {
  path: string
  method: string
  body: any
  headers: Headers
}

/** A JSON error answer in the server's `{ error, code }` shape. */
export function errorResponse(status: number, code: string, error = code): Response {
  return new Response(JSON.stringify({ error, code }), { status, headers: { 'content-type': 'application/json' } })
}

/**
 * A fetch that answers from `routes` (path → handler) plus the app config, and records requests.
 * Unknown paths answer 404 `not_found`.
 */
export function handlerFetch(routes: Record<string, RouteHandler> = {}, appConfig: ServerAppConfig = testAppConfig()) {
  const requests: SeenRequest[] = []
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const method = (init.method ?? 'GET').toUpperCase()
    const raw = init.body
    const body = typeof raw === 'string' && raw ? JSON.parse(raw) : raw
    requests.push({ path: url.pathname, method, body, headers: new Headers(init.headers) })
    const all: Record<string, RouteHandler> = { [`/api/v1/apps/${appConfig.id}`]: () => appConfig, ...routes }
    const handler = all[url.pathname]
    if (!handler) return errorResponse(404, 'not_found')
    const answer = await handler(body, { path: url.pathname, method, headers: new Headers(init.headers) })
    if (answer instanceof Response) return answer
    return new Response(JSON.stringify(answer ?? {}), { status: 200, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, requests }
}

/** Options of renderWithFoyer. */
export interface RenderWithFoyerOptions {
  plugins?: FoyerPlugin[]
  config?: FoyerClientConfig
  /** A fetch of your own, e.g. `(url, init) => server.app.request(url, init)` for an in-process server. */
  fetch?: typeof globalThis.fetch
  /** Routes for the default handler fetch (ignored when `fetch` is given). */
  routes?: Record<string, RouteHandler>
  /** Server app config for the default handler fetch. */
  appConfig?: Partial<ServerAppConfig> & Record<string, unknown>
  storage?: FoyerStorage
  /** Wait for `foyer.init()` (config + session restore) before returning. Default true. */
  waitForReady?: boolean
  /** Wraps the provider (e.g. a React.Profiler or StrictMode). */
  wrap?: (tree: ReactNode) => ReactNode
}

/** What renderWithFoyer returns: testing-library's result, the kernel and the requests seen. */
export type RenderWithFoyerResult = RenderResult & { foyer: Foyer; requests: SeenRequest[] }

/** Renders `ui` inside a FoyerProvider whose network is an injected fetch (no sockets). */
export async function renderWithFoyer(ui: ReactNode, options: RenderWithFoyerOptions = {}): Promise<RenderWithFoyerResult> {
  const handler = handlerFetch(options.routes, testAppConfig(options.appConfig))
  let foyer: Foyer | null = null
  const Probe = () => {
    foyer = useFoyerKernel()
    return null
  }
  const tree = (
    <FoyerProvider
      appId={KIT_APP_ID}
      apiUrl={KIT_API_URL}
      plugins={options.plugins ?? []}
      config={options.config ?? {}}
      fetch={options.fetch ?? handler.fetch}
      storage={options.storage ?? createMemoryStorage()}
    >
      <Probe />
      {ui}
    </FoyerProvider>
  )
  const result = render(options.wrap ? options.wrap(tree) : tree)
  if (!foyer) throw new Error('renderWithFoyer: the provider did not render')
  const kernel = foyer as Foyer
  if (options.waitForReady !== false) await act(() => kernel.init())
  return Object.assign(result, { foyer: kernel, requests: handler.requests })
}

/** A login plugin whose landing entry is a button 'Entry <id>', for landing and modal tests. */
export function fakeLoginPlugin(id: string, meta: Partial<PluginMeta> = {}): FoyerPlugin {
  return definePlugin({
    id,
    kind: 'login',
    meta: { label: `Label ${id}`, group: 'social', loginMethod: id, ...meta },
    entry: { load: async () => ({ default: () => <button type="button">{`Entry ${id}`}</button> }) },
  })
}
