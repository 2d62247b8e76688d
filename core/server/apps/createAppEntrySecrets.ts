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
  /**
   * The stored entry with every value sealed under a previous key sealed again under the current one, and how many
   * moved; null when none is under a previous key. Throws when a value opens under no key.
   */
  reseal(appId: string, stored: Record<string, unknown>): { entry: Record<string, unknown>; moved: number } | null
}

/**
 * `previous`: earlier apps keys (FOYER_APPS_KEK_PREVIOUS). A value opens under the current key or any of them; reseal()
 * moves what is under them to the current key.
 */
export function createAppEntrySecrets(
  fields: Readonly<Record<string, readonly string[]>>,
  key: Uint8Array | null,
  missingKey: string,
  previous: readonly Uint8Array[] = [],
): AppEntrySecrets {
  const box = key ? createSealedTextBox(key, 'apps') : null
  const previousBoxes = previous.map((k) => createSealedTextBox(k, 'apps'))
  /** The value's plaintext and whether the current key opened it; throws when no key does. */
  const openValue = (appId: string, path: string, value: SealedValue) => {
    if (!box) throw new AppSecretError(path, missingKey)
    const owner = `${appId}:${path}`
    for (const [i, candidate] of [box, ...previousBoxes].entries()) {
      try {
        return { text: candidate.open(owner, value.$sealed), current: i === 0 }
      } catch {
        // Not this key: the next one.
      }
    }
    throw new AppSecretError(path, 'does not open with the apps key (another FOYER_APPS_KEK?)')
  }
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
      return replace(stored, isSealed, (value, path) => JSON.parse(openValue(appId, path, value as SealedValue).text) as unknown)
    },
    mask: (stored) => replace(stored, isSealed, () => ({ ...APP_SECRET_PLACEHOLDER })),
    hasSealed: (stored) => pathsWhere(stored, isSealed).length > 0,
    reseal(appId, stored) {
      if (!box || !previousBoxes.length) return null
      let moved = 0
      const entry = replace(stored, isSealed, (value, path) => {
        const opened = openValue(appId, path, value as SealedValue)
        if (opened.current) return value
        moved += 1
        return { $sealed: box.seal(`${appId}:${path}`, opened.text) }
      })
      return moved ? { entry, moved } : null
    },
  }
}
