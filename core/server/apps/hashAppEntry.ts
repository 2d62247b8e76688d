import { createHash, createHmac } from 'node:crypto'
import { setValueAt, type EntryPath } from './appSecretPaths.js'

/** JSON with object keys sorted and undefined left out: equal entries give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * The hash of a plaintext entry (the seed_hash of a config entry): SHA-256 of its canonical JSON, each secret field
 * first replaced by its HMAC under the apps key, so the stored hash says nothing testable about a secret.
 */
export function hashAppEntry(entry: Record<string, unknown>, secretPaths: readonly EntryPath[], key: Uint8Array | null): string {
  const copy = structuredClone(entry)
  for (const path of secretPaths) {
    const mac = createHmac('sha256', key ?? Buffer.alloc(32)).update(`${path.join('.')}\0${canonicalJson(valueOf(copy, path))}`).digest('hex')
    setValueAt(copy, path, `hmac:${mac}`)
  }
  return createHash('sha256').update(canonicalJson(copy)).digest('hex')
}

function valueOf(entry: Record<string, unknown>, path: EntryPath): unknown {
  let value: unknown = entry
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  return value
}
