import { definePlugin } from '../../core/client/plugin.js'
import { termsTexts } from './texts.js'
import { termsHook } from './termsHook.js'

/** Options of the terms plugin. */
export interface TermsPluginOptions {
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/**
 * Terms acceptance: `plugins={[terms(), ...others]}`. When the resolved config requires it
 * (`legal.requireUsersAcceptTerms`, else the server's `require_users_accept_terms`) and the user
 * hasn't accepted, a login stops on the undismissable 'One last step' screen. Accept records it on
 * the server; 'No thanks' logs out and ends the flow.
 *
 * Nothing (embedded wallet creation, MFA) should happen for a user who then declines: those plugins declare
 * `hooks.after: ['terms']`, so terms() may sit anywhere in the host's list.
 */
export function terms(options: TermsPluginOptions = {}) {
  return definePlugin({
    id: 'terms',
    kind: 'feature',
    api: () => import('./api.js').then((m) => m.termsApi),
    screens: {
      accept: { load: () => import('./screens/TermsAcceptScreen.js'), title: 'terms.title', dismissable: false, back: false },
    },
    hooks: { onLoginSuccess: termsHook },
    texts: { ...termsTexts, ...options.texts },
  })
}

export { termsHook, needsTermsAcceptance, acceptTerms, declineTerms } from './termsHook.js'
export { termsTexts } from './texts.js'
export * from './termsApiExports.js'
