/**
 * The admin console's API (issue 27): what the console at /admin calls on its own server, under /api/v1/admin/.
 * Shared by the server half (server.ts) and the console (console/); types only, no runtime dependency.
 *
 * Every call carries `foyer-app-id: ADMIN_APP_ID` and the operator's access token of that app (Bearer), like any
 * Foyer call. Besides the token, a route needs: an operator row for the user (403 `not_an_operator`), TOTP enrolled
 * (403 `admin_mfa_enrollment_required`), and an admin session verified with TOTP (POST session, which itself needs a
 * fresh MFA verification: 403 `missing_or_invalid_mfa`, else 403 `admin_session_unverified`). Writes need the
 * `owner` role (403 `admin_role_required`); a viewer reads.
 *
 * Besides adminErrorCodes, the routes answer core's codes: 400 `invalid_data` (bad input; the message names the field),
 * 401 `unauthorized`, 403 `missing_or_invalid_mfa`, 429 `too_many_requests`, 404 `not_found` (a user, app secret,
 * webhook endpoint or delivery that isn't there, or any webhook write when the server has no webhooks plugin) and 400
 * `not_allowed` (removing yourself as an operator; deleting an operator's user from the admin app).
 */

/** The internal app operators sign in to (created by the admin-console server half at start when absent). */
export const ADMIN_APP_ID = 'foyer_admin_console_00001'

/** Where the console's page is served on the API listener. */
export const ADMIN_CONSOLE_PATH = '/admin'

/** An admin session verified with TOTP lasts this long at most (then the console asks for a code again). */
export const ADMIN_SESSION_TTL_SECONDS = 12 * 3600

export type OperatorRole = 'owner' | 'viewer'

export const adminPaths = {
  /** GET: who is signed in (no verification needed); POST: verify the admin session (needs a fresh MFA verification). */
  session: '/api/v1/admin/session',
  /** GET list, POST create (owner). */
  apps: '/api/v1/admin/apps',
  /** GET one, POST update (owner; body AdminAppUpdate), DELETE (owner). */
  app: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}`,
  /** GET list, POST create (owner; the secret is in that answer only). */
  appSecrets: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/secrets`,
  /** DELETE: revoke (owner). */
  appSecret: (appId: string, secretId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/secrets/${encodeURIComponent(secretId)}`,
  /** GET list (`enabled: false` when the server has no webhooks plugin), POST add (owner). */
  webhooks: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/webhooks`,
  /** DELETE: disable (owner). */
  webhook: (appId: string, endpointId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/webhooks/${encodeURIComponent(endpointId)}`,
  /** GET: the endpoint's latest deliveries. */
  webhookDeliveries: (appId: string, endpointId: string) =>
    `/api/v1/admin/apps/${encodeURIComponent(appId)}/webhooks/${encodeURIComponent(endpointId)}/deliveries`,
  /** POST: send the delivery's event again (owner). */
  webhookReplay: (appId: string, endpointId: string, deliveryId: string) =>
    `/api/v1/admin/apps/${encodeURIComponent(appId)}/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
  /** GET: `?search=&cursor=&limit=` (search: e-mail, phone, wallet address, custom-JWT subject, Farcaster fid, Telegram id or user id). */
  users: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/users`,
  /** GET detail, DELETE (owner). */
  user: (appId: string, userId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/users/${encodeURIComponent(userId)}`,
  /** POST: revoke every session of the user (owner). */
  userSessionsRevoke: (appId: string, userId: string) =>
    `/api/v1/admin/apps/${encodeURIComponent(appId)}/users/${encodeURIComponent(userId)}/sessions/revoke`,
  /** GET: `?days=30` (1..90): the overview's figures. */
  stats: (appId: string) => `/api/v1/admin/apps/${encodeURIComponent(appId)}/stats`,
  /** GET list (owner), POST add by e-mail (owner). */
  operators: '/api/v1/admin/operators',
  /** DELETE (owner; not the last owner, not yourself). */
  operator: (userId: string) => `/api/v1/admin/operators/${encodeURIComponent(userId)}`,
} as const

/** Error codes the admin routes answer besides core's. */
export const adminErrorCodes = [
  'not_an_operator', // 403: the signed-in user is no operator
  'admin_mfa_enrollment_required', // 403: operators must enrol TOTP first
  'admin_session_unverified', // 403: verify the admin session with TOTP (POST session)
  'admin_role_required', // 403: the call needs the owner role
  'app_not_found', // 404
  'app_exists', // 409: create with an id in use
  'app_changed', // 409: update with a stale revision (someone else saved first)
  'invalid_app_config', // 400: the entry does not validate; the message names the field
  'app_protected', // 400: the admin app itself can't be deleted or have its sign-in weakened
  'operator_not_found', // 404
  'last_owner', // 400: removing or demoting the last owner
  'admin_secret_limit_reached', // 409: the app has 10 live secrets already (revoke one first)
] as const
export type AdminErrorCode = (typeof adminErrorCodes)[number]

export interface AdminOperator {
  user_id: string
  email: string | null
  role: OperatorRole
  created_at: number
}

/** GET/POST session. */
export interface AdminSession {
  operator: AdminOperator
  /** True once the session passed TOTP (POST session) and for ADMIN_SESSION_TTL_SECONDS after. */
  verified: boolean
  /** Unix seconds the verification ends, or null when unverified. */
  verified_until: number | null
  has_totp: boolean
}

/**
 * A stored app as an operator reads it. `entry` is the app's entry exactly as a config file declares it (id, name,
 * allowed_origins, the login flags, plugin sections...), with every secret field (OAuth client secrets, bot tokens...)
 * replaced by SECRET_PLACEHOLDER: no read ever returns a secret.
 */
export interface AdminApp {
  id: string
  name: string
  entry: Record<string, unknown>
  /** 'config': seeded from FOYER_CONFIG / createServer({ apps }); 'console': created here. */
  source: 'config' | 'console'
  /** Bumped by every change; an update sends the revision it edited. */
  revision: number
  created_at: number
  updated_at: number
  user_count: number
}

/** What a secret field reads as; sent back unchanged in an update, it keeps the stored secret. */
export const SECRET_PLACEHOLDER = { $secret: 'set' } as const

/** POST apps: a new app's entry (its id optional: the server makes one). */
export interface AdminAppCreate {
  entry: Record<string, unknown>
}

/** POST app: the whole entry (as read, edited) and the revision it was read at. */
export interface AdminAppUpdate {
  entry: Record<string, unknown>
  revision: number
}

export interface AdminAppSecret {
  id: string
  /** The secret's first characters, to recognise it (`foyer_sk_ab12…`). */
  prefix: string
  label: string | null
  created_at: number
  last_used_at: number | null
  revoked_at: number | null
}

/** POST appSecrets' answer: the secret itself, shown this once. */
export interface AdminCreatedAppSecret extends AdminAppSecret {
  secret: string
}

/** GET webhooks. */
export interface AdminWebhookList {
  /** False when the server runs without the webhooks plugin (then `data` is empty and the writes are 404). */
  enabled: boolean
  data: AdminWebhookEndpoint[]
}

/** POST webhooks' answer (body `{ url, events? }`; no events: all of them): the signing secret, shown this once. */
export interface AdminCreatedWebhookEndpoint extends AdminWebhookEndpoint {
  secret: string
}

export interface AdminWebhookEndpoint {
  id: string
  url: string
  events: string[] | null
  created_at: number
  disabled_at: number | null
}

/** GET webhookDeliveries(`?before=<next_cursor>`): a page of the endpoint's deliveries, newest first. */
export interface AdminWebhookDeliveryPage {
  data: AdminWebhookDelivery[]
  next_cursor: string | null
}

export interface AdminWebhookDelivery {
  id: string
  event_id: string
  event_type: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  last_status: number | null
  last_error: string | null
  created_at: number
  delivered_at: number | null
}

/** A user row in the users list: Privy's REST user shape (the management API's). */
export interface AdminUser {
  id: string
  created_at: number
  linked_accounts: Record<string, unknown>[]
  mfa_methods: { type: string }[]
  is_guest: boolean
  custom_metadata: Record<string, unknown>
  [field: string]: unknown
}

export interface AdminUserPage {
  data: AdminUser[]
  next_cursor: string | null
}

export interface AdminUserSession {
  id: string
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export interface AdminAuditEntry {
  id: string
  event: string
  actor: string
  ip: string | null
  request_id: string | null
  at: number
  data: Record<string, unknown>
}

/** GET user: the user, their sessions, embedded wallets and audit trail (newest first, 100). */
export interface AdminUserDetail {
  user: AdminUser
  sessions: AdminUserSession[]
  wallets: { address: string; chain_type: string; created_at: number | null; recovery_method: string | null }[]
  audit: AdminAuditEntry[]
}

/** One day of the overview (UTC dates, oldest first). */
export interface AdminStatsDay {
  /** YYYY-MM-DD */
  date: string
  /** Sign-ups by login method (the first linked account's type: email, phone, google_oauth, wallet, ...). */
  signups: Record<string, number>
  /** Logins by method. */
  logins: Record<string, number>
  wallets_created: number
  /** Distinct users who authenticated that day. */
  active_users: number
}

export interface AdminStats {
  days: AdminStatsDay[]
  /** Distinct users authenticated in the last 1 / 7 / 30 days. */
  active: { dau: number; wau: number; mau: number }
  /** Users of the app, and those with at least one MFA method. */
  mfa: { users: number; with_mfa: number }
  total_users: number
}
