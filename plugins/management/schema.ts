import * as v from 'valibot'

// The operator's routes (audit log, webhook endpoints, app secrets): paths, schemas and answers.
export * from './operationsSchema.js'

/**
 * The management REST API (issue 27): an app's back end manages the app's users with one of its app secrets (HTTP
 * Basic `appId:secret`, as Privy's REST API). Paths and shapes follow Privy's `/v1/users…` routes under `/api/v1`.
 */
export const managementPaths = {
  users: '/api/v1/users',
  user: '/api/v1/users/:id',
  byEmail: '/api/v1/users/email/address',
  byPhone: '/api/v1/users/phone/number',
  byWallet: '/api/v1/users/wallet/address',
  customMetadata: '/api/v1/users/:id/custom_metadata',
  revokeSessions: '/api/v1/users/:id/sessions/revoke',
} as const

/** Codes the management routes answer beyond core's (invalid_app_secret, invalid_data, too_many_requests, …). */
export const managementErrorCodes = ['user_not_found', 'account_already_linked'] as const

/** Largest page of GET /api/v1/users, and its default. */
export const MAX_USERS_PAGE = 100
/** Largest custom metadata object, as JSON (UTF-8 bytes). */
export const CUSTOM_METADATA_MAX_BYTES = 4096
/** Most linked accounts a created user may come with. */
export const MAX_CREATED_ACCOUNTS = 20

/** Unix seconds up to the end of year 9999 (what a timestamp column and an ISO date both hold). */
const Seconds = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'must be unix seconds'), v.transform(Number), v.maxValue(253_402_300_799, 'must be unix seconds'))

/** GET /api/v1/users: the query (strings, as a URL carries them). Times are unix seconds: created_after ≤ t < created_before. */
export const ListUsersQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(512))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be 1 to 100'), v.transform(Number), v.minValue(1, 'must be 1 to 100'), v.maxValue(MAX_USERS_PAGE, 'must be 1 to 100'))),
  created_after: v.optional(Seconds),
  created_before: v.optional(Seconds),
  /** A linked account type: users with at least one account of it. */
  login_method: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a linked account type'))),
  /** An e-mail address, phone number, wallet address, custom-JWT subject, Farcaster fid, Telegram id or user id: exact. */
  search: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(256))),
})

const EmailAddress = v.pipe(v.string(), v.trim(), v.maxLength(320), v.email('Invalid email address'), v.toLowerCase())
const PhoneNumber = v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(64))
const WalletAddress = v.pipe(v.string(), v.trim(), v.minLength(32), v.maxLength(64))

/** POST /api/v1/users/email/address */
export const EmailLookupSchema = v.object({ address: EmailAddress })
/** POST /api/v1/users/phone/number */
export const PhoneLookupSchema = v.object({ number: PhoneNumber })
/** POST /api/v1/users/wallet/address */
export const WalletLookupSchema = v.object({ address: WalletAddress })

/** Custom metadata: a flat JSON object of string, number and boolean values, at most 4 kB as JSON. */
export const CustomMetadataSchema = v.pipe(
  // A JSON object, not an array (valibot's record takes an array's indexes as keys).
  v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), 'must be an object'),
  v.record(v.pipe(v.string(), v.minLength(1), v.maxLength(256)), v.union([v.pipe(v.string(), v.maxLength(CUSTOM_METADATA_MAX_BYTES)), v.pipe(v.number(), v.finite()), v.boolean()], 'values must be strings, numbers or booleans')),
  v.check((value) => new TextEncoder().encode(JSON.stringify(value)).length <= CUSTOM_METADATA_MAX_BYTES, `at most ${CUSTOM_METADATA_MAX_BYTES} bytes as JSON`),
)
export type CustomMetadata = v.InferOutput<typeof CustomMetadataSchema>

/** POST /api/v1/users/:id/custom_metadata: replaces the user's custom metadata. */
export const SetCustomMetadataSchema = v.object({ custom_metadata: CustomMetadataSchema })

/** A linked account a created user comes with (Privy's shapes); wallets are external wallets (no keys move). */
export const NewLinkedAccountSchema = v.variant('type', [
  v.object({ type: v.literal('email'), address: EmailAddress }),
  v.object({ type: v.literal('phone'), number: PhoneNumber }),
  v.object({ type: v.literal('wallet'), chain_type: v.picklist(['ethereum', 'solana']), address: WalletAddress }),
  v.object({ type: v.literal('farcaster'), fid: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)), owner_address: v.optional(WalletAddress) }),
  v.object({ type: v.literal('telegram'), telegram_user_id: v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'must be digits')) }),
])
export type NewLinkedAccount = v.InferOutput<typeof NewLinkedAccountSchema>

/** POST /api/v1/users: a user with its linked accounts, created at once (pre-provisioning). */
export const CreateUserSchema = v.object({
  linked_accounts: v.pipe(v.array(NewLinkedAccountSchema), v.minLength(1, 'at least one linked account'), v.maxLength(MAX_CREATED_ACCOUNTS)),
  custom_metadata: v.optional(CustomMetadataSchema),
})

/** A user as the management API answers it (Privy's REST shape: snake_case, times in unix seconds). */
export interface ManagementUser {
  id: string
  created_at: number
  linked_accounts: Record<string, unknown>[]
  mfa_methods: { type: string }[]
  has_accepted_terms: boolean
  is_guest: boolean
  custom_metadata: CustomMetadata
  [field: string]: unknown
}

/** GET /api/v1/users: a page, and the cursor of the next one (null on the last). */
export interface ManagementUserPage {
  data: ManagementUser[]
  next_cursor: string | null
}
