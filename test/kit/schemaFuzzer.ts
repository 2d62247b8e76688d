import * as v from 'valibot'

/** A seeded pseudo-random source (mulberry32): the same seed gives the same bodies, so a failure replays. */
export interface Rng {
  /** In [0, 1). */
  next(): number
  int(maxExclusive: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

/** A seeded Rng. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number) => Math.floor(next() * max)
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p }
}

type AnySchema = v.GenericSchema & {
  type: string
  entries?: Record<string, AnySchema>
  wrapped?: AnySchema
  options?: readonly unknown[]
  item?: AnySchema
  key?: AnySchema
  value?: AnySchema
  literal?: unknown
  pipe?: readonly { type: string; requirement?: unknown }[]
}

const chars = (rng: Rng, alphabet: string, length: number) => {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[rng.int(alphabet.length)]
  return out
}
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const HEX = '0123456789abcdef'

/** Text that is hostile to a server in some way: PostgreSQL-unstorable, huge, odd Unicode, injection-shaped. */
export const nastyStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d\ude00',
  '\\u0000',
  '{"a":"\\u0000"}',
  '%00',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  '\u202e\u200b\ufeff',
  'null',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
  '🎉'.repeat(2000),
]

/** Values of every JSON type, including the edges of numbers and nesting. */
export function nastyValue(rng: Rng): unknown {
  switch (rng.int(12)) {
    case 0:
      return rng.pick(nastyStrings)
    case 1:
      return rng.pick([0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER])
    case 2:
      return rng.pick([true, false, null])
    case 3:
      return []
    case 4:
      return {}
    case 5:
      return [rng.pick(nastyStrings), rng.int(100)]
    case 6:
      // Parsed, so __proto__ is an own key (as a body's would be), not the literal's prototype.
      return JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')
    case 7: {
      // Deep nesting, within and beyond what the edge allows.
      let deep: unknown = rng.pick(nastyStrings)
      for (let i = rng.int(200); i > 0; i--) deep = rng.chance(0.5) ? [deep] : { a: deep }
      return deep
    }
    case 8:
      return Array.from({ length: rng.int(500) }, () => rng.int(10))
    case 9:
      return chars(rng, B64URL, rng.int(300))
    case 10:
      return { [rng.pick(nastyStrings)]: rng.pick(nastyStrings) }
    default:
      return String(rng.int(1e9))
  }
}

/** Candidate strings of many shapes; one that passes the schema's pipe (length, regex, url, email) is kept. */
const stringCandidates = (rng: Rng, min: number, max: number): string[] => {
  const len = min + rng.int(Math.max(1, Math.min(max, min + 64) - min + 1))
  const seg = () => chars(rng, B64URL, 8 + rng.int(40))
  return [
    chars(rng, B64URL, len),
    chars(rng, B64URL, min),
    chars(rng, B64URL, rng.pick([22, 32, 43, 64, 86])),
    chars(rng, HEX, rng.pick([32, 40, 64])),
    `${seg()}.${seg()}.${seg()}`,
    chars(rng, HEX, len),
    `0x${chars(rng, HEX, 40)}`,
    `0x${chars(rng, HEX, 130)}`,
    chars(rng, B58, len),
    chars(rng, B58, rng.pick([32, 43, 44, 87, 88])),
    chars(rng, '0123456789', Math.max(1, Math.min(len, 15))),
    `${chars(rng, 'abcdefghij', 6)}@example.com`,
    `+1 415 555 ${String(1000 + rng.int(9000))}`,
    `http://localhost:5173/${chars(rng, 'abc', 3)}`,
    'http://localhost:5173/',
    new Date(Date.now() - rng.int(1e6)).toISOString(),
    chars(rng, 'abcdefghijklmnopqrstuvwxyz', len),
  ]
}

const bounds = (schema: AnySchema): [number, number] => {
  let min = 0
  let max = 256
  for (const action of schema.pipe ?? []) {
    const n = Number(action.requirement)
    if (action.type === 'min_length' || action.type === 'non_empty') min = Math.max(min, action.type === 'non_empty' ? 1 : n)
    if (action.type === 'max_length') max = Math.min(max, n)
    if (action.type === 'length') [min, max] = [n, n]
  }
  return [min, Math.max(min, max)]
}

/**
 * A value shaped like `schema` with random contents: valid where the generator can find a valid leaf
 * (strings are drawn from many shapes and kept when they pass the leaf's checks), random otherwise.
 */
export function sample(schema: v.GenericSchema, rng: Rng, depth = 0): unknown {
  const s = schema as AnySchema
  if (depth > 12) return null
  switch (s.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const out: Record<string, unknown> = {}
      for (const [key, entry] of Object.entries(s.entries ?? {})) {
        if ((entry.type === 'optional' || entry.type === 'exact_optional') && rng.chance(0.3)) continue
        out[key] = sample(entry, rng, depth + 1)
      }
      return out
    }
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
      if (s.type !== 'optional' && rng.chance(0.2)) return null
      return sample(s.wrapped!, rng, depth + 1)
    case 'picklist':
    case 'enum':
      return rng.pick(s.options as unknown[])
    case 'literal':
      return s.literal
    case 'union':
      return sample(rng.pick(s.options as AnySchema[]), rng, depth + 1)
    case 'array':
      return Array.from({ length: rng.int(4) }, () => sample(s.item!, rng, depth + 1))
    case 'record':
      return Object.fromEntries(Array.from({ length: rng.int(4) }, () => [String(sample(s.key!, rng, depth + 1)), sample(s.value!, rng, depth + 1)]))
    case 'boolean':
      return rng.chance(0.5)
    case 'number': {
      const integer = s.pipe?.some((a) => a.type === 'integer')
      const min = Number(s.pipe?.find((a) => a.type === 'min_value')?.requirement ?? 0)
      const max = Number(s.pipe?.find((a) => a.type === 'max_value')?.requirement ?? 1e6)
      const n = min + rng.next() * (Math.min(max, min + 1e9) - min)
      return integer ? Math.floor(n) : n
    }
    case 'string': {
      const [min, max] = bounds(s)
      const candidates = stringCandidates(rng, min, max)
      const valid = candidates.filter((c) => v.is(s, c))
      return valid.length ? rng.pick(valid) : rng.pick(candidates)
    }
    case 'null':
      return null
    default:
      return nastyValue(rng)
  }
}

/** Replaces one random spot of `value` (any depth) with a hostile value, adds or removes a field. */
export function mutate(value: unknown, rng: Rng): unknown {
  if (Array.isArray(value) && value.length && rng.chance(0.7)) {
    const copy = [...value]
    const i = rng.int(copy.length)
    copy[i] = mutate(copy[i], rng)
    return copy
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
    const keys = Object.keys(copy)
    const roll = rng.int(10)
    if (keys.length && roll < 6) {
      const key = rng.pick(keys)
      copy[key] = mutate(copy[key], rng)
    } else if (keys.length && roll < 8) {
      delete copy[rng.pick(keys)]
    } else {
      copy[rng.chance(0.5) ? rng.pick(nastyStrings).slice(0, 40) : `extra_${rng.int(100)}`] = nastyValue(rng)
    }
    return copy
  }
  return nastyValue(rng)
}

/** Texts that are not JSON, or barely: the parser's edge. */
export const malformedBodies: readonly string[] = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"\\u0000":1}',
  '"just a string"',
  '12345678901234567890123456789',
  'true',
  'null',
  '[]',
  '{"a":1}{"b":2}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `{"a":"${'\\'.repeat(3)}"}`,
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
]

/** One generated body for a route whose input is `schema` (or unknown): a JSON value or a raw text. */
export function fuzzBody(schema: v.GenericSchema | undefined, rng: Rng): { json: unknown } | { text: string } {
  const roll = rng.int(20)
  if (roll < 2) return { text: rng.pick(malformedBodies) }
  if (roll < 4 || !schema) return { json: rng.chance(0.5) ? nastyValue(rng) : mutate({}, rng) }
  const valid = sample(schema, rng)
  if (roll < 9) return { json: valid }
  let body = valid
  for (let i = 1 + rng.int(3); i > 0; i--) body = mutate(body, rng)
  if (roll === 19) return { json: [body] }
  return { json: body }
}
