import { ADMIN_APP_ID } from '../adminApi.js'

/** Options of `adminConsoleServer`. */
export interface AdminConsoleServerOptions {
  /** Origins besides the API's own that may call the console's API (the admin app's allowed_origins). Default FOYER_ADMIN_ORIGINS (comma-separated), else none. */
  origins?: string[]
  /** Read instead of process.env. */
  env?: Record<string, string | undefined>
}

/** The admin app's allowed origins: `origins`, else FOYER_ADMIN_ORIGINS (comma-separated), else none. */
function adminOrigins(options: AdminConsoleServerOptions): string[] {
  const origins = options.origins ?? ((options.env ?? process.env).FOYER_ADMIN_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean)
  const bad = origins.find((o) => !/^https?:$/.test(URL.canParse(o) ? new URL(o).protocol : ''))
  if (bad !== undefined) throw new Error(`adminConsoleServer: "${bad}" is not an origin (https://host[:port]) in ${options.origins ? 'origins' : 'FOYER_ADMIN_ORIGINS'}`)
  return origins
}

/**
 * The admin app's entry: the internal app operators sign in to (e-mail code or passkey, TOTP required), called from the
 * console at /admin on the API's own origin (`allow_api_origin`) and from `origins`. The plugin creates it in the app
 * store at start when absent. It takes no sign-ups (`disable_signup`): an operator's user is made ahead, by `foyer admin
 * add` or the Operators page, so an address nobody added gets the modal's 'Account not found' and no user is created.
 */
export function adminAppEntry(options: AdminConsoleServerOptions = {}) {
  return {
    id: ADMIN_APP_ID,
    name: 'Foyer admin',
    allowed_origins: adminOrigins(options),
    allow_api_origin: true,
    disable_signup: true,
    email_auth: true,
    passkey: true,
    mfa_methods: ['totp'],
  }
}
