// A plugin written as a third party would, with the kernel's open slots only (no edit to core or ui): it adds
// `askConsent()` to useFoyer(), a request that waits on its own screen, and call middleware that turns the
// server's `consent_required` answer into that screen and sends the call again.
import { definePlugin, type Foyer } from 'foyer/core'

/** English texts; hosts override them with `config.intl.textLocalization`. */
export const consentTexts = {
  'consent.title': 'Allow this?',
  'consent.body': 'This app asks for your consent to: {topic}',
  'consent.allow': 'Allow',
  'consent.deny': 'Deny',
}

/** Options of consent(). */
export interface ConsentOptions {
  /** The consent text version sent with every call (`x-consent-version`). */
  version: string
  /** What the user is asked when a call needs consent. Default 'process your data'. */
  topic?: string
}

/** Asks the user for consent, on request or when the server answers `consent_required`. */
export function consent(options: ConsentOptions) {
  const ask = (foyer: Foyer, topic: string) => foyer.modal.request<boolean>('consent/ask', { topic }, { intent: 'consent' })
  return definePlugin({
    id: 'consent',
    kind: 'feature',
    intents: { consent: { code: 'EXITED_CONSENT_FLOW', text: 'User exited consent flow' } },
    screens: { ask: { load: () => import('./screens/ConsentScreen.js'), title: 'consent.title' } },
    actions: (foyer) => ({ askConsent: (topic: string) => ask(foyer, topic) }),
    middleware: (foyer) => {
      let granted = false
      return {
        onRequest(call) {
          call.headers['x-consent-version'] = options.version
          if (granted) call.headers['x-consent'] = 'granted'
        },
        async onResponseError(_call, error) {
          if (error.code !== 'CONSENT_REQUIRED') return
          granted = await ask(foyer, options.topic ?? 'process your data')
          return granted ? 'retry' : undefined
        },
      }
    },
    texts: consentTexts,
  })
}

// The types hosts get for the plugin's action on useFoyer().
declare module 'foyer' {
  interface FoyerActions {
    /** Asks the user; true when they allow, false when they deny; rejects with EXITED_CONSENT_FLOW when they close. */
    askConsent(topic: string): Promise<boolean>
  }
}
