import * as v from 'valibot'
import { UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'

/**
 * The host page's call (§7): POST /api/v1/wallets/revoke {} with the user's access token removes every delegation of
 * the user and answers the user (`delegated: false` on their wallets). Consent runs in the wallet frame instead
 * (frameApi.ts, called by the plugin's frame half), since only the frame holds the key.
 */
export const delegatedActionsApi = defineApi('/api/v1/wallets', {
  revoke: { input: v.strictObject({}), output: UserSchema, retry: false },
})

/** API paths of the delegated-actions plugin's host call. */
export const delegatedActionsPaths = apiPaths(delegatedActionsApi)

/** The back-end API (host server → Foyer, no user present): sign with a delegated Solana wallet. */
export const DELEGATED_SOLANA_RPC_PATH = '/api/v1/delegated_actions/solana/rpc'
