// PostgreSQL text can't hold U+0000, and jsonb refuses both "\u0000" and an unpaired surrogate escape
// ("\ud800"), which is what JSON.stringify writes for a lone surrogate. `u` makes \p{Cs} match only
// unpaired surrogates: a valid pair is one code point there.
const UNSTORABLE = /[\u0000\p{Cs}]/u

/** Deepest nesting a value may have: no request of ours comes close, and walking it stays cheap. */
export const MAX_VALUE_DEPTH = 64

/**
 * What in `value` PostgreSQL can't take, or null: `'character'` for a string with U+0000 or a lone
 * surrogate at any depth of arrays and plain objects (keys included), `'depth'` for nesting deeper than
 * MAX_VALUE_DEPTH (JSON.stringify and jsonb recurse, so a deep value would fail as a 500 later). A string
 * that is itself JSON (a jsonb parameter stringified by its caller, a JSON field inside a payload) is
 * looked into too, since its escapes become those characters once parsed.
 */
export function findUnstorableText(value: unknown, depth = 0): 'character' | 'depth' | null {
  if (depth > MAX_VALUE_DEPTH) return 'depth'
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) return 'character'
    // Only text that can be JSON holding an escape is parsed, so ordinary strings cost one scan.
    if (value.includes('\\u') && /^\s*[[{"]/.test(value)) {
      let inner: unknown
      try {
        inner = JSON.parse(value)
      } catch {
        return null
      }
      return findUnstorableText(inner, depth + 1)
    }
    return null
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnstorableText(item, depth + 1)
      if (found) return found
    }
    return null
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return 'character'
      const found = findUnstorableText(item, depth + 1)
      if (found) return found
    }
  }
  return null
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
