import type { AbortError, ApiError, BaseError } from '../../errors/index.js'
import type { Foyer } from '../types.js'

/** None today: an object so options can join without a breaking change. */
export type GetAccessTokenParameters = Record<string, never>

/** A valid access token (refreshed when it was expiring), or null when signed out. */
export type GetAccessTokenReturnType = string | null

/** A refresh that failed for another reason than an invalid token (server error, timeout, network): the session is kept. */
export type GetAccessTokenErrorType = ApiError | AbortError | BaseError

/** The signed-in user's access token for the host's own API calls, refreshed first when it is about to expire. */
export function getAccessToken(foyer: Foyer, _parameters: GetAccessTokenParameters = {}): Promise<GetAccessTokenReturnType> {
  return foyer.session.getAccessToken()
}
