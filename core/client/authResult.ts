import type { LinkedAccount, TokenResponse, User } from '../protocol/index.js'

/** What a successful login, link or update hands the host. */
export interface AuthResult {
  user: User
  isNewUser: boolean
  wasAlreadyAuthenticated: boolean
  loginMethod: string
  loginAccount: LinkedAccount | null
  linkedAccount: LinkedAccount | null
  oAuthTokens: TokenResponse['oauth_tokens'] | null
}

/** Host callbacks for one intent. */
export interface FlowCallbacks {
  onComplete?: (result: AuthResult) => void
  onSuccess?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}
