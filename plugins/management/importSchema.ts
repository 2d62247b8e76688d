import * as v from 'valibot'
import { CustomMetadataSchema, MAX_CREATED_ACCOUNTS, NewLinkedAccountSchema } from './schema.js'

/**
 * Bulk user import (issue 27), shaped like Privy's user import (`POST /v1/users/import`, `{ users: [{ linked_accounts,
 * custom_metadata }] }`). Wallets come in as external wallets: their keys stay with their owners, who sign in with them.
 */
export const importUsersPath = '/api/v1/users/import'

/**
 * Most users in one request. The server's body limit (100 KiB, 413 payload_too_large) usually comes first: about 700
 * users with an e-mail and a wallet. Bigger files go through `foyer users import` or several requests.
 */
export const MAX_IMPORT_USERS = 500

/** The server's body limit (core's BODY_LIMIT_BYTES, restated here so the SDK needn't import the server): 413 above. */
export const MAX_IMPORT_BODY_BYTES = 100 * 1024

/** A custom-JWT account: Foyer keys it by issuer and subject (one subject at two issuers is two people), so both come. */
const CustomAuthAccountSchema = v.object({
  type: v.literal('custom_auth'),
  custom_user_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(256)),
  issuer: v.pipe(v.string('the custom JWT issuer (iss) is required'), v.trim(), v.minLength(1), v.maxLength(512)),
})

/** A linked account of an imported user: the ones POST /api/v1/users takes, and custom_auth. */
export const ImportLinkedAccountSchema = v.variant('type', [NewLinkedAccountSchema, CustomAuthAccountSchema], 'type must be email, phone, wallet, farcaster, telegram or custom_auth')
export type ImportLinkedAccount = v.InferOutput<typeof ImportLinkedAccountSchema>

/** One user of an import. Embedded wallets can't be made for a user who isn't there (their key is made on their device). */
export const ImportUserSchema = v.object({
  linked_accounts: v.pipe(v.array(ImportLinkedAccountSchema), v.minLength(1, 'at least one linked account'), v.maxLength(MAX_CREATED_ACCOUNTS)),
  custom_metadata: v.optional(CustomMetadataSchema),
  create_ethereum_wallet: v.optional(v.literal(false, 'embedded wallets are made on the user’s device at their first login, not by an import')),
  create_solana_wallet: v.optional(v.literal(false, 'embedded wallets are made on the user’s device at their first login, not by an import')),
})
export type ImportUser = v.InferOutput<typeof ImportUserSchema>
/** One user of an import as a caller writes it (before the schema trims and lower-cases). */
export type ImportUserInput = v.InferInput<typeof ImportUserSchema>

/** POST /api/v1/users/import. Each row is checked on its own: a malformed one is reported, the others go on. */
export const ImportUsersBodySchema = v.object({
  users: v.pipe(v.array(v.unknown()), v.minLength(1, 'at least one user'), v.maxLength(MAX_IMPORT_USERS, `at most ${MAX_IMPORT_USERS} users a request`)),
  dry_run: v.optional(v.boolean()),
})

/** What became of one row: a new user, the user who already has all its accounts, a conflict, or a malformed row. */
export interface ImportResult {
  /** The row's place in the request (in the file, for the CLI). */
  index: number
  status: 'created' | 'existing' | 'conflict' | 'invalid'
  /** created / existing (absent in a dry run's `created`). */
  user_id?: string
  /** conflict / invalid: `{ field, message }`. */
  error?: { field?: string; message: string }
}

/** The answer of POST /api/v1/users/import. */
export interface ImportReport {
  results: ImportResult[]
  created: number
  existing: number
  conflicts: number
  invalid: number
  dry_run: boolean
}
