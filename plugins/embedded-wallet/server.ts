import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { App, Db, ServerContext, ServerHook } from '../../core/server/index.js'
import { embeddedWalletPaths, frameEvents } from '../wallet-frame/index.js'
import { assertSameSite, frameListener, sameOrigin } from '../wallet-frame/server.js'
import { EmbeddedWalletAppConfigSchema, type EmbeddedWalletAppConfig } from './embeddedWalletAppConfig.js'
import { embeddedWalletErrorCodes } from './walletConstants.js'
import { createShareStore, type ShareStore } from './server/custody/shareStore.js'
import { identifierOf } from './server/custody/walletAddress.js'
import { createCustodyKit } from './server/custody/custodyKit.js'
import { recoveryRoutes } from './server/routes/recoveryRoutes.js'
import { walletRoutes } from './server/routes/walletRoutes.js'
import { checkWalletKeys, resolveWalletKeys } from './server/custody/walletKeys.js'
import { OWN_FRAME_HALF } from './server/ownFrameHalf.js'
import { tokenPriceRoute, type TokenPriceOptions } from '../wallet-transactions/server.js'
import { CUSTODY_NONCES_TABLE, embeddedWalletMigrations, walletRecords as records } from './server/custody/walletRecords.js'
import { walletFrameRoutes, warnUnservedRecoveryMethods } from './server/routes/recoverySlot.js'

export { createShareStore, ShareUnsealError, type SealedShare, type ShareKind, type ShareOwner, type ShareStore } from './server/custody/shareStore.js'
// For plugins whose frame half calls the server (delegated actions): the wallet frame's origin check, the wallet
// records, and Solana's wire format.
export { assertWalletFrameOrigin } from '../wallet-frame/server.js'
// For the recovery methods' server halves (recovery-google-drive, recovery-icloud, a third party's): the app's offer,
// the wallet frame's route guard, and the frame's callback page a login popup lands on.
export { assertRecoveryMethodOffered, recoveryOAuthFailed, recoveryOAuthNotConfigured, walletFrameRoutes } from './server/routes/recoverySlot.js'
// For a recovery method's server part in the recovery routes (recovery-password's, `frame.recovery.server`): its hooks'
// contract, the custody kit they get, the 400 unsupported_recovery_method they may answer, and the custody paths and
// bodies of the routes the wallet frame's vault calls for it (recovery_key, open_recovery_share).
export { unsupportedRecoveryMethod, type RecoveryMethodServer, type RecoveryShareRelease, type RecoverySlotCall, type SetRecoveryInput, type RecoveryShareInput } from './server/routes/recoverySlot.js'
export type { CustodyKit } from './server/custody/custodyKit.js'
export { embeddedWalletPaths } from '../wallet-frame/index.js'
export { OpenRecoveryShareInputSchema, RecoveryKeyInputSchema } from '../wallet-frame/index.js'
export { RECOVERY_OAUTH_CALLBACK_PATH } from '../wallet-frame/index.js'
export { walletRecords } from './server/custody/walletRecords.js'
export { readSolanaMessage, readSolanaTransaction, signerIndex, withSignature } from '../../core/client/wallets/solanaWire.js'
export { DEV_WALLET_KEYS_FILE, RECOVERY_KEK_VAR, WALLET_KEK_VAR, checkWalletKeys, parseKek, resolveWalletKeys, type ResolveWalletKeysOptions, type WalletKeys } from './server/custody/walletKeys.js'

/** Options of the embedded-wallet plugin's server half. */
export interface EmbeddedWalletServerOptions extends Pick<TokenPriceOptions, 'priceApiUrl'> {
  /** Auth-share key (32 bytes, base64 or hex). Default FOYER_WALLET_KEK; dev generates one and keeps it in the database. */
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
}

const PLUGIN_ID = 'embedded-wallet'
const paths = embeddedWalletPaths
const ROUTES = paths.create.replace(/\/create$/, '/*')
// External-wallet unlink routes: they must not drop an embedded wallet's account (its root would be left unusable).
const UNLINK_PATHS = new Set(['/api/v1/siwe/unlink', '/api/v1/siws/unlink'])
/** An app's origins other than the wallet frame's own (every app allows that one). */
const hostOrigins = (found: App, walletOrigin: string) => [...found.allowedOrigins].filter((origin) => !sameOrigin(origin, walletOrigin))


/**
 * Server half of embedded wallets (ARCHITECTURE §14): custody of each wallet root's auth share (AES-256-GCM under
 * FOYER_WALLET_KEK) and automatic-recovery share (under a per-root key wrapped by FOYER_RECOVERY_KEK), each wallet
 * as a linked account of type `wallet`, and the routes the wallet frame calls — from its own origin only.
 * An app turns it on with an `"embedded-wallet": { … }` section (`{}` for the defaults).
 */
export function embeddedWalletServer(options: EmbeddedWalletServerOptions = {}) {
  /**
   * The built-in custody backend. Keys given or missing in production are checked at start; dev mode's keys live in
   * the database, read on first use (and read again after a failed try: the database may have been away).
   */
  const defaultShareStore = (ctx: ServerContext): ShareStore => {
    const keyOptions = { walletKek: options.walletKek, recoveryKek: options.recoveryKek, dev: ctx.config.dev, dataDir: ctx.config.dataDir, db: ctx.db, logger: ctx.logger }
    checkWalletKeys(keyOptions)
    let store: Promise<ShareStore> | null = null
    const ready = () =>
      (store ??= resolveWalletKeys(keyOptions).then(createShareStore, (error: unknown) => {
        store = null
        throw error
      }))
    return {
      seal: async (owner, kind, share) => (await ready()).seal(owner, kind, share),
      open: async (owner, kind, sealed) => (await ready()).open(owner, kind, sealed),
    }
  }
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
    // A custody nonce names its user without a foreign key (the nonce table is core's shape): it goes with the user.
    async forgetUser(db: Db, userId: string) {
      await db.query(`DELETE FROM ${CUSTODY_NONCES_TABLE} WHERE address = $1`, [userId])
    },
    appConfig: EmbeddedWalletAppConfigSchema,
    publicConfig: (section, _app, server) => {
      const s = section as EmbeddedWalletAppConfig
      return {
        embedded_wallet_config: {
          create_on_login: s.create_on_login ?? 'off',
          // Only what a plugin of this server serves (recoveryPasswordServer(), …): routes warns about the others.
          user_owned_recovery_options: (s.user_owned_recovery_options ?? []).filter((m) => server.recoveryMethods?.includes(m) ?? true),
          require_user_owned_recovery_on_create: s.require_user_owned_recovery_on_create ?? false,
        },
        embedded_wallet_origin: server.walletOrigin,
      }
    },
    // The wallet's own frame half: Ethereum signing, loaded at a user's first Ethereum request (not with the kernel).
    frame: { events: [frameEvents.rpc], entry: OWN_FRAME_HALF.entry },
    migrations: embeddedWalletMigrations,
    rateLimits: {
      // A page load connects once; a reloading tab or a few devices stay far below.
      'embedded_wallets.auth_share.user': { limit: 60, windowSeconds: 600 },
      // Recovery hands out two shares' worth of the secret: a new device now and then, never a stream.
      'embedded_wallets.recover.user': { limit: 10, windowSeconds: 3600 },
      'embedded_wallets.write.user': { limit: 30, windowSeconds: 600 },
      // One nonce per custody write the wallet signs.
      'embedded_wallets.nonce.user': { limit: 60, windowSeconds: 600 },
      // One per password try: the OPRF evaluation (or, for a cloud key or an older password, the ciphertext). Besides
      // this hourly limit, a password wallet locks after wrong passwords in a row (recovery-password's server part).
      'embedded_wallets.recovery_share.user': { limit: 10, windowSeconds: 3600 },
      // Google Drive / iCloud logins of the recovery page: a few per backup or recovery.
      'embedded_wallets.recovery_oauth.user': { limit: 30, windowSeconds: 3600 },
    },
    describeUserForTransfer: async (db: Db, userId: string) => ({ embedded_wallet_address: await records.firstAddress(db, userId) }),
    hooks: { before: [unlinkGuard] },
    // An app edited in the console or through the management API meets the start's rule: in production, an app with
    // embedded wallets needs an origin on the wallet frame's site.
    checkApp(found: App, ctx: ServerContext) {
      const walletOrigin = ctx.config.walletOrigin
      if (!walletOrigin || ctx.config.dev || found.plugins[PLUGIN_ID] === undefined) return null
      try {
        assertSameSite(walletOrigin, found.id, hostOrigins(found, walletOrigin))
        return null
      } catch (error) {
        return `allowed_origins: ${(error as Error).message.replace(/^embedded-wallet: /, '')}`
      }
    },
    listeners: {
      // The wallet origin serves the frame page and its script only (its own port in dev, a subdomain in production).
      wallet(app: Hono, ctx: ServerContext) {
        const walletOrigin = ctx.config.walletOrigin
        if (walletOrigin) {
          for (const found of ctx.apps.list()) {
            if (found.plugins[PLUGIN_ID] === undefined) continue
            let cross: string[]
            try {
              cross = assertSameSite(walletOrigin, found.id, hostOrigins(found, walletOrigin))
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
        // A frame page only for the apps with embedded wallets on.
        return frameListener(apiOrigin, undefined, (found) => Boolean(found.plugins[PLUGIN_ID]))(app, ctx)
      },
    },
    routes(app: Hono, ctx: ServerContext) {
      // GET /api/v1/token_price: the transaction screens' fees in dollars (FOYER_PRICE_API_URL, cached a minute).
      tokenPriceRoute(options.priceApiUrl ? { priceApiUrl: options.priceApiUrl } : {})(app, ctx)
      const shares: ShareStore = options.shareStore ?? defaultShareStore(ctx)
      if (!ctx.config.walletOrigin) {
        ctx.logger.warn('[embedded-wallet] no wallet frame origin (FOYER_WALLET_ORIGIN / walletOrigin): the custody routes refuse every request')
      }
      // Only the frame's origin reaches these routes: shares must never be readable by a host page's script, so
      // any other Origin (or none) is refused before anything runs, and without the CORS headers the app guard set.
      // These are browser hints (a script sets any header): what a token thief can't pass is the device proof.
      app.use(ROUTES, walletFrameRoutes(ctx))

      warnUnservedRecoveryMethods(ctx, PLUGIN_ID)
      const kit = createCustodyKit(ctx, shares)
      walletRoutes(app, ctx, kit)
      recoveryRoutes(app, ctx, kit, PLUGIN_ID)
    },
  })
}
