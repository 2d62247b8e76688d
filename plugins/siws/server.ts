import type { Context, Hono } from 'hono'
import { createNonceStore, defineServerPlugin, nonceTableSql } from '../../core/server/index.js'
import type { App, Db, ServerContext } from '../../core/server/index.js'
import { siwsPaths } from './api.js'
import {
  AuthenticateInputSchema,
  DEFAULT_MAX_WALLETS_PER_USER,
  InitInputSchema,
  LinkInputSchema,
  NONCE_TTL_SECONDS,
  SiwsAppConfigSchema,
  UnlinkInputSchema,
  type SiwsAppConfig,
} from './schema.js'
import { decodeBase58, SiwsError, SiwsMalformedError, verifySiws } from './server/verifySiws.js'

/**
 * Server half of Sign In With Solana: nonces bound to app and address (single use, 10 minutes, in the
 * database), message rules, ed25519 signatures. Accounts are `wallet` accounts with chainType 'solana'.
 */
export function siwsServer() {
  return defineServerPlugin({
    id: 'siws',
    appConfig: SiwsAppConfigSchema,
    migrations: [{ id: 'siws/001_nonces', sql: nonceTableSql('siws_nonces') }],
    rateLimits: {
      'siws.init.ip': { limit: 60, windowSeconds: 600 },
      'siws.authenticate.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      // Base58 addresses are case-sensitive: stored exactly as given.
      const nonces = createNonceStore(ctx, { table: 'siws_nonces', purpose: 'siws', ttlSeconds: NONCE_TTL_SECONDS })
      const sectionOf = (found: App): SiwsAppConfig => (found.plugins.siws ?? {}) as SiwsAppConfig
      const siwsApp = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!found.config.solana_wallet_auth) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with a Solana wallet is not allowed')
        return found
      }
      const invalid = (message: string) => new ctx.HttpError(401, 'invalid_credentials', message)
      const now = () => new Date(ctx.now())
      const address32 = (address: string) => {
        if (!decodeBase58(address, 32)) throw new ctx.HttpError(400, 'invalid_data', 'address: Invalid address')
      }

      /** Checks the message and signature (everything but the nonce); answers the address, nonce and account. */
      const verify = (found: App, input: { message: string; signature: string; walletClientType?: string | null | undefined; connectorType?: string | null | undefined }) => {
        let parsed
        try {
          parsed = verifySiws(input, { allowedOrigins: found.allowedOrigins, chainId: sectionOf(found).chain_id ?? 'mainnet', now: now() })
        } catch (error) {
          if (error instanceof SiwsMalformedError) throw new ctx.HttpError(400, 'invalid_data', error.message)
          if (error instanceof SiwsError) throw invalid(error.message)
          throw error
        }
        const account = {
          type: 'wallet',
          identifier: parsed.address,
          data: {
            address: parsed.address,
            chainType: 'solana',
            walletClientType: input.walletClientType ?? 'unknown',
            connectorType: input.connectorType ?? 'solana_adapter',
            imported: false,
            delegated: false,
            walletIndex: null,
          },
        }
        return { address: parsed.address, nonce: parsed.nonce, account }
      }

      /** Spends the nonce inside the caller's transaction: ours, for this app and address, unused, unexpired. A racing use loses. */
      const consume = async (tx: Db, appId: string, address: string, nonce: string) => {
        if (!(await nonces.consume(tx, appId, address, nonce))) throw invalid('Unknown, used or expired nonce')
      }

      app.post(siwsPaths.init, async (c) => {
        const found = siwsApp(c)
        const { address, token } = await ctx.body(c, InitInputSchema)
        await ctx.verifyCaptcha(c, token)
        address32(address)
        await ctx.enforceRateLimit('siws.init.ip', ctx.clientIp(c))
        return c.json({ nonce: await nonces.issue(found.id, address) })
      })

      app.post(siwsPaths.authenticate, async (c) => {
        const found = siwsApp(c)
        const input = await ctx.body(c, AuthenticateInputSchema)
        await ctx.enforceRateLimit('siws.authenticate.ip', ctx.clientIp(c))
        const { address, nonce, account } = verify(found, input)
        const result = await ctx.db.tx(async (tx) => {
          await consume(tx, found.id, address, nonce)
          return ctx.auth.login(c, { account, mode: input.mode, db: tx })
        })
        return c.json(result)
      })

      app.post(siwsPaths.link, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const found = siwsApp(c)
        const input = await ctx.body(c, LinkInputSchema)
        await ctx.enforceRateLimit('siws.authenticate.ip', ctx.clientIp(c))
        const { address, nonce, account } = verify(found, input)
        const user = await ctx.db.tx(async (tx) => {
          await consume(tx, found.id, address, nonce)
          return ctx.accounts.link(userId, account, { maxPerType: sectionOf(found).max_wallets_per_user ?? DEFAULT_MAX_WALLETS_PER_USER, db: tx })
        })
        return c.json(user)
      })

      app.post(siwsPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { address } = await ctx.body(c, UnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, 'wallet', address))
      })
    },
  })
}
