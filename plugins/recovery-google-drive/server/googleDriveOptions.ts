/** The server's Google client for the Drive login, and where Drive is (the recovery page calls it). */
export interface GoogleDriveRecoveryOptions {
  /** Default FOYER_RECOVERY_GOOGLE_CLIENT_ID. */
  clientId?: string
  /** Default FOYER_RECOVERY_GOOGLE_CLIENT_SECRET. */
  clientSecret?: string
  /** Default FOYER_RECOVERY_GOOGLE_AUTH_URL, else Google's. */
  authUrl?: string
  /** Default FOYER_RECOVERY_GOOGLE_TOKEN_URL, else Google's. */
  tokenUrl?: string
  /** Drive API base (the frame calls it). Default FOYER_RECOVERY_GOOGLE_DRIVE_URL, else https://www.googleapis.com. */
  driveUrl?: string
}

/** The resolved options (defaults and environment applied). */
export interface ResolvedGoogleDrive {
  clientId: string | null
  clientSecret: string | null
  authUrl: string
  tokenUrl: string
  driveUrl: string
}

const trim = (url: string) => url.replace(/\/+$/, '')

/** The options over the environment over Google's real endpoints. */
export function resolveGoogleDrive(g: GoogleDriveRecoveryOptions = {}, env: Record<string, string | undefined> = process.env): ResolvedGoogleDrive {
  return {
    clientId: g.clientId ?? env.FOYER_RECOVERY_GOOGLE_CLIENT_ID ?? null,
    clientSecret: g.clientSecret ?? env.FOYER_RECOVERY_GOOGLE_CLIENT_SECRET ?? null,
    authUrl: g.authUrl ?? env.FOYER_RECOVERY_GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: g.tokenUrl ?? env.FOYER_RECOVERY_GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    driveUrl: trim(g.driveUrl ?? env.FOYER_RECOVERY_GOOGLE_DRIVE_URL ?? 'https://www.googleapis.com'),
  }
}
