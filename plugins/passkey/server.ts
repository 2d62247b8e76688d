import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { passkeyErrorCodes } from './schema.js'
import { createChallengeStore } from './server/challengeStore.js'
import { createCredentialStore } from './server/credentialStore.js'
import { linkRoutes } from './server/linkRoutes.js'
import { loginRoutes } from './server/loginRoutes.js'
import { createPasskeyRequest } from './server/passkeyRequest.js'
import { createWebauthnCeremonies } from './server/webauthnCeremonies.js'

/** Options of the passkey plugin's server half. */
export interface PasskeyServerOptions {
  /** How long a challenge stays valid. Default 300 (5 minutes). */
  challengeTtlSeconds?: number
  /** Bytes of randomness per challenge; at least 16. Default 32. */
  challengeBytes?: number
  /** WebAuthn ceremony timeout handed to the browser, in ms. Default 60000. */
  timeoutMs?: number
  /** 'required' (default) refuses assertions without user verification (PIN, biometrics). */
  userVerification?: 'required' | 'preferred'
  /** Extra AAGUID → provider names for the authenticator name. */
  authenticatorNames?: Record<string, string>
}

/** Server half of passkeys: login, signup, link and unlink with WebAuthn, verified by @simplewebauthn/server. */
export function passkeyServer(options: PasskeyServerOptions = {}) {
  const ttl = options.challengeTtlSeconds ?? 300
  const challengeBytes = Math.max(16, options.challengeBytes ?? 32)
  const timeout = options.timeoutMs ?? 60_000
  const userVerification = options.userVerification ?? 'required'

  return defineServerPlugin({
    id: 'passkey',
    errorCodes: passkeyErrorCodes,
    migrations: [
      {
        id: 'passkey/001_tables',
        sql: `
CREATE TABLE passkey_challenges (
  challenge_hash text PRIMARY KEY,
  app_id text NOT NULL,
  purpose text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  user_handle text,
  rp_id text NOT NULL,
  origin text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
CREATE TABLE passkey_credentials (
  credential_id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  user_handle text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]'::jsonb,
  aaguid text NOT NULL,
  rp_id text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkey_credentials_user ON passkey_credentials (user_id);`,
      },
    ],
    rateLimits: {
      'passkey.init.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const deps = {
        challenges: createChallengeStore(ctx, { ttlSeconds: ttl, challengeBytes }),
        credentials: createCredentialStore(ctx),
        ceremonies: createWebauthnCeremonies(ctx, { timeoutMs: timeout, userVerification }),
        request: createPasskeyRequest(ctx, options.authenticatorNames),
      }
      loginRoutes(app, ctx, deps)
      linkRoutes(app, ctx, deps)
    },
  })
}

/** For the passkey MFA method's server half (mfa-passkey): the users' passkeys, as the passkey routes keep them. */
export { createCredentialStore, type CredentialStore } from './server/credentialStore.js'
/** For the passkey MFA method's server half: the server side of the WebAuthn wire mappings (@simplewebauthn ↔ the spec's snake_case). */
export { requestOptionsToWire, authenticationResponseFromWire } from '../../core/protocol/webauthnWire.js'
