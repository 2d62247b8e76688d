import type { RawUser } from '../../../core/protocol/index.js'
import type { CustomMetadata, ManagementUser } from '../schema.js'

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
const snakeKeys = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).map(([key, field]) => [snake(key), field]))

/**
 * The server's user (`ctx.getUser`, camelCase) in the shape of Privy's REST API: snake_case keys, linked accounts'
 * fields too (`verified_at`, `chain_type`, `owner_address`), MFA methods as `{ type }`, `custom_metadata` always there.
 */
export function toManagementUser(user: RawUser): ManagementUser {
  const { id, createdAt, linkedAccounts, mfaMethods, hasAcceptedTerms, isGuest, customMetadata, ...pluginFields } = user
  return {
    ...snakeKeys(pluginFields),
    id,
    created_at: createdAt,
    linked_accounts: linkedAccounts.map((account) => snakeKeys(account)),
    mfa_methods: mfaMethods.map((type) => ({ type })),
    has_accepted_terms: hasAcceptedTerms,
    is_guest: isGuest,
    custom_metadata: (customMetadata as CustomMetadata | undefined) ?? {},
  }
}
