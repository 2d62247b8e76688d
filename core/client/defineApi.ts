import type { ApiCallDef } from './apiCallDef.js'

/** A call of `defineApi`'s table: an ApiCallDef whose path is relative to the base (default: the call's name). */
export type ApiCallEntry = Omit<ApiCallDef, 'path'> & { path?: string }

/** The calls of `defineApi`, each with its full path. */
export type DefinedApi<T extends Record<string, ApiCallEntry>> = { [K in keyof T]: Omit<T[K], 'path'> & { path: string } }

/**
 * A plugin's API table from one base path: `defineApi('/api/v1/passwordless', { init: { input, output } })` calls
 * POST /api/v1/passwordless/init. An entry's `path` names a segment other than its key (`'authenticate/init'`).
 * The input and output schemas stay as written, so the typed calls (`apiClient`) infer from them.
 */
export function defineApi<const T extends Record<string, ApiCallEntry>>(base: string, calls: T): DefinedApi<T> {
  return Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, { ...call, path: `${base}/${call.path ?? name}` }])) as DefinedApi<T>
}

/** Each call's full path by name (the server registers its routes on them). */
export function apiPaths<T extends Record<string, { path: string }>>(api: T): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(api).map(([name, call]) => [name, call.path])) as { [K in keyof T]: string }
}
