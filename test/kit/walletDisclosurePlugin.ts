import { defineServerPlugin } from '../../core/server/index.js'

/** The embedded wallet address the test plugin discloses. */
export const DISCLOSED_WALLET = '0x00000000000000000000000000000000000000Aa'

/**
 * Test-only stand-in for the embedded-wallet plugin (a later issue): discloses DISCLOSED_WALLET as the
 * embedded wallet of users with an account whose identifier starts with 'rich', through the real
 * `describeUserForTransfer` hook. The e2e loads it with FOYER_SERVER_PLUGINS.
 */
const walletDisclosurePlugin = defineServerPlugin({
  id: 'test-wallet-disclosure',
  async describeUserForTransfer(db, userId) {
    const rows = await db.query("SELECT 1 FROM linked_accounts WHERE user_id = $1 AND identifier LIKE 'rich%'", [userId])
    return rows.length ? { embedded_wallet_address: DISCLOSED_WALLET } : null
  },
  routes() {},
})

export default walletDisclosurePlugin
