import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { createCustomAuthFlow, customAuthFlow } from './customAuthFlow.js'
import { customJwtTexts } from './customJwtTexts.js'

/** Options of the custom-JWT plugin (Privy's `customAuth` config). */
export interface CustomJwtPluginOptions {
  /**
   * Returns the host auth provider's JWT for the signed-in user, or null when nobody is signed in.
   * Read once Foyer is ready; call `useCustomAuth().sync()` when the host's auth state changes.
   */
  getCustomAccessToken?: () => Promise<string | null | undefined>
}

/** Login with the host app's own JWT: `plugins={[customJwt({ getCustomAccessToken })]}`. No landing entry. */
export function customJwt(options: CustomJwtPluginOptions = {}) {
  return definePlugin({
    id: 'custom-jwt',
    kind: 'login',
    api: () => import('./api.js').then((m) => m.customJwtApi),
    // The provider's keys could not be fetched (503): the login can't be checked, as with a bad token.
    errors: { KEYS_UNAVAILABLE: customJwtTexts.failed },
    state: (foyer: Foyer) => createCustomAuthFlow(foyer, options.getCustomAccessToken),
    setup(foyer: Foyer) {
      const flow = customAuthFlow(foyer)
      if (!options.getCustomAccessToken) return
      // Waits for the config and session restore: a restored session must not be logged in twice.
      let done = false
      const stop = foyer.$ready.subscribe((ready) => {
        if (!ready || done) return
        done = true
        void flow.sync()
      })
      return stop
    },
  })
}

export { useCustomAuth, type UseCustomAuthReturnType } from './useCustomAuth.js'
export { customAuthFlow, type CustomAuthFlow, type CustomAuthState, type CustomAuthStatus } from './customAuthFlow.js'
export * from './customJwtApiExports.js'
