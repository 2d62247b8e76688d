import { fileURLToPath } from 'node:url'
import { defineServerPlugin } from '../../core/server/index.js'
import { recoveryPasswordErrorCodes } from './passwordConstants.js'
import { passwordGuardMigration } from './server/passwordGuards.js'
import { passwordMethodServer } from './server/passwordMethodServer.js'

// The server's side of the password's OPRF (RFC 9497): a key, and the evaluation of a blinded password under it.
export { oprfBlindEvaluate, randomOprfScalar } from './custody/recoveryOprf.js'
export { RECOVERY_PASSWORD_MAX_FAILURES, recoveryPasswordErrorCodes } from './passwordConstants.js'

const PLUGIN_ID = 'recovery-password'

/**
 * Password recovery, server half: the recovery page's half for `recoveryMethod: 'user-passcode'` (the password screens
 * and argon2id, loaded only when a password is set or used) and the password's part in embedded-wallet's recovery
 * routes: an OPRF key per wallet root (POST /api/v1/embedded_wallets/recovery_key), the verifier that releases the
 * shares (open_recovery_share), the evaluation counted as a guess on recovery_share and the lock after wrong passwords.
 * An app offers it with `"embedded-wallet": { user_owned_recovery_options: ['user-passcode'] }`; list it after
 * embeddedWalletServer() (its table references the wallet's roots). Without it, the server refuses password recovery.
 */
export function recoveryPasswordServer() {
  return defineServerPlugin({
    id: PLUGIN_ID,
    errorCodes: recoveryPasswordErrorCodes,
    migrations: [passwordGuardMigration],
    frame: {
      events: [],
      entry: fileURLToPath(new URL('./frame.ts', import.meta.url)),
      recovery: { methods: ['user-passcode'], server: passwordMethodServer() },
    },
    routes() {},
  })
}
