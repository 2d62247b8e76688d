import type { GenericSchema, InferInput, InferOutput } from 'valibot'
import type { ApiCallDef } from './plugin.js'
import type { CallOptions, Foyer } from './types.js'

/** What a call takes: its input schema's input type, or nothing. */
export type CallInput<D> = D extends { input: infer S extends GenericSchema } ? InferInput<S> : undefined
/** What a call answers: its output schema's output type (validated), or unknown. */
export type CallOutput<D> = D extends { output: infer S extends GenericSchema } ? InferOutput<S> : unknown

/** A typed function per call of a plugin's `api`, inferred from its schemas. */
export type ApiClient<A extends Record<string, ApiCallDef>> = {
  [K in keyof A]: (foyer: Foyer, ...args: undefined extends CallInput<A[K]> ? [input?: CallInput<A[K]>, options?: CallOptions] : [input: CallInput<A[K]>, options?: CallOptions]) => Promise<CallOutput<A[K]>>
}

/**
 * Typed calls for a plugin's `api`: `apiClient('email', emailApi).init(foyer, { email, token: null })` checks the
 * input and knows the output from the schemas — no `call<T>('email.init')` strings, no output types written by hand.
 * Each goes through `foyer.call` (validation, token, middleware, output check).
 *
 * Without the table (`apiClient<typeof emailApi>('email')`, the table imported as a type only), the client names the
 * calls by the property read, the way tRPC's proxy client does: a plugin whose `api` is an ApiLoader keeps its
 * schemas out of the modules that call it.
 */
export function apiClient<A extends Record<string, ApiCallDef>>(pluginId: string, api?: A): ApiClient<A> {
  const call = (name: string) => (foyer: Foyer, input?: unknown, options?: CallOptions) => foyer.call(`${pluginId}.${name}`, input, options)
  if (!api) {
    // `then` stays undefined so that the client is not taken for a promise.
    return new Proxy({}, { get: (_, name) => (typeof name === 'string' && name !== 'then' ? call(name) : undefined) }) as ApiClient<A>
  }
  const client: Record<string, ReturnType<typeof call>> = {}
  for (const name of Object.keys(api)) client[name] = call(name)
  return client as ApiClient<A>
}
