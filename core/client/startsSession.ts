import type { ApiCallDef } from './apiCallDef.js'

/**
 * Whether a call may start a session: its answer is a token response (it carries `session_update_action`), as every
 * login, sign-up and cross-app login call's does. Middleware that must ride on the call that starts a session (the
 * embedded wallet's device-key binding) asks this instead of listing other plugins' calls.
 */
export function startsSession(def: ApiCallDef): boolean {
  const entries = (def.output as { entries?: Record<string, unknown> } | undefined)?.entries
  return Boolean(entries && 'session_update_action' in entries)
}
