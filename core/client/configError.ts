import { ApiError, BaseError } from '../errors/index.js'

/**
 * Why the app config could not be loaded, said for the developer who set the app up: an origin the server
 * doesn't allow (its message names the origin and the setting), an unknown app id, or a server that isn't there.
 */
export function configError(cause: unknown, apiUrl: string, appId: string): BaseError {
  if (cause instanceof ApiError) {
    if (cause.serverCode === 'invalid_origin') return new BaseError(cause.shortMessage, { code: 'INVALID_ORIGIN', cause })
    if (cause.status === 404) {
      return new BaseError(`The Foyer server at ${apiUrl} has no app "${appId}".`, { code: 'INVALID_APP_ID', details: 'Check the appId you pass to FoyerProvider.', cause })
    }
    return new BaseError(`The Foyer server at ${apiUrl} answered ${cause.status} for the app config.`, { code: cause.code, cause })
  }
  if (cause instanceof BaseError && cause.code === 'CLIENT_REQUEST_TIMEOUT') {
    return new BaseError(`The Foyer server at ${apiUrl} did not answer in time.`, { code: 'CLIENT_REQUEST_TIMEOUT', cause })
  }
  if (cause instanceof BaseError && cause.code === 'NETWORK_ERROR') {
    return new BaseError(`The Foyer server at ${apiUrl} could not be reached.`, {
      code: 'NETWORK_ERROR',
      details: 'Is it running, and does its app allow this page\'s origin (allowed_origins)?',
      cause,
    })
  }
  return new BaseError(`The app config from ${apiUrl} could not be read.`, { code: 'INVALID_APP_CONFIG', cause })
}
