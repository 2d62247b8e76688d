/** Keys whose values an event's data must never carry (tokens, codes, keys, shares, passwords, signatures). */
const SECRET_KEY = /token|secret|password|passphrase|code$|^code|otp|private|share|signature|seed|mnemonic|cookie|authorization|^key$|_key$|Key$/i

/**
 * `data` without any field whose name looks like a secret, at any depth: a last line behind the emitters, which pass
 * only what the operator's own API would show (ids, account types, addresses).
 */
export function withoutSecrets(data: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown, depth: number): unknown => {
    if (depth > 6) return null
    if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1))
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEY.test(key)).map(([key, item]) => [key, clean(item, depth + 1)]))
    }
    return value
  }
  return clean(data, 0) as Record<string, unknown>
}
