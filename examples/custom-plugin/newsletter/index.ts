// A plugin written as a third party would: only the package's public subpaths are imported.
import { definePlugin } from 'foyer/core'
import { newsletterApi } from './api.js'

/** English texts of the plugin; hosts override them with `config.intl.textLocalization`. */
export const newsletterTexts = {
  'newsletter.title': 'Stay in the loop?',
  'newsletter.body': 'Get an e-mail when we ship something new. You can unsubscribe at any time.',
  'newsletter.yes': 'Subscribe',
  'newsletter.no': 'No thanks',
  'newsletter.failed': 'Could not save your choice. Try again.',
}

/** Asks new users whether they want the newsletter, right after they sign up. */
export function newsletter() {
  return definePlugin({
    id: 'newsletter',
    kind: 'feature',
    api: newsletterApi,
    screens: {
      ask: { load: () => import('./screens/NewsletterScreen.js'), title: 'newsletter.title', dismissable: false, back: false },
    },
    hooks: {
      // Joins every login flow after the session is set and before the success screen.
      async onLoginSuccess(ctx) {
        if (ctx.intent === 'login' && ctx.isNewUser) await ctx.prompt<boolean>('newsletter/ask')
      },
    },
    texts: newsletterTexts,
  })
}
