/** API paths of the kernel. Plugin paths live in each plugin's api.ts. */
export const paths = {
  sessions: '/api/v1/sessions',
  sessionsLogout: '/api/v1/sessions/logout',
  sessionsFork: '/api/v1/sessions/fork',
  sessionsForkRecover: '/api/v1/sessions/fork/recover',
  analyticsEvents: '/api/v1/analytics_events',
  usersMe: '/api/v1/users/me',
  acceptTerms: '/api/v1/users/me/accept_terms',
  app: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`,
  jwks: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/jwks.json`,
} as const

/** Request headers the client sends on every call. */
export const headers = {
  appId: 'foyer-app-id',
  clientId: 'foyer-client-id',
  caId: 'foyer-ca-id',
  client: 'foyer-client',
} as const

/** Length of an app id. */
export const APP_ID_LENGTH = 25
