import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createFoyer } from '../core/client/createFoyer.js'
import type { FoyerPlugin } from '../core/client/plugin.js'
import type { CreateFoyerParameters, FoyerClientConfig } from '../core/client/types.js'
import { FoyerContext } from './FoyerContext.js'
import { ModalMount } from './modal/ModalMount.js'
import { uiPlugin } from './uiPlugin.js'

/** FoyerProvider props (Privy's shape: appId, clientId, config; plus where the server is and the plugins). */
export interface FoyerProviderProps {
  appId: string
  clientId?: string
  /** Base URL of the Foyer server; default the page's own origin (a server that shares it). */
  apiUrl?: string
  /** Login methods and features (e.g. `[email()]`). */
  plugins?: FoyerPlugin[]
  config?: FoyerClientConfig
  /** Injected fetch (tests, custom transports). */
  fetch?: CreateFoyerParameters['fetch']
  storage?: CreateFoyerParameters['storage']
  children?: ReactNode
}

/** Creates the Foyer kernel once, starts it, and renders the modal when it opens. */
export function FoyerProvider({ appId, clientId, apiUrl, plugins, config, fetch, storage, children }: FoyerProviderProps) {
  // Made once: app id, API URL and plugins are fixed for its life (remount with a `key` to change apps);
  // `config` changes are applied below.
  const [foyer] = useState(() =>
    createFoyer({
      appId,
      // No location in a server render: that kernel never starts (init runs in an effect); the browser makes its own.
      apiUrl: apiUrl ?? globalThis.location?.origin ?? 'http://localhost',
      plugins: [uiPlugin, ...(plugins ?? [])],
      ...(clientId ? { clientId } : {}),
      ...(config ? { config } : {}),
      ...(fetch ? { fetch } : {}),
      ...(storage ? { storage } : {}),
    }),
  )
  // A changed config (a theme switch, another accent colour) is applied in place, as Privy's provider does;
  // compared by value, so a host writing `config={{ … }}` inline doesn't re-resolve it on every render.
  const configKey = useMemo(() => configIdentity(config), [config])
  const appliedKey = useRef(configKey)
  useEffect(() => {
    if (appliedKey.current === configKey) return
    appliedKey.current = configKey
    foyer.updateConfig(config ?? {})
  }, [foyer, configKey, config])
  const pendingDestroy = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    // StrictMode unmounts and remounts at once: only a real unmount destroys the kernel.
    clearTimeout(pendingDestroy.current)
    foyer.init().catch(() => {})
    return () => {
      pendingDestroy.current = setTimeout(() => foyer.destroy(), 0)
    }
  }, [foyer])

  return (
    <FoyerContext.Provider value={foyer}>
      {children}
      <ModalMount />
    </FoyerContext.Provider>
  )
}

let unserializable = 0
/** A value key for a config: JSON (functions by name, bigints as text), or a fresh key when it can't be written. */
function configIdentity(config: FoyerClientConfig | undefined): string {
  try {
    return JSON.stringify(config ?? {}, (_, value) => (typeof value === 'bigint' ? `${value}n` : typeof value === 'function' ? `fn:${value.name}` : value))
  } catch {
    unserializable += 1
    return `unserializable:${unserializable}`
  }
}
