import type { FlowContext } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { toUser, type User } from '../../core/protocol/index.js'
import { termsCalls } from './termsCalls.js'

/** The screen the hook prompts. */
export const TERMS_SCREEN = 'terms/accept'

/** True when the resolved config requires terms and `user` hasn't accepted them. */
export function needsTermsAcceptance(foyer: Foyer, user: User | null): boolean {
  return Boolean(foyer.$config.peek()?.legal.requireUsersAcceptTerms && user && !user.hasAcceptedTerms)
}

/**
 * onLoginSuccess hook: on a login whose user hasn't accepted required terms, waits on the terms screen.
 * Links and updates are skipped: that user already went through a login.
 */
export async function termsHook(ctx: FlowContext): Promise<void> {
  if (ctx.intent !== 'login' || !needsTermsAcceptance(ctx.foyer, ctx.user)) return
  // A headless login has no modal open: open it so the screen can show (the landing sits below, unreachable: back is off).
  if (!ctx.foyer.$modal.peek().open) ctx.foyer.modal.open({ intent: 'login' })
  await ctx.prompt(TERMS_SCREEN)
}

/** Records acceptance on the server, updates the session's user and lets the flow go on. */
export async function acceptTerms(foyer: Foyer): Promise<User> {
  const raw = await termsCalls.accept(foyer, {})
  const user = toUser(raw)
  const session = foyer.$session.peek()
  if (session.status === 'authenticated') foyer.session.setUser(user)
  foyer.modal.resolvePrompt(user)
  return user
}

/**
 * Declining logs out (the spec) and closes the modal: closing rejects the pending prompt with the
 * 'exited auth flow' error, so the login reports onError and no later hook runs.
 */
export async function declineTerms(foyer: Foyer): Promise<void> {
  try {
    await foyer.session.logout()
  } finally {
    foyer.modal.close()
  }
}
