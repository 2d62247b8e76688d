/** The identity a provider proved. */
export interface ProviderIdentity {
  subject: string
  email: string | null
  name: string | null
  username: string | null
}

/** The value at a dotted path of a JSON value, as a non-empty string (numbers too: GitHub ids). */
export function readPath(value: unknown, path: string): string | null {
  let current: unknown = value
  for (const key of path.split('.')) {
    if (!current || typeof current !== 'object') return null
    current = (current as Record<string, unknown>)[key]
  }
  if (typeof current === 'number' && Number.isFinite(current)) return String(current)
  return typeof current === 'string' && current ? current : null
}
