/** An app entry being edited: the entry as read (plugin sections, secrets as placeholders, kept as they are). */
export type Entry = Record<string, unknown>

/** A list field of the entry (allowed_origins, allowlist, mfa_methods) as strings. */
export const listField = (entry: Entry, key: string): string[] => (Array.isArray(entry[key]) ? (entry[key] as unknown[]).map(String) : [])

/** The entry with `key` set, or left out when `value` is undefined (an optional field emptied). */
export function withField(entry: Entry, key: string, value: unknown): Entry {
  const next = { ...entry }
  if (value === undefined) delete next[key]
  else next[key] = value
  return next
}

/** Lines of a textarea as a list: trimmed, empty lines dropped. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** The entry with `item` in or out of the list at `key`. */
export function toggleInList(entry: Entry, key: string, item: string, on: boolean): Entry {
  const list = listField(entry, key).filter((value) => value !== item)
  return withField(entry, key, on ? [...list, item] : list)
}

/** The raw JSON editor's text, parsed: an object, or an error naming what is wrong. */
export function parseEntryJson(text: string): { entry: Entry } | { error: string } {
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'The entry must be a JSON object.' }
    return { entry: value as Entry }
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` }
  }
}
