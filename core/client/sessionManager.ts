import type { RawUser, TokenResponse, User } from '../protocol/index.js'

/** `$session`. */
export interface SessionState {
  status: 'loading' | 'unauthenticated' | 'authenticated'
  user: User | null
  accessToken: string | null
  identityToken: string | null
}

/** The session half of the kernel. */
export interface SessionManager {
  /** A valid access token, refreshed when expiring (single flight across tabs); null when logged out. */
  getAccessToken(): Promise<string | null>
  getIdentityToken(): Promise<string | null>
  /** Applies `session_update_action` and sets `$session`. */
  handleTokenResponse(response: TokenResponse): void
  /** Rotates the refresh token. Clears local state when the server says the token is missing or invalid. */
  refresh(): Promise<void>
  /** Tries to destroy the server session; always clears local state. */
  logout(): Promise<void>
  /**
   * Forks the session: rotates this session's tokens and answers the single-use refresh token of a new,
   * independent session for the same user (to hand to another app, device or webview).
   */
  fork(): Promise<string>
  /** Starts the session of a forked token (from `fork()` elsewhere) here, replacing any current one. */
  recover(forkedToken: string): Promise<void>
  /** Puts a user the server answered (after a link, unlink, update or terms acceptance) on a signed-in session. */
  setUser(user: RawUser | User): void
  /** Re-reads the current user (GET /api/v1/users/me). */
  refreshUser(): Promise<User | null>
}
