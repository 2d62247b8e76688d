import * as v from 'valibot'
import type { ApiCallDef } from '../../core/client/plugin.js'
import { paths, UserSchema } from '../../core/protocol/index.js'

/** API paths of the terms plugin (the spec's; the kernel's path table already names it). */
export const termsPaths = {
  accept: paths.acceptTerms,
} as const

/** The body of POST /api/v1/users/me/accept_terms: an empty object (unknown fields are ignored). */
// valibot's object schemas let arrays through; the spec's body is an object.
export const AcceptTermsInputSchema = v.pipe(
  v.custom<Record<string, unknown>>((body) => typeof body === 'object' && body !== null && !Array.isArray(body), 'Expected an object'),
  v.looseObject({}),
)

/** The terms plugin's calls. The route answers the raw user (no `{ user }` wrapper). */
export const termsApi = {
  accept: { path: termsPaths.accept, input: AcceptTermsInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
