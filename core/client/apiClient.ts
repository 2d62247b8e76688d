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
 */
export function apiClient<A extends Record<string, ApiCallDef>>(pluginId: string, api: A): ApiClient<A> {
  const client: Record<string, (foyer: Foyer, input?: unknown, options?: CallOptions) => Promise<unknown>> = {}
  for (const name of Object.keys(api)) client[name] = (foyer, input, options) => foyer.call(`${pluginId}.${name}`, input, options)
  return client as ApiClient<A>
}
