/** Linked-account types that can never be transferred between users (§5). */
export const NON_TRANSFERABLE_ACCOUNT_TYPES = ['custom_auth', 'custom', 'guest', 'passkey'] as const
