import { batch } from '@preact/signals-core'
import { ApiError, BaseError, FlowError, flowErrorCodes, PluginError } from '../errors/index.js'
import { APP_ID_LENGTH, paths, toUser, type LinkedAccount } from '../protocol/index.js'
import { createAccounts } from './accounts.js'
import { runWithMiddleware, type CallMiddleware } from './callMiddleware.js'
import { createCaptcha } from './captcha.js'
import { captchaMiddleware } from './captchaMiddleware.js'
import { clientAnalyticsId } from './clientAnalyticsId.js'
import { configError } from './configError.js'
import { createEmitter } from './emitter.js'
import { createHookActions } from './hookActions.js'
import { createHttp } from './http.js'
import { createTranslator } from './i18n/createTranslator.js'
import { kernelEn } from './i18n/kernelEn.js'
import { isAuthIntent } from './intents.js'
import { createModal, type Modal } from './modal.js'
import { createRegistry } from './registry.js'
import { uiScreens } from './screenIds.js'
import { createSession } from './session.js'
import { createState } from './state/createState.js'
import { resolveConfig } from './state/resolveConfig.js'
import { runSchema } from './runSchema.js'
import { createStorage } from './storage.js'
import type { ServerAppConfig } from '../protocol/index.js'
import type { AuthResult, CreateFoyerParameters, Foyer, FlowCallbacks, FlowContext, FoyerClientConfig, Intent } from './types.js'
import { SDK_VERSION } from './version.js'
import { createWallets } from './wallets/createWallets.js'

/** Thrown for an app id that is not a 25-character string. */
export class InvalidAppIdError extends BaseError {
  override name = 'InvalidAppIdError'
  constructor() {
    super('Invalid app ID', { code: 'INVALID_APP_ID' })
  }
}

/** Builds the kernel: signals, plugin registry, http, session and modal. Call `init()` to start. */
export function createFoyer(params: CreateFoyerParameters): Foyer {
  if (typeof params.appId !== 'string' || params.appId.length !== APP_ID_LENGTH) throw new InvalidAppIdError()
  if (typeof params.apiUrl !== 'string' || !/^https?:\/\//.test(params.apiUrl)) {
    throw new BaseError('apiUrl must be an http(s) URL', { code: 'INVALID_API_URL' })
  }
  // The host's config; `updateConfig` replaces it (looks, login methods, chains) without a new kernel.
  let clientConfig: FoyerClientConfig = params.config ?? {}
  let serverConfig: ServerAppConfig | null = null
  // The English plugins load with their screens (`loadTexts`) joins here: below the plugins' `texts`, as if it were there.
  const loadedPluginTexts: Record<string, string> = {}
  const registry = createRegistry(params.plugins ?? [], (table) => {
    Object.assign(loadedPluginTexts, table)
    t.refresh()
  })
  // The host's plugins and the ones they bring along (a plugin's `plugins`), as the registry holds them.
  const plugins = registry.plugins
  const state = createState()
  const storage = params.storage ?? createStorage()
  const emitter = createEmitter()
  const t = createTranslator(kernelEn, params.texts, loadedPluginTexts, registry.texts, params.config?.intl?.textLocalization)
  const http = createHttp({
    apiUrl: params.apiUrl,
    appId: params.appId,
    ...(params.clientId ? { clientId: params.clientId } : {}),
    caId: clientAnalyticsId(storage),
    sdkVersion: SDK_VERSION,
    ...(params.fetch ? { fetch: params.fetch } : {}),
    ...(params.config?.apiTimeoutMs ? { timeoutMs: params.config.apiTimeoutMs } : {}),
    onBeforeRequest: async (request) => {
      for (const hook of registry.hooks('onBeforeRequest')) await hook(request)
    },
  })
  const session = createSession({ appId: params.appId, http, storage, state, emitter })

  const callbacks = new Map<Intent, Set<FlowCallbacks>>()
  let flowCallbacks: FlowCallbacks | null = null
  const callbacksFor = (intent: Intent) => [...(callbacks.get(intent) ?? []), ...(flowCallbacks ? [flowCallbacks] : [])]

  // Closing during a flow hook's prompt reports the exit, then completeAuth sees the same error: report it once.
  const reported = new WeakSet<object>()
  function failAuth(error: unknown, intentOverride?: Intent | null) {
    // Not a failure while the modal is open: the flow goes on at the transfer prompt, which ends it with
    // success or the user's exit. Without a modal (headless) the host gets the code and the error's data.
    if (error instanceof BaseError && error.code === 'ACCOUNT_TRANSFER_REQUIRED' && state.$modal.peek().open) return
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return
      reported.add(error)
    }
    const open = state.$modal.peek().intent
    const intent = intentOverride ?? (isAuthIntent(open) ? open : 'login')
    const code = error instanceof BaseError ? error.code : flowErrorCodes.unknownAuth
    track('login_failed', { code, intent })
    for (const cb of callbacksFor(intent)) cb.onError?.(code)
    if (!(error instanceof FlowError)) emitter.emit('error', error)
  }

  // Analytics never block or fail a flow: not awaited, no retry, every error swallowed.
  function track(eventName: string, payload: Record<string, unknown> = {}) {
    http
      .request({
        path: paths.analyticsEvents,
        body: { event_name: eventName, client_id: params.clientId ?? null, payload: { ...payload, clientTimestamp: new Date().toISOString() } },
        retry: false,
      })
      .catch(() => {})
  }

  const modal: Modal & { bind(foyer: unknown): void } = createModal({
    state,
    registry,
    t,
    fail: failAuth,
    setFlowCallbacks: (cbs) => (flowCallbacks = cbs),
    track,
  }) as Modal & { bind(foyer: unknown): void }

  const wallets = createWallets({
    sources: () => plugins.flatMap((p) => (p.connectors ? [p.connectors(foyer)] : [])),
    storage,
    emitter,
    chains: () => {
      const supported = clientConfig.supportedChains ?? []
      return { supported, default: clientConfig.defaultChain ?? supported[0] ?? null }
    },
    actions: () => foyer.actions(),
  })

  const accounts = createAccounts(plugins, () => foyer)
  const captcha = createCaptcha({
    $state: state.$captcha,
    $status: state.$captchaStatus,
    $config: state.$config,
    factory: plugins.find((p) => p.captcha)?.captcha,
    foyer: () => foyer,
  })

  // Each plugin's state, made when first asked for (a plugin's state may read another's), once per kernel.
  const pluginStates = new Map<string, object>()
  function pluginState<S extends object>(id: string): S {
    let made = pluginStates.get(id)
    if (!made) {
      const plugin = registry.plugin(id)
      if (!plugin?.state) throw new PluginError(plugin ? 'has no state.' : 'is not loaded, so it has no state.', { pluginId: id })
      pluginStates.set(id, (made = plugin.state(foyer)))
    }
    return made as S
  }

  // Call middleware in order: the kernel's captcha first, then the plugins' (built once, when first needed).
  let middlewareList: CallMiddleware[] | null = null
  const middleware = () =>
    (middlewareList ??= [
      captchaMiddleware(captcha),
      ...plugins.flatMap((p) => (p.middleware ? [typeof p.middleware === 'function' ? p.middleware(foyer) : p.middleware] : [])),
    ])

  // The plugins' `actions` (useFoyer() spreads them), made once; a name taken twice or a built-in one is refused.
  let actions: Record<string, (...args: any[]) => unknown> | null = null
  const reserved = /^(ready|authenticated|user|login|logout|getAccessToken|link|unlink|(link|unlink|update)[A-Z].*)$/
  function pluginActions() {
    if (actions) return actions
    const made: Record<string, (...args: any[]) => unknown> = {}
    for (const plugin of plugins) {
      for (const [name, fn] of Object.entries(plugin.actions?.(foyer) ?? {})) {
        if (name in made || reserved.test(name)) throw new PluginError(`action "${name}" is already on useFoyer().`, { pluginId: plugin.id })
        made[name] = fn
      }
    }
    return (actions = made)
  }

  const hookActions = createHookActions(plugins, () => foyer)

  let initPromise: Promise<void> | null = null
  const teardowns: Array<() => void> = []

  const foyer: Foyer = {
    appId: params.appId,
    clientId: params.clientId,
    apiUrl: params.apiUrl,
    $config: state.$config,
    $configError: state.$configError,
    $session: state.$session,
    $modal: state.$modal,
    $ready: state.$ready,
    registry,
    storage,
    emitter,
    session,
    modal,
    wallets,
    accounts,
    captcha,
    t,
    addDefaultTexts: (texts) => t.addDefaults(texts),
    pluginState,
    actions: pluginActions,
    hookActions,

    async call<O>(id: string, input?: unknown, options: import('./types.js').CallOptions = {}) {
      const def = registry.api.get(id) ?? (await registry.apiCall(id))
      if (!def) throw new BaseError(`Unknown API call "${id}"`, { code: 'PLUGIN_ERROR' })
      let body = input
      if (def.input) {
        const parsed = runSchema(def.input, input)
        // The error's module (with valibot's getDotPath) loads with the first refused input.
        if (parsed.issues) throw (await import('./callValidationError.js')).callValidationError(parsed.issues)
        body = parsed.value
      }
      const method = def.method ?? 'POST'
      const result = await runWithMiddleware(
        middleware(),
        { id, def, body, headers: { ...options.headers }, retry: def.retry !== false },
        // The token is read at each send: a step (captcha, MFA) may have taken long enough for a refresh.
        async (call) =>
          http.request<unknown>({
            path: def.path,
            method,
            ...(method === 'GET' ? {} : { body: call.body ?? {} }),
            token: state.$session.peek().status === 'authenticated' ? await session.getAccessToken() : null,
            ...(call.retry ? {} : { retry: false }),
            ...(options.signal ? { signal: options.signal } : {}),
            ...(Object.keys(call.headers).length ? { headers: call.headers } : {}),
            ...(options.query ? { query: options.query } : {}),
          }),
      )
      if (!def.output) return result as O
      const parsed = runSchema(def.output, result)
      if (parsed.issues) throw new ApiError('The server sent an unexpected answer', { status: 200, serverCode: 'invalid_response' })
      return parsed.value as O
    },

    runWithSteps: (id, run) => runWithMiddleware(middleware(), { id, def: { path: id }, body: undefined, headers: {}, retry: false }, () => run()),

    async completeAuth(response, info) {
      const before = state.$session.peek()
      const open = state.$modal.peek().intent
      const intent: Intent = info.intent ?? (isAuthIntent(open) ? open : 'token' in response ? 'login' : 'link')
      if ('token' in response) session.handleTokenResponse(response)
      else session.setUser(response.user)
      const user = state.$session.peek().user ?? toUser(response.user)
      const isNewUser = 'is_new_user' in response ? Boolean(response.is_new_user) : false
      const account = info.account ?? null
      // One context for every hook: a hook that shows its own success ('All set!') says so on it.
      const flow: FlowContext = { foyer, intent, user, isNewUser, loginMethod: info.loginMethod, prompt: (s, p) => modal.request(s, p) }
      try {
        for (const hook of registry.hooks('onLoginSuccess')) await hook(flow)
      } catch (error) {
        failAuth(error, intent)
        throw error
      }
      const result: AuthResult = {
        user: state.$session.peek().user ?? user,
        isNewUser,
        wasAlreadyAuthenticated: before.status === 'authenticated' && intent === 'login',
        loginMethod: info.loginMethod,
        loginAccount: intent === 'login' ? (account as LinkedAccount | null) : null,
        linkedAccount: intent === 'login' ? null : (account as LinkedAccount | null),
        oAuthTokens: 'oauth_tokens' in response ? (response.oauth_tokens ?? null) : null,
      }
      modal.markCompleted()
      track('login_succeeded', { loginMethod: info.loginMethod, intent, isNewUser })
      for (const cb of callbacksFor(intent)) {
        cb.onComplete?.(result)
        cb.onSuccess?.(result)
      }
      emitter.emit(intent, result)
      if (state.$modal.peek().open) {
        if (info.successScreen !== false && !flow.successShown && registry.screens.has(uiScreens.success)) modal.push(uiScreens.success, { title: info.successTitle ?? t('success.title') })
        // Close this flow's modal only: by then the user may have closed it and opened another (a signature, an export).
        const shown = state.$modal.peek().stack.at(-1)
        setTimeout(() => {
          if (state.$modal.peek().stack.at(-1) === shown) modal.close()
        }, state.$config.peek()?.successDelayMs ?? 0)
      }
      return result
    },

    failAuth: (error) => failAuth(error),

    registerCallbacks(intent, cbs) {
      let set = callbacks.get(intent)
      if (!set) callbacks.set(intent, (set = new Set()))
      set.add(cbs)
      return () => void set.delete(cbs)
    },

    track,

    async loadConfig() {
      state.$configError.value = null
      try {
        // One attempt, bounded by the API timeout: `ready` must not wait through retries for a server that isn't there.
        // Its schema (and valibot) loads beside the request, out of the host's first load.
        const parser = import('./parseAppConfig.js')
        parser.catch(() => {})
        const raw = await http.request<unknown>({ path: paths.app(params.appId), retry: false })
        const server = (await parser).parseAppConfig(raw)
        serverConfig = server
        batch(() => {
          state.$config.value = resolveConfig(server, clientConfig, registry)
          state.$configError.value = null
        })
      } catch (cause) {
        const error = configError(cause, params.apiUrl, params.appId)
        state.$configError.value = error
        // A host developer's first clue (wrong apiUrl, origin not allowed): say what and where, once per attempt.
        console.error(`[foyer] ${error.shortMessage}${error.details ? ` ${error.details}` : ''}`)
        emitter.emit('error', error)
      }
    },

    updateConfig(config) {
      clientConfig = config
      if (serverConfig) state.$config.value = resolveConfig(serverConfig, clientConfig, registry)
    },

    init() {
      initPromise ??= (async () => {
        for (const plugin of plugins) {
          const teardown = plugin.setup?.(foyer)
          if (typeof teardown === 'function') teardowns.push(teardown)
        }
        // Both requests go out together, while a host with connectors loads the wallet engine: `ready` after one
        // round trip, with discovery running.
        await Promise.allSettled([foyer.loadConfig(), session.restore(), wallets.start()])
        state.$configLoaded.value = true
      })()
      return initPromise
    },

    destroy() {
      wallets.stop()
      session.destroy()
      modal.destroy()
      for (const teardown of teardowns.splice(0)) teardown()
    },
  }
  modal.bind(foyer)
  return foyer
}
