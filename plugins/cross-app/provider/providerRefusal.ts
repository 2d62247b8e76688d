import { ApiError } from '../../../core/errors/index.js'

/** What the server told a provider page about the requester of a refused token or flow. */
export interface ProviderRefusal {
  /** The requester's origins the page may answer (the opener must be on one of them). */
  origins: string[]
  /** The token is dead (revoked, expired, requester no longer listed): the requester should forget it. */
  clear: boolean
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [])

/**
 * The requester named by the server's refusal of a provider token (verify-token: `{ requester_origins, clear }`) or of
 * an authorization (flow / consent: `{ requester_origin }`); null when the refusal names none (an unknown token or flow).
 */
export function providerRefusal(error: unknown): ProviderRefusal | null {
  if (!(error instanceof ApiError) || !error.data) return null
  const origins = [...strings(error.data.requester_origins), ...strings(error.data.requester_origin)]
  return origins.length ? { origins, clear: error.data.clear === true } : null
}
