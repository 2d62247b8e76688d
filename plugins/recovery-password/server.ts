import { fileURLToPath } from 'node:url'
import { defineServerPlugin } from '../../core/server/index.js'

const PLUGIN_ID = 'recovery-password'

/**
 * Password recovery, server half: the recovery page's half for `recoveryMethod: 'user-passcode'` (the password screens
 * and argon2id, loaded only when a password is set or used). The password's server side — the OPRF key per wallet root,
 * the verifier and the wrong-guess lock — is part of embedded-wallet's recovery routes, which every user-owned method
 * goes through. An app offers it with `"embedded-wallet": { user_owned_recovery_options: ['user-passcode'] }`.
 * embeddedWalletServer() brings it along.
 */
export function recoveryPasswordServer() {
  return defineServerPlugin({
    id: PLUGIN_ID,
    frame: { events: [], entry: fileURLToPath(new URL('./frame.ts', import.meta.url)), recovery: { methods: ['user-passcode'] } },
    routes() {},
  })
}
