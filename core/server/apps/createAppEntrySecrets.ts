import { APP_SECRET_PLACEHOLDER } from '../AppStore.js'
import { createSealedTextBox } from '../sealedTextBox.js'
import { appSecretPaths, pathsWhere, setValueAt, valueAt, type EntryPath } from './appSecretPaths.js'

/** How a sealed secret field is stored in the entry's jsonb. */
export interface SealedValue {
  $sealed: string
}

export const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' && value !== null && typeof (value as SealedValue).$sealed === 'string' && Object.keys(value).length === 1
export const isPlaceholder = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { $secret?: unknown }).$secret === APP_SECRET_PLACEHOLDER.$secret && Object.keys(value).length === 1

/** A secret field that could not be stored: its path, and why (never its value). */
export class AppSecretError extends Error {
  constructor(readonly path: string, reason: string) {
    super(`${path}: ${reason}`)
  }
}

/** Sealing, opening and masking of an entry's secret fields (purpose 'apps', owner `<appId>:<path>`). */
export interface AppEntrySecrets {
  /** The secret fields of a plaintext entry (the plugins' `appSecretFields`). */
  paths(entry: Record<string, unknown>): EntryPath[]
  /** The stored form: each secret sealed; a placeholder keeps `previous`'s sealed value at that path. */
  seal(appId: string, plain: Record<string, unknown>, placeholders: readonly EntryPath[], previous: Record<string, unknown> | null): Record<string, unknown>
  /** The plaintext of a stored entry (throws when a value doesn't open: another key). */
  open(appId: string, stored: Record<string, unknown>): Record<string, unknown>
  /** A stored entry as reads show it: each sealed value APP_SECRET_PLACEHOLDER. */
  mask(stored: Record<string, unknown>): Record<string, unknown>
  /** True when the stored entry holds a sealed value. */
  hasSealed(stored: Record<string, unknown>): boolean
}

export function createAppEntrySecrets(fields: Readonly<Record<string, readonly string[]>>, key: Uint8Array | null, missingKey: string): AppEntrySecrets {
  const box = key ? createSealedTextBox(key, 'apps') : null
  const replace = (entry: Record<string, unknown>, test: (v: unknown) => boolean, fn: (value: unknown, path: string) => unknown) => {
    const copy = structuredClone(entry)
    for (const path of pathsWhere(copy, test)) setValueAt(copy, path, fn(valueAt(copy, path), path.join('.')))
    return copy
  }
  return {
    paths: (entry) => appSecretPaths(entry, fields),
    seal(appId, plain, placeholders, previous) {
      const copy = structuredClone(plain)
      const kept = new Set(placeholders.map((p) => p.join('.')))
      for (const path of appSecretPaths(plain, fields)) {
        const dotted = path.join('.')
        if (kept.has(dotted)) {
          const stored = previous ? valueAt(previous, path) : undefined
          if (!isSealed(stored)) throw new AppSecretError(dotted, 'no stored secret to keep: send the value')
          setValueAt(copy, path, stored)
          continue
        }
        if (!box) throw new AppSecretError(dotted, missingKey)
        setValueAt(copy, path, { $sealed: box.seal(`${appId}:${dotted}`, JSON.stringify(valueAt(plain, path))) })
      }
      return copy
    },
    open(appId, stored) {
      return replace(stored, isSealed, (value, path) => {
        if (!box) throw new AppSecretError(path, missingKey)
        try {
          return JSON.parse(box.open(`${appId}:${path}`, (value as SealedValue).$sealed)) as unknown
        } catch {
          throw new AppSecretError(path, 'does not open with the apps key (another FOYER_APPS_KEK?)')
        }
      })
    },
    mask: (stored) => replace(stored, isSealed, () => ({ ...APP_SECRET_PLACEHOLDER })),
    hasSealed: (stored) => pathsWhere(stored, isSealed).length > 0,
  }
}
