import { randomUUID } from 'node:crypto'
import { assertWalletFrameOrigin, sameOrigin } from './server/walletFrameOnly.js'
import type { Context, Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { Db, ServerContext, ServerHook } from '../../core/server/index.js'
import { embeddedWalletPaths } from './api.js'
import {
  AddWalletInputSchema,
  CreateWalletInputSchema,
  EMBEDDED_ETHEREUM_CHAIN_ID,
  EmbeddedWalletAppConfigSchema,
  embeddedWalletErrorCodes,
  SetAutomaticRecoveryInputSchema,
  SetRecoveryInputSchema,
  shareBytesOf,
  embeddedWalletServerErrorTexts,
  WalletRefInputSchema,
  type EmbeddedWalletAppConfig,
} from './schema.js'
import { createShareStore, type ShareStore } from './server/shareStore.js'
import { identifierOf, normalizeAddress, type NormalizedAddress } from './server/walletAddress.js'
import { resolveWalletKeys } from './server/walletKeys.js'
import { frameListener } from './server/frameListener.js'
import { tokenPriceRoute, type TokenPriceOptions } from './server/tokenPriceRoute.js'
import { assertSameSite } from './server/sameSite.js'
import { embeddedWalletMigrations, walletAccountData, walletRecords as records, type RootRow, type WalletRow } from './server/walletRecords.js'
import { frameCloudConfig, recoveryOAuthMigration, recoveryOAuthRoutes, resolveRecoveryCloud, type RecoveryCloudOptions } from './server/recoveryOAuthRoutes.js'

export { createShareStore, ShareUnsealError, type SealedShare, type ShareKind, type ShareOwner, type ShareStore } from './server/shareStore.js'
export { DEV_WALLET_KEYS_FILE, RECOVERY_KEK_VAR, WALLET_KEK_VAR, resolveWalletKeys, type WalletKeys } from './server/walletKeys.js'

/** Options of the embedded-wallet plugin's server half. */
export interface EmbeddedWalletServerOptions extends Pick<TokenPriceOptions, 'priceApiUrl'> {
  /** Auth-share key (32 bytes, base64 or hex). Default FOYER_WALLET_KEK; dev generates one into the data folder. */
  walletKek?: string
  /** Automatic-recovery key (32 bytes, base64 or hex). Default FOYER_RECOVERY_KEK; dev generates one likewise. */
  recoveryKek?: string
  /** A custody backend of your own (KMS, TEE) in place of the built-in AES-256-GCM one; the keys are then not read. */
  shareStore?: ShareStore
  /**
   * The API's public origin, where the frame sends its custody calls (its CSP's connect-src). Default
   * FOYER_API_ORIGIN; the frame page answers 500 saying so when neither is set.
   */
  apiOrigin?: string | (() => string | undefined)
  /**
   * Google Drive and iCloud recovery: the server's Google client (its secret stays here) and where Drive and CloudKit
   * are. Each field defaults to a FOYER_RECOVERY_* variable, then to Google's and Apple's real endpoints.
   */
  recoveryCloud?: RecoveryCloudOptions
}

const PLUGIN_ID = 'embedded-wallet'
const paths = embeddedWalletPaths
const ROUTES = paths.create.replace(/\/create$/, '/*')
// The cloud recovery logins: the wallet frame's too (their Drive token is for the frame only).
const RECOVERY_OAUTH_ROUTES = '/api/v1/recovery/oauth/*'
// External-wallet unlink routes: they must not drop an embedded wallet's account (its root would be left unusable).
const UNLINK_PATHS = new Set(['/api/v1/siwe/unlink', '/api/v1/siws/unlink'])


/**
 * Server half of embedded wallets (ARCHITECTURE §14): custody of each wallet root's auth share (AES-256-GCM under
 * FOYER_WALLET_KEK) and automatic-recovery share (under a per-root key wrapped by FOYER_RECOVERY_KEK), each wallet
 * as a linked account of type `wallet`, and the routes the wallet frame calls — from its own origin only.
 * An app turns it on with an `"embedded-wallet": { … }` section (`{}` for the defaults).
 */
export function embeddedWalletServer(options: EmbeddedWalletServerOptions = {}) {
  const cloud = resolveRecoveryCloud(options.recoveryCloud)
  const unlinkGuard: ServerHook = {
    matcher: (req) => req.method === 'POST' && UNLINK_PATHS.has(req.path),
    async handler(c, ctx) {
      let userId: string
      let address: unknown
      try {
        ;({ userId } = await ctx.requireUser(c))
        address = (JSON.parse(await c.req.text()) as { address?: unknown }).address
      } catch {
        return // the route itself answers a missing token or a malformed body
      }
      if (typeof address === 'string' && (await records.wallet(ctx.db, userId, identifierOf(address)))) {
        throw new ctx.HttpError(400, 'not_allowed', 'An embedded wallet cannot be unlinked.')
      }
    },
  }

  return defineServerPlugin({
    id: PLUGIN_ID,
    errorCodes: embeddedWalletErrorCodes,
    appConfig: EmbeddedWalletAppConfigSchema,
    publicConfig: (section, _app, server) => {
      const s = section as EmbeddedWalletAppConfig
      return {
        embedded_wallet_config: {
          create_on_login: s.create_on_login ?? 'off',
          user_owned_recovery_options: s.user_owned_recovery_options ?? [],
          require_user_owned_recovery_on_create: s.require_user_owned_recovery_on_create ?? false,
        },
        embedded_wallet_origin: server.walletOrigin,
      }
    },
    migrations: [...embeddedWalletMigrations, recoveryOAuthMigration],
    rateLimits: {
      // A page load connects once; a reloading tab or a few devices stay far below.
      'embedded_wallets.auth_share.user': { limit: 60, windowSeconds: 600 },
      // Recovery hands out two shares' worth of the secret: a new device now and then, never a stream.
      'embedded_wallets.recover.user': { limit: 10, windowSeconds: 3600 },
      'embedded_wallets.write.user': { limit: 30, windowSeconds: 600 },
      // A password-encrypted recovery share can be guessed at offline by whoever holds it: each fetch (one per
      // password try in the frame) counts, so a script driving the frame gets 10 guesses an hour, not millions.
      'embedded_wallets.recovery_share.user': { limit: 10, windowSeconds: 3600 },
      // Google Drive / iCloud logins of the recovery page: a few per backup or recovery.
      'embedded_wallets.recovery_oauth.user': { limit: 30, windowSeconds: 3600 },
    },
    describeUserForTransfer: async (db: Db, userId: string) => ({ embedded_wallet_address: await records.firstAddress(db, userId) }),
    hooks: { before: [unlinkGuard] },
    listeners: {
      // The wallet origin serves the frame page and its script only (its own port in dev, a subdomain in production).
      wallet(app: Hono, ctx: ServerContext) {
        const walletOrigin = ctx.config.walletOrigin
        if (walletOrigin) {
          for (const found of ctx.apps.list()) {
            if (found.plugins[PLUGIN_ID] === undefined) continue
            const hosts = [...found.allowedOrigins].filter((origin) => !sameOrigin(origin, walletOrigin))
            let cross: string[]
            try {
              cross = assertSameSite(walletOrigin, found.id, hosts)
            } catch (error) {
              // Production refuses to start; a dev server (its origins come from hints on a laptop) says so and runs.
              if (!ctx.config.dev) throw error
              ctx.logger.warn(`[${(error as Error).message}`.replace('[embedded-wallet: ', '[embedded-wallet] '))
              continue
            }
            if (cross.length) ctx.logger.warn(`[embedded-wallet] app ${found.id}: embedded wallets can't work on ${cross.join(', ')} (another site than ${walletOrigin})`)
          }
        }
        const apiOrigin = () => (typeof options.apiOrigin === 'function' ? options.apiOrigin() : options.apiOrigin) ?? process.env.FOYER_API_ORIGIN
        frameListener(apiOrigin, frameCloudConfig(cloud))(app, ctx)
      },
    },
    routes(app: Hono, ctx: ServerContext) {
      // GET /api/v1/token_price: the transaction screens' fees in dollars (FOYER_PRICE_API_URL, cached a minute).
      tokenPriceRoute(options.priceApiUrl ? { priceApiUrl: options.priceApiUrl } : {})(app, ctx)
      const shares: ShareStore =
        options.shareStore ??
        createShareStore(resolveWalletKeys({ walletKek: options.walletKek, recoveryKek: options.recoveryKek, dev: ctx.config.dev, dataDir: ctx.config.dataDir, logger: ctx.logger }))
      if (!ctx.config.walletOrigin) {
        ctx.logger.warn('[embedded-wallet] no wallet frame origin (FOYER_WALLET_ORIGIN / walletOrigin): the custody routes refuse every request')
      }
      const text = embeddedWalletServerErrorTexts
      const at = () => new Date(ctx.now())
      const log = (what: string, userId: string, rootId: string) =>
        ctx.logger.info(`[embedded-wallet] ${what}: user ${userId}, wallet root ${rootId}, at ${at().toISOString()}`)

      // Only the frame's origin reaches these routes: shares must never be readable by a host page's script, so
      // any other Origin (or none) is refused before anything runs, and without the CORS headers the app guard set.
      const frameOnly = async (c: Context, next: () => Promise<void>) => {
        assertWalletFrameOrigin(c, ctx)
        if (ctx.apps.of(c).plugins[PLUGIN_ID] === undefined) throw new ctx.HttpError(403, 'embedded_wallets_disabled', 'Embedded wallets are not enabled for this app')
        await next()
      }
      app.use(ROUTES, frameOnly)
      app.use(RECOVERY_OAUTH_ROUTES, frameOnly)
      recoveryOAuthRoutes(app, ctx, cloud, PLUGIN_ID)

      const address = (value: string, field: string): NormalizedAddress => {
        const normalized = normalizeAddress(value)
        if (!normalized) throw new ctx.HttpError(400, 'invalid_data', `${field}: Invalid address`)
        return normalized
      }
      /** Two shares of one split: same length, distinct non-zero x coordinates (their last byte). */
      const sharePair = (auth: string, recovery: string) => {
        const a = Buffer.from(auth, 'base64')
        const r = Buffer.from(recovery, 'base64')
        const x = (s: Buffer) => s[s.length - 1]!
        if (a.length !== r.length || x(a) === 0 || x(r) === 0 || x(a) === x(r)) {
          throw new ctx.HttpError(400, 'invalid_data', 'recovery_share: auth_share and recovery_share must be two shares of one split')
        }
        return { auth: new Uint8Array(a), recovery: new Uint8Array(r) }
      }
      /** The caller's wallet at `value`, else 404. */
      const walletOf = async (db: Db, userId: string, value: string) => {
        const wallet = await records.wallet(db, userId, identifierOf(value))
        if (!wallet) throw new ctx.HttpError(404, 'embedded_wallet_not_found', text.EMBEDDED_WALLET_NOT_FOUND)
        return wallet
      }
      /** Refuses an address that is already some account of type wallet in the app. */
      const addressFree = async (db: Db, appId: string, userId: string, wallet: NormalizedAddress) => {
        const owner = await records.accountOwner(db, appId, wallet.identifier)
        if (owner === userId) throw new ctx.HttpError(400, 'wallet_already_exists', 'This address is already linked to the user.')
        if (owner) throw new ctx.HttpError(400, 'linked_to_another_user', 'This account has already been linked to another user.')
      }
      const chainIdOf = (root: RootRow) => (root.chain_type === 'ethereum' ? EMBEDDED_ETHEREUM_CHAIN_ID : null)
      /** What the frame needs besides the shares: the root and its wallets. */
      const describe = async (db: Db, userId: string, wallet: WalletRow, mfaValidForMs: number | null = null) => ({
        root_id: wallet.root.id,
        chain_type: wallet.root.chain_type,
        imported: wallet.root.imported,
        recovery_method: wallet.root.recovery_method,
        wallet_index: wallet.walletIndex,
        wallets: (await records.rootWallets(db, userId, wallet.root.id)).map((w) => ({ address: w.address, wallet_index: w.walletIndex })),
        user_id: userId,
        // How long the frame may keep the rebuilt secret: the session's MFA window (none without MFA).
        mfa_valid_for_ms: mfaValidForMs,
      })
      const openShare = async (userId: string, rootId: string, kind: 'auth' | 'recovery') => {
        const sealed = await records.share(ctx.db, rootId, kind)
        if (!sealed) throw new Error(`Embedded wallet root ${rootId} has no ${kind} share`)
        return Buffer.from(await shares.open({ userId, rootId }, kind, sealed)).toString('base64')
      }

      app.post(paths.create, async (c: Context) => {
        const appId = ctx.apps.of(c).id
        const { userId } = await ctx.requireUser(c)
        const input = await ctx.body(c, CreateWalletInputSchema)
        const wallet = address(input.address, 'address')
        const pair = sharePair(input.auth_share, input.recovery_share)
        await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
        const root: RootRow = { id: randomUUID(), chain_type: input.chain_type, imported: input.imported, recovery_method: input.recovery_method }
        const owner = { userId, rootId: root.id }
        // Sealed before the transaction: a KMS backend's round trips hold no locks.
        const [auth, recovery] = await Promise.all([shares.seal(owner, 'auth', pair.auth), shares.seal(owner, 'recovery', pair.recovery)])
        // One transaction: a request cut off anywhere leaves no wallet, or a wallet with both shares stored.
        const user = await ctx.db.tx(async (tx) => {
          await records.lockUser(tx, userId)
          const roots = await records.roots(tx, userId)
          if (roots.some((r) => r.chain_type === root.chain_type)) throw new ctx.HttpError(400, 'wallet_already_exists', text.WALLET_ALREADY_EXISTS)
          if (root.chain_type === 'solana' && roots.some((r) => r.chain_type === 'ethereum' && r.recovery_method !== 'privy')) {
            throw new ctx.HttpError(400, 'solana_requires_privy_recovery', 'A Solana wallet needs automatic recovery on the Ethereum wallet')
          }
          await addressFree(tx, appId, userId, wallet)
          const now = at()
          await records.insertRoot(tx, { ...root, appId, userId, at: now })
          await records.putShare(tx, root.id, 'auth', auth, now)
          await records.putShare(tx, root.id, 'recovery', recovery, now)
          const data = walletAccountData({ address: wallet.address, root, walletIndex: 0, chainId: chainIdOf(root) })
          await records.insertAccount(tx, { userId, appId, identifier: wallet.identifier, data, at: now })
          return ctx.users.get(userId, tx)
        })
        log(`${root.chain_type} wallet created${root.imported ? ' (imported)' : ''}`, userId, root.id)
        return c.json(user)
      })

      app.post(paths.add, async (c: Context) => {
        const appId = ctx.apps.of(c).id
        const { userId } = await ctx.requireUser(c)
        const input = await ctx.body(c, AddWalletInputSchema)
        const next = address(input.new_address, 'new_address')
        await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
        const user = await ctx.db.tx(async (tx) => {
          await records.lockUser(tx, userId)
          const wallet = await walletOf(tx, userId, input.address)
          const { root } = wallet
          if (root.imported) throw new ctx.HttpError(400, 'invalid_wallet_index', 'An imported wallet has only walletIndex 0')
          if (next.chainType !== root.chain_type) throw new ctx.HttpError(400, 'invalid_data', `new_address: Not a ${root.chain_type} address`)
          const wallets = await records.rootWallets(tx, userId, root.id)
          const expected = Math.max(...wallets.map((w) => w.walletIndex)) + 1
          if (input.wallet_index !== expected) throw new ctx.HttpError(400, 'invalid_wallet_index', `wallet_index must be ${expected}, the next free index`)
          await addressFree(tx, appId, userId, next)
          const data = walletAccountData({ address: next.address, root, walletIndex: expected, chainId: chainIdOf(root) })
          await records.insertAccount(tx, { userId, appId, identifier: next.identifier, data, at: at() })
          return ctx.users.get(userId, tx)
        })
        return c.json(user)
      })

      /**
       * Releases shares of the caller's wallet root to the frame: after the MFA check (with an MFA method enrolled a
       * fresh verification, §14) and the route's per-user limit; logged without content.
       */
      const releaseShares = (path: string, limit: string, what: string, recovery: boolean) =>
        app.post(path, async (c: Context) => {
          const { userId, mfaValidForMs } = await ctx.requireMfa(c)
          const input = await ctx.body(c, WalletRefInputSchema)
          await ctx.enforceRateLimit(limit, userId)
          const wallet = await walletOf(ctx.db, userId, input.address)
          if (recovery && wallet.root.recovery_method !== 'privy') {
            // The client routes to the method's own screen (password, cloud backup) with this code.
            throw new ctx.HttpError(400, 'unsupported_recovery_method', 'This wallet is not recovered automatically', { recovery_method: wallet.root.recovery_method })
          }
          const answer = {
            ...(await describe(ctx.db, userId, wallet, mfaValidForMs)),
            auth_share: await openShare(userId, wallet.root.id, 'auth'),
            ...(recovery ? { recovery_share: await openShare(userId, wallet.root.id, 'recovery') } : {}),
          }
          log(what, userId, wallet.root.id)
          return c.json(answer)
        })
      releaseShares(paths.authShare, 'embedded_wallets.auth_share.user', 'auth share released', false)

      /**
       * User-owned recovery: the frame encrypted the root's recovery share under a key only the user can produce (a
       * password's argon2id key); it replaces the server-openable ciphertext and sets the method, in one transaction,
       * so the server holds no second share it can open. Logged without content.
       */
      app.post(paths.setRecovery, async (c: Context) => {
        const { userId } = await ctx.requireMfa(c)
        const input = await ctx.body(c, SetRecoveryInputSchema)
        await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
        const appConfig = ctx.apps.of(c).plugins[PLUGIN_ID] as EmbeddedWalletAppConfig | undefined
        if (!(appConfig?.user_owned_recovery_options ?? []).includes(input.recovery_method)) {
          throw new ctx.HttpError(400, 'recovery_method_not_enabled', `This app does not offer ${input.recovery_method} recovery`)
        }
        const { user, rootId } = await ctx.db.tx(async (tx) => {
          await records.lockUser(tx, userId)
          const roots = await records.roots(tx, userId)
          if (roots.some((r) => r.chain_type === 'solana')) throw new ctx.HttpError(400, 'user_owned_recovery_with_solana', text.USER_OWNED_RECOVERY_WITH_SOLANA)
          const { root } = await walletOf(tx, userId, input.address)
          const expected = Math.ceil((shareBytesOf(root.imported) + 16) / 3) * 4
          if (input.encrypted_recovery_share.ciphertext.length !== expected) {
            throw new ctx.HttpError(400, 'invalid_data', 'encrypted_recovery_share: ciphertext has the wrong length for this wallet')
          }
          const share = { ciphertext: input.encrypted_recovery_share.ciphertext, iv: input.encrypted_recovery_share.iv, method: input.recovery_method, kdf: input.kdf }
          await records.putUserRecoveryShare(tx, root.id, share, at())
          await records.setRecoveryMethod(tx, userId, root.id, input.recovery_method)
          return { user: await ctx.users.get(userId, tx), rootId: root.id }
        })
        log(`recovery set to ${input.recovery_method}`, userId, rootId)
        return c.json(user)
      })

      /**
       * Back to automatic recovery ('Automatically secure your account'): the frame, holding the unlocked wallet, sends
       * a share of its split; the server checks it pairs with the auth share, seals it under its own key in place of
       * the user-owned ciphertext and sets the method, in one transaction. Needs a fresh MFA verification like any
       * change of recovery.
       */
      app.post(paths.setAutomaticRecovery, async (c: Context) => {
        const { userId } = await ctx.requireMfa(c)
        const input = await ctx.body(c, SetAutomaticRecoveryInputSchema)
        await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
        const wallet = await walletOf(ctx.db, userId, input.address)
        const owner = { userId, rootId: wallet.root.id }
        const pair = sharePair(await openShare(userId, wallet.root.id, 'auth'), input.recovery_share)
        const sealed = await shares.seal(owner, 'recovery', pair.recovery)
        const user = await ctx.db.tx(async (tx) => {
          await records.lockUser(tx, userId)
          await records.putShare(tx, wallet.root.id, 'recovery', sealed, at())
          await records.setRecoveryMethod(tx, userId, wallet.root.id, 'privy')
          return ctx.users.get(userId, tx)
        })
        log('recovery set to privy (automatic)', userId, wallet.root.id)
        return c.json(user)
      })

      /**
       * User-owned recovery on a new device: the auth share and the encrypted recovery share with its KDF parameters;
       * the frame derives the key and decrypts. Every fetch counts against a small per-user limit (offline guessing).
       */
      app.post(paths.recoveryShare, async (c: Context) => {
        const { userId, mfaValidForMs } = await ctx.requireMfa(c)
        const input = await ctx.body(c, WalletRefInputSchema)
        await ctx.enforceRateLimit('embedded_wallets.recovery_share.user', userId)
        const wallet = await walletOf(ctx.db, userId, input.address)
        // Any user-owned method (a password, Google Drive, iCloud): the stored kdf says how the frame gets the key.
        const stored = wallet.root.recovery_method !== 'privy' ? await records.userRecoveryShare(ctx.db, wallet.root.id) : null
        if (!stored) {
          throw new ctx.HttpError(400, 'unsupported_recovery_method', 'This wallet has no user-owned recovery', { recovery_method: wallet.root.recovery_method })
        }
        const answer = {
          ...(await describe(ctx.db, userId, wallet, mfaValidForMs)),
          auth_share: await openShare(userId, wallet.root.id, 'auth'),
          encrypted_recovery_share: { ciphertext: stored.ciphertext, iv: stored.iv },
          kdf: stored.kdf,
        }
        log('auth share and encrypted recovery share released (user-owned recovery)', userId, wallet.root.id)
        return c.json(answer)
      })
      releaseShares(paths.recover, 'embedded_wallets.recover.user', 'auth and recovery shares released (automatic recovery)', true)
    },
  })
}
