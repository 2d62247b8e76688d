/** One field of an entry: its keys from the entry's root, e.g. ['oauth', 'google', 'client_secret']. */
export type EntryPath = readonly string[]

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * The secret fields present in `entry`: each plugin's `appSecretFields` patterns (dot-separated, `*` any key) under its
 * section (`entry[pluginId]`).
 */
export function appSecretPaths(entry: Record<string, unknown>, fields: Readonly<Record<string, readonly string[]>>): EntryPath[] {
  const found: EntryPath[] = []
  const walk = (value: unknown, segments: readonly string[], at: string[]) => {
    if (!segments.length) {
      if (value !== undefined) found.push(at)
      return
    }
    if (!isObject(value)) return
    const [head, ...rest] = segments as [string, ...string[]]
    for (const key of head === '*' ? Object.keys(value) : Object.hasOwn(value, head) ? [head] : []) walk(value[key], rest, [...at, key])
  }
  for (const [pluginId, patterns] of Object.entries(fields)) {
    for (const pattern of patterns) walk(entry[pluginId], pattern.split('.'), [pluginId])
  }
  const seen = new Set<string>()
  return found.filter((path) => !seen.has(path.join('.')) && Boolean(seen.add(path.join('.'))))
}

/** The value at `path`, or undefined. */
export function valueAt(entry: unknown, path: EntryPath): unknown {
  let value = entry
  for (const key of path) value = isObject(value) ? value[key] : undefined
  return value
}

/** Sets the value at `path` of `entry` (a copy the caller owns), creating nothing: the path must exist. */
export function setValueAt(entry: Record<string, unknown>, path: EntryPath, value: unknown): void {
  let parent: unknown = entry
  for (const key of path.slice(0, -1)) parent = isObject(parent) ? parent[key] : undefined
  if (isObject(parent)) parent[path[path.length - 1]!] = value
}

/** Every path of `entry` whose value matches `test` (e.g. sealed values), at any depth. */
export function pathsWhere(entry: unknown, test: (value: unknown) => boolean): EntryPath[] {
  const found: EntryPath[] = []
  const walk = (value: unknown, at: string[], depth: number) => {
    if (test(value)) return void found.push(at)
    if (!isObject(value) || depth > 16) return
    for (const [key, item] of Object.entries(value)) walk(item, [...at, key], depth + 1)
  }
  walk(entry, [], 0)
  return found
}
