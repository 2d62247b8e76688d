import { createHash, timingSafeEqual } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import type { Context, Hono } from 'hono'
import { basicCredentials, defineServerPlugin, refuseCrossSite } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { assertWalletFrameOrigin, walletRecords } from '../embedded-wallet/server.js'
import { openDelegationEnvelope, type DelegationBinding, type DelegationEnvelope } from './delegationEnvelope.js'
import { delegatedActionsFrameEvents } from './frameEvents.js'
import { DelegationConsentInputSchema, delegationFramePaths } from './frameApi.js'
import { DELEGATED_SOLANA_RPC_PATH, delegatedActionsPaths } from './api.js'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  DEFAULT_ALLOWED_PROGRAMS,
  DelegatedSolanaRpcInputSchema,
  delegatedActionsErrorCodes,
  delegatedActionsServerTexts as text,
  type DelegatedSolanaRpcResult,
} from './schema.js'
import { authorizationKeyOf, isAuthorizationSignatureValid, type AuthorizationKey } from './server/authorizationSignature.js'
import { DelegatedActionsAppConfigSchema, type DelegatedActionsAppConfig } from './server/delegatedActionsConfig.js'
import { checkDelegationKey, resolveDelegationKey, type DelegationKey } from './server/delegationKey.js'
import { delegatedActionsMigrations, delegationRecords as records } from './server/delegationRecords.js'
import { checkReplayHeaders, claimIdempotencyKey, IDEMPOTENCY_KEYS_TABLE, idempotencyKeyMigrations, replayHeadersOf, type ReplayHeaders } from './server/requestReplay.js'
import { DelegatedSignRefusal, signDelegatedMessage, signDelegatedTransaction } from './server/signWithDelegatedKey.js'

export {
  createAuthorizationSignature,
  createAuthorizationHeaders,
  canonicalJson,
  authorizationPayload,
  type AuthorizationPayload,
  type AuthorizationHeaders,
  type AuthorizationHeadersParameters,
} from './server/authorizationSignature.js'
export { DELEGATION_KEY_VAR, DEV_DELEGATION_KEY_FILE, checkDelegationKey, resolveDelegationKey, delegationKeyOf, type DelegationKey } from './server/delegationKey.js'
export { DelegatedActionsAppConfigSchema, type DelegatedActionsAppConfig } from './server/delegatedActionsConfig.js'

/** Options of the delegated-actions plugin's server half. */
export interface DelegatedActionsServerOptions {
  /** The delegation signer's x25519 private key (32 bytes, base64 or hex). Default FOYER_DELEGATION_KEY; dev generates one. */
  delegationKey?: string
  /**
   * The API's public origin as the host's back end calls it (`https://auth.example.com`): ES256 signatures cover the
   * full URL, checked against it as well as the URL the request arrived at. Default FOYER_API_ORIGIN.
   */
  apiOrigin?: string
  env?: Record<string, string | undefined>
}

const PLUGIN_ID = 'delegated-actions'
const EMBEDDED_WALLET_ID = 'embedded-wallet'
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/**
 * Delegated actions (Solana), server half. The user consents in the wallet frame, which seals that one wallet's key to
 * the server's delegation key (FOYER_DELEGATION_KEY) and posts it from the frame's origin; the host's back end then asks
 * POST /api/v1/delegated_actions/solana/rpc to sign for the wallet (HTTP Basic appId:secret with one of the app's app
 * secrets, `foyer app-secret create`, or the section's `app_secret`; or an ES256 authorization signature over the request, its expiry and its single-use idempotency key), within the app's
 * `allowed_programs`. POST /api/v1/wallets/revoke deletes every delegation
 * of the user at once. An app turns it on with a `"delegated-actions": { app_secret?, authorization_keys?, allowed_programs? }` section.
 */
export function delegatedActionsServer(options: DelegatedActionsServerOptions = {}) {
  const env = options.env ?? process.env
  return defineServerPlugin({
    id: PLUGIN_ID,
    // The consent seals the wallet's key in the wallet frame (frame.ts), loaded there at its first event.
    frame: { events: Object.values(delegatedActionsFrameEvents), entry: fileURLToPath(new URL('./frame.ts', import.meta.url)) },
    errorCodes: delegatedActionsErrorCodes,
    appConfig: DelegatedActionsAppConfigSchema,
    // The section's app secret: sealed in the app store, never read back.
    appSecretFields: ['app_secret'],
    migrations: [...delegatedActionsMigrations, ...idempotencyKeyMigrations],
    rateLimits: {
      'delegated_actions.consent.user': { limit: 10, windowSeconds: 600 },
      'delegated_actions.revoke.user': { limit: 30, windowSeconds: 600 },
      // The back end signs for many users: per wallet, and a ceiling per caller address for failed credentials.
      'delegated_actions.rpc.wallet': { limit: 120, windowSeconds: 60 },
      'delegated_actions.rpc.ip': { limit: 600, windowSeconds: 60 },
    },
    routes(app: Hono, ctx: ServerContext) {
      // Checked at start (production needs the key); dev mode's lives in the database, read on first use (again after a failed try).
      const keyOptions = { key: options.delegationKey, env, dev: ctx.config.dev, dataDir: ctx.config.dataDir, db: ctx.db, logger: ctx.logger }
      checkDelegationKey(keyOptions)
      let loading: Promise<DelegationKey> | null = null
      const delegationKey = () =>
        (loading ??= resolveDelegationKey(keyOptions).catch((error: unknown) => {
          loading = null
          throw error
        }))
      ctx.sweepExpired(IDEMPOTENCY_KEYS_TABLE)
      const apiOrigin = () => options.apiOrigin ?? env.FOYER_API_ORIGIN
      const at = () => new Date(ctx.now())
      // Never logs keys, envelopes, secrets or bodies: who, which wallet, what.
      const log = (what: string) => ctx.logger.info(`[delegated-actions] ${what} at ${at().toISOString()}`)
      const sectionOf = (c: Context): DelegatedActionsAppConfig => {
        const section = ctx.apps.of(c).plugins[PLUGIN_ID] as DelegatedActionsAppConfig | undefined
        if (section === undefined) throw new ctx.HttpError(403, 'delegated_actions_disabled', text.disabled)
        return section
      }
      const keysByApp = new Map<string, AuthorizationKey[]>()
      const authorizationKeys = (appId: string, section: DelegatedActionsAppConfig) => {
        let keys = keysByApp.get(appId)
        if (!keys) keysByApp.set(appId, (keys = (section.authorization_keys ?? []).map(authorizationKeyOf)))
        return keys
      }

      // The frame's calls: from the wallet frame's origin only (the host page's script never sees the key or its envelope).
      const frameOnly = async (c: Context, next: () => Promise<void>) => {
        refuseCrossSite(c)
        assertWalletFrameOrigin(c, ctx)
        if (ctx.apps.of(c).plugins[EMBEDDED_WALLET_ID] === undefined) throw new ctx.HttpError(403, 'delegated_actions_disabled', text.disabled)
        sectionOf(c)
        await next()
      }
      app.use(delegationFramePaths.signerKey, frameOnly)
      app.use(delegationFramePaths.consent, frameOnly)

      app.post(delegationFramePaths.signerKey, async (c) => {
        const { userId } = await ctx.auth.requireDeviceProof(c)
        const key = await delegationKey()
        return c.json({ public_key: Buffer.from(key.publicKey).toString('base64'), key_id: key.keyId, user_id: userId })
      })

      app.post(delegationFramePaths.consent, async (c) => {
        const appId = ctx.apps.of(c).id
        // Handing the server a key is as sensitive as signing: the frame's device proof, and a fresh MFA verification
        // when the user has MFA.
        const { userId } = await ctx.requireCustody(c)
        const input = await ctx.body(c, DelegationConsentInputSchema)
        await ctx.enforceRateLimit('delegated_actions.consent.user', userId)
        const wallet = await walletRecords.wallet(ctx.db, userId, input.address)
        if (!wallet || wallet.root.chain_type !== 'solana' || wallet.address !== input.address) {
          throw new ctx.HttpError(404, 'delegation_wallet_not_found', text.walletNotFound)
        }
        const key = await delegationKey()
        if (input.key_id !== key.keyId) throw new ctx.HttpError(400, 'invalid_delegation', text.keyChanged)
        const binding: DelegationBinding = { appId, userId, address: input.address }
        const envelope = input.envelope as DelegationEnvelope
        let secret: Uint8Array
        try {
          secret = await openDelegationEnvelope(envelope, key.privateKey, binding)
        } catch {
          throw new ctx.HttpError(400, 'invalid_delegation', text.invalidDelegation)
        }
        // The key must be the wallet's: its public key is the address.
        const matches = secret.length === 32 && bs58.encode(ed25519.getPublicKey(secret)) === input.address
        secret.fill(0)
        if (!matches) throw new ctx.HttpError(400, 'invalid_delegation', text.invalidDelegation)
        // One transaction: the sealed key and `delegated: true`, or neither.
        const user = await ctx.db.tx(async (tx) => {
          await walletRecords.lockUser(tx, userId)
          if (await records.find(tx, appId, input.address)) throw new ctx.HttpError(400, 'wallet_already_delegated', text.alreadyDelegated)
          await records.insert(tx, { appId, userId, address: input.address, keyId: key.keyId, envelope, at: at() })
          await ctx.events.emit('delegation.granted', { appId, userId, data: { user_id: userId, wallet: { address: input.address, chain_type: 'solana' } }, db: tx })
          return ctx.users.get(userId, tx)
        })
        log(`wallet ${input.address} delegated: user ${userId}, app ${appId}`)
        return c.json(user)
      })

      app.post(delegatedActionsPaths.revoke, async (c) => {
        sectionOf(c)
        const { userId } = await ctx.requireUser(c)
        await ctx.enforceRateLimit('delegated_actions.revoke.user', userId)
        const { user, count } = await ctx.db.tx(async (tx) => {
          await walletRecords.lockUser(tx, userId)
          const count = await records.revokeAll(tx, userId)
          if (count === 0) throw new ctx.HttpError(400, 'no_delegated_wallets', text.noDelegatedWallets)
          await ctx.events.emit('delegation.revoked', { appId: ctx.apps.of(c).id, userId, data: { user_id: userId, count }, db: tx })
          return { user: await ctx.users.get(userId, tx), count }
        })
        log(`${count} delegation(s) revoked: user ${userId}`)
        return c.json(user)
      })

      // The host's back end (no user present): sign with a delegated wallet of this app, within its program policy.
      app.post(DELEGATED_SOLANA_RPC_PATH, async (c) => {
        await ctx.enforceRateLimit('delegated_actions.rpc.ip', ctx.clientIp(c))
        // A server-to-server API: a page's script (which could carry the app secret only by leaking it) is refused.
        if (c.req.header('origin')) {
          c.header('Access-Control-Allow-Origin', undefined)
          c.header('Access-Control-Allow-Credentials', undefined)
          throw new ctx.HttpError(403, 'invalid_origin', text.browserRefused)
        }
        const found = ctx.apps.of(c)
        const section = sectionOf(c)
        let raw: unknown
        try {
          raw = JSON.parse(await c.req.text())
        } catch {
          throw new ctx.HttpError(400, 'invalid_data', 'Invalid JSON body')
        }
        const replay = replayHeadersOf(c)
        const via = await authenticated(c, found.id, section, raw, replay)
        if (!via) throw new ctx.HttpError(401, 'unauthorized', text.badCredentials)
        // After authentication: an unauthenticated caller learns nothing, and stores nothing.
        const fresh = checkReplayHeaders(replay, via === 'signature', ctx.now())
        const input = ctx.parse(DelegatedSolanaRpcInputSchema, raw)
        await ctx.enforceRateLimit('delegated_actions.rpc.wallet', `${found.id}:${input.address}`)
        // Spent from here on, whatever the answer: a refused request replayed later (after a delegation) stays refused.
        if (fresh.idempotencyKey) await claimIdempotencyKey(ctx.db, found.id, fresh.idempotencyKey, fresh.rememberUntil, ctx.now())

        const row = await records.find(ctx.db, found.id, input.address)
        if (!row) throw new ctx.HttpError(403, 'wallet_not_delegated', text.notDelegated)
        const key = await delegationKey()
        let secret: Uint8Array
        try {
          if (row.keyId !== key.keyId) throw new Error('rotated')
          secret = await openDelegationEnvelope(row.envelope, key.privateKey, { appId: row.appId, userId: row.userId, address: row.address })
        } catch {
          // A row this key can't open (rotated key, moved row): no signature, and nothing about it in the answer.
          ctx.logger.warn(`[delegated-actions] the delegation of wallet ${row.address} (app ${row.appId}) does not open with the current key`)
          throw new ctx.HttpError(403, 'wallet_not_delegated', text.notDelegated)
        }
        try {
          let result: DelegatedSolanaRpcResult
          if (input.method === 'signTransaction') {
            const signed = signDelegatedTransaction(secret, Buffer.from(input.params.transaction, 'base64'), section.allowed_programs ?? DEFAULT_ALLOWED_PROGRAMS)
            result = { method: 'signTransaction', data: { signed_transaction: Buffer.from(signed).toString('base64'), encoding: 'base64' } }
          } else {
            const signature = signDelegatedMessage(secret, Buffer.from(input.params.message, 'base64'))
            result = { method: 'signMessage', data: { signature: Buffer.from(signature).toString('base64'), encoding: 'base64' } }
          }
          log(`${input.method} for wallet ${row.address}: app ${found.id}`)
          return c.json(result)
        } catch (error) {
          if (!(error instanceof DelegatedSignRefusal)) throw error
          if (error.reason === 'program_not_allowed') throw new ctx.HttpError(403, 'program_not_allowed', `${text.programNotAllowed} (${error.message})`)
          if (error.reason === 'not_signer') throw new ctx.HttpError(400, 'invalid_data', text.notSigner)
          if (error.reason === 'transaction_shaped_message') throw new ctx.HttpError(400, 'invalid_data', text.transactionShapedMessage)
          throw new ctx.HttpError(400, 'invalid_data', `params.transaction: ${error.message}`)
        } finally {
          secret.fill(0)
        }
      })

      /** One of the app's secrets in the database (`foyer app-secret create`), checked by core for every back-end API. */
      const storedSecretHolds = async (c: Context, appId: string) => {
        try {
          return (await ctx.appSecrets.authenticate(c)) === appId
        } catch (error) {
          if (error instanceof ctx.HttpError && error.code === 'invalid_app_secret') return false
          throw error
        }
      }

      /**
       * HTTP Basic appId:secret, the secret being one of the app's app secrets (core's, in the database) or the section's
       * `app_secret` (constant-time), or an ES256 authorization signature by one of the app's keys over the request with
       * its replay headers as sent; null when none holds.
       */
      async function authenticated(c: Context, appId: string, section: DelegatedActionsAppConfig, body: unknown, replay: ReplayHeaders): Promise<'basic' | 'signature' | null> {
        if (/^Basic\s/i.test(c.req.header('authorization') ?? '')) {
          const basic = basicCredentials(c.req.header('authorization'))
          if (!basic) return null
          const idOk = timingSafeEqual(digest(basic.appId), digest(appId))
          const sectionOk = section.app_secret !== undefined && timingSafeEqual(digest(basic.secret), digest(section.app_secret))
          return idOk && (sectionOk || (await storedSecretHolds(c, appId))) ? 'basic' : null
        }
        const signature = c.req.header(AUTHORIZATION_SIGNATURE_HEADER)
        if (!signature) return null
        const keys = authorizationKeys(appId, section)
        if (!keys.length) return null
        const arrived = new URL(c.req.url)
        const urls = new Set([arrived.href])
        const origin = apiOrigin()
        if (origin) urls.add(new URL(`${arrived.pathname}${arrived.search}`, origin).href)
        const signed = { method: c.req.method, body, appId, idempotencyKey: replay.idempotencyKey, requestExpiry: replay.requestExpiry }
        return [...urls].some((url) => isAuthorizationSignatureValid(signature, { ...signed, url }, keys)) ? 'signature' : null
      }
    },
  })
}
