import * as v from 'valibot'
import { SOLANA_ADDRESS } from '../schema.js'
import { authorizationKeyOf } from './authorizationSignature.js'

/**
 * The app's server-only `"delegated-actions"` section: how its back end authenticates (an app secret for HTTP Basic
 * `appId:appSecret`, and/or P-256 keys for ES256 authorization signatures) and which Solana programs delegated wallets
 * may call. An app without the section has no delegated actions.
 */
export const DelegatedActionsAppConfigSchema = v.strictObject({
  app_secret: v.optional(v.pipe(v.string(), v.minLength(16, 'app_secret: at least 16 characters'), v.maxLength(512))),
  authorization_keys: v.optional(
    v.array(
      v.pipe(
        v.string(),
        v.check((text) => {
          try {
            authorizationKeyOf(text)
            return true
          } catch {
            return false
          }
        }, 'authorization_keys: each must be a P-256 public key (SPKI PEM or base64 DER)'),
      ),
    ),
  ),
  allowed_programs: v.optional(v.array(v.pipe(v.string(), v.regex(SOLANA_ADDRESS, 'allowed_programs: each must be a base58 program id')))),
})
export type DelegatedActionsAppConfig = v.InferOutput<typeof DelegatedActionsAppConfigSchema>
