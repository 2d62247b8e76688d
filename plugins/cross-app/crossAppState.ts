import { signal, type ReadonlySignal } from '@preact/signals-core'
import type { Foyer } from '../../core/client/types.js'
import type { CrossAppConnection, ProviderToken } from './schema.js'

/** Where the cross-app auth screen is (§2: connecting, success, error). */
export interface CrossAppAuthState {
  status: 'idle' | 'connecting' | 'success' | 'error'
  providerAppId: string | null
  providerName: string | null
  error: string | null
}

/** The plugin's state: the auth screen's flow, the cached connections and the provider tokens (per provider). */
export interface CrossAppPluginState {
  readonly auth: ReadonlySignal<CrossAppAuthState>
  update(patch: Partial<CrossAppAuthState>): void
  /** The requester's connections, fetched once per page. */
  connections(): Promise<CrossAppConnection[]>
  token(providerAppId: string): ProviderToken | null
  setToken(token: ProviderToken): void
  clearToken(providerAppId: string): void
  /** The popup test hooks: the window popups open from. */
  win: () => Window
  /** How long a provider popup may take to answer (ms; `crossApp({ timeoutMs })`, default the spec's 120 000). */
  timeoutMs?: number
}

const idle: CrossAppAuthState = { status: 'idle', providerAppId: null, providerName: null, error: null }

/** Makes the plugin's state; `fetchConnections` is the connections call. */
export function createCrossAppState(foyer: Foyer, fetchConnections: () => Promise<{ connections: CrossAppConnection[] }>, timeoutMs?: number): CrossAppPluginState {
  const auth = signal(idle)
  const key = `foyer:${foyer.appId}:cross_app_tokens`
  let cached: Promise<CrossAppConnection[]> | null = null
  const read = (): Record<string, ProviderToken> => {
    try {
      return JSON.parse(foyer.storage.get(key) ?? '{}') as Record<string, ProviderToken>
    } catch {
      return {}
    }
  }
  const write = (all: Record<string, ProviderToken>) => foyer.storage.set(key, JSON.stringify(all))
  // The provider tokens belong to the session: a logout forgets them.
  foyer.emitter.on('logout', () => {
    foyer.storage.remove(key)
    auth.value = idle
  })
  return {
    auth,
    update: (patch) => (auth.value = { ...auth.peek(), ...patch }),
    connections() {
      cached ??= fetchConnections().then(
        (r) => r.connections,
        (error: unknown) => {
          cached = null
          throw error
        },
      )
      return cached
    },
    token(providerAppId) {
      const found = read()[providerAppId]
      return found && found.expires_at * 1000 > Date.now() ? found : null
    },
    setToken: (token) => write({ ...read(), [token.provider_app_id]: token }),
    clearToken(providerAppId) {
      const { [providerAppId]: _gone, ...rest } = read()
      write(rest)
    },
    win: () => window,
    ...(timeoutMs ? { timeoutMs } : {}),
  }
}

/** The kernel's cross-app state (the plugin must be loaded). */
export const crossAppState = (foyer: Foyer) => foyer.pluginState<CrossAppPluginState>('cross-app')
