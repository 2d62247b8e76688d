/**
 * The user lifecycle and security events the server records in the audit log and hands to plugins (`onEvent`, e.g. the
 * webhooks plugin). Names are Privy's webhook event names where Privy has one.
 */
export const SERVER_EVENT_TYPES = [
  'user.created',
  'user.authenticated',
  'user.linked_account',
  'user.unlinked_account',
  'user.updated_account',
  'user.transferred_account',
  'user.deleted',
  'mfa.enabled',
  'mfa.disabled',
  'wallet.created',
  'wallet.exported',
  'wallet.recovery_changed',
  'delegation.granted',
  'delegation.revoked',
  // What an app's back end did through the management API (actor `app:<secret prefix>`).
  'app.user_metadata_updated',
  'app.sessions_revoked',
  'app.secret_created',
  'app.secret_revoked',
  'app.webhook_endpoint_created',
  'app.webhook_endpoint_removed',
  'app.webhook_delivery_replayed',
  // An app's own entry changed through the app store (`ctx.appStore`: the admin console, the CLI); data: the changed keys.
  'app.created',
  'app.updated',
  'app.deleted',
  // The admin console's operators (actor `operator:<userId>` or `operator` from the CLI), in the admin app.
  'admin.operator_added',
  'admin.operator_removed',
] as const

/** One of SERVER_EVENT_TYPES. */
export type ServerEventType = (typeof SERVER_EVENT_TYPES)[number]

/** True for a name in SERVER_EVENT_TYPES. */
export function isServerEventType(name: string): name is ServerEventType {
  return (SERVER_EVENT_TYPES as readonly string[]).includes(name)
}
