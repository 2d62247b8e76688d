import { useMemo, useState, type ReactNode } from 'react'
import type { FoyerPlugin } from '../../core/client/plugin.js'
import { FoyerProvider as NativeFoyerProvider, type FoyerProviderProps as NativeFoyerProviderProps } from '../../ui/FoyerProvider.js'
import { pluginsFromConfig } from './pluginsFromConfig.js'
import { toFoyerConfig, type PrivyClientConfig } from './privyConfig.js'
import { StandaloneTokens } from './standaloneTokens.js'

/** PrivyProvider's props: Privy's (`appId`, `clientId`, `config`, `apiUrl`), plus Foyer's optional `plugins`. */
export interface PrivyProviderProps {
  appId: string
  clientId?: string
  config?: PrivyClientConfig
  /** The Foyer server's base URL; default the page's own origin (a server that shares it). */
  apiUrl?: string
  /** Foyer's plugins; default: the ones `config` asks for (see pluginsFromConfig). */
  plugins?: FoyerPlugin[]
  /** Injected fetch (tests, custom transports). */
  fetch?: NativeFoyerProviderProps['fetch']
  storage?: NativeFoyerProviderProps['storage']
  children: ReactNode
}

/**
 * Privy's provider over Foyer's: Privy's config mapped to Foyer's (toFoyerConfig), and without `plugins` the plugins
 * its `loginMethods`, `embeddedWallets`, Solana and `customAuth` settings ask for. Plugins are fixed for the provider's
 * life (remount with a `key` to change them); a changed `config` restyles in place.
 */
export function PrivyProvider({ appId, clientId, config, apiUrl, plugins, fetch, storage, children }: PrivyProviderProps) {
  const [picked] = useState(() => plugins ?? pluginsFromConfig(config))
  const foyerConfig = useMemo(() => toFoyerConfig(config ?? {}), [config])
  return (
    <NativeFoyerProvider
      appId={appId}
      plugins={picked}
      config={foyerConfig}
      {...(clientId ? { clientId } : {})}
      {...(apiUrl ? { apiUrl } : {})}
      {...(fetch ? { fetch } : {})}
      {...(storage ? { storage } : {})}
    >
      <StandaloneTokens />
      {children}
    </NativeFoyerProvider>
  )
}

/** The same provider under Foyer's name, for `import { FoyerProvider } from 'foyer/privy'`. */
export const FoyerProvider = PrivyProvider
/** FoyerProvider's props (this entry's: Privy's config). */
export type FoyerProviderProps = PrivyProviderProps
