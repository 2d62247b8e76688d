import type { Context, Hono } from 'hono'
import { createNonceStore, defineServerPlugin, nonceTableSql } from '../../core/server/index.js'
import type { App, Db, NonceCheck, ServerContext } from '../../core/server/index.js'
import { siwePaths } from './api.js'
import {
  AuthenticateInputSchema,
  DEFAULT_MAX_WALLETS_PER_USER,
  evmChainNumber,
  InitInputSchema,
  LinkInputSchema,
  LinkSmartWalletInputSchema,
  NONCE_TTL_SECONDS,
  SiweAppConfigSchema,
  siweErrorCodes,
  TransferInputSchema,
  UnlinkInputSchema,
  type SiweAppConfig,
} from './schema.js'
import { SiweError, SiweRpcError, verifySiwe, type VerifiedSiwe } from './server/verifySiwe.js'

/** Options of the SIWE plugin's server half. */
export interface SiweServerOptions {
  /** Nonce lifetime in seconds. Default 600 (10 minutes). */
  nonceTtlSeconds?: number
}

/** The 401 message per refused nonce: SIWE names the reason before the signature is even checked. */
const nonceMessages: Record<Exclude<NonceCheck, 'ok'>, string> = {
  unknown: 'Unknown nonce',
  used: 'Nonce already used',
  expired: 'Nonce expired',
  other_subject: 'Nonce was issued for another address',
}

/**
 * Server half of Sign-In With Ethereum: nonces in the database (128 random bits, bound to the app and
 * the address, single use, 10 minutes), EIP-4361 verification with viem (EOA and, per configured
 * chain, ERC-1271 / ERC-6492 contract wallets), login, link, unlink and smart-wallet link.
 */
export function siweServer(options: SiweServerOptions = {}) {
  const ttlSeconds = options.nonceTtlSeconds ?? NONCE_TTL_SECONDS
  return defineServerPlugin({
    id: 'siwe',
    errorCodes: siweErrorCodes,
    appConfig: SiweAppConfigSchema,
    migrations: [{ id: 'siwe/001_nonces', sql: nonceTableSql('siwe_nonces') }],
    rateLimits: {
      'siwe.init.ip': { limit: 60, windowSeconds: 600 },
      'siwe.init.address': { limit: 20, windowSeconds: 600 },
      'siwe.authenticate.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      // Addresses are stored lowercase: one nonce per address whatever the case the wallet wrote it in.
      const nonces = createNonceStore(ctx, { table: 'siwe_nonces', purpose: 'siwe', ttlSeconds })
      const sectionOf = (found: App): SiweAppConfig => (found.plugins.siwe ?? {}) as SiweAppConfig
      const walletApp = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!found.config.wallet_auth) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with a wallet is not allowed')
        return found
      }
      const invalid = (message: string) => new ctx.HttpError(401, 'invalid_credentials', message)
      const now = () => new Date(ctx.now())

      /** Verifies the message for the app; rule failures are 401 invalid_credentials naming the rule. */
      const verify = async (
        found: App,
        input: { message: string; signature: string; chainId?: string | number | undefined },
        options: { chains?: SiweAppConfig['chains']; ownerFallback?: boolean } = {},
      ) => {
        const chains = options.chains ?? sectionOf(found).chains
        try {
          return await verifySiwe(
            { message: input.message, signature: input.signature as `0x${string}` },
            {
              allowedOrigins: found.allowedOrigins,
              ...(chains ? { chains } : {}),
              ...(options.ownerFallback ? { ownerFallback: true } : {}),
              ...(input.chainId !== undefined ? { chainId: input.chainId } : {}),
              now: now(),
              async checkNonce(nonce, address) {
                const state = await nonces.check(found.id, address.toLowerCase(), nonce)
                if (state !== 'ok') throw new SiweError(nonceMessages[state])
              },
            },
          )
        } catch (error) {
          if (error instanceof SiweError) throw invalid(error.message)
          if (error instanceof SiweRpcError) {
            ctx.logger.warn(`[siwe] contract-wallet check failed: ${error.message}`)
            throw new ctx.HttpError(502, 'rpc_unavailable', 'Could not check the signature on chain')
          }
          throw error
        }
      }

      /** The siwe section's chains and the smart-wallets section's networks that name an rpc_url; null: any chain, EOA only. */
      const smartWalletChains = (found: App): SiweAppConfig['chains'] => {
        const networks = (found.plugins['smart-wallets'] as { configured_networks?: { chain_id: number; rpc_url?: string }[] } | undefined)?.configured_networks ?? []
        const own = sectionOf(found).chains
        if (!own && networks.length === 0) return undefined
        const chains: NonNullable<SiweAppConfig['chains']> = { ...own }
        for (const network of networks) {
          const id = String(network.chain_id)
          if (!chains[id]?.rpc_url) chains[id] = network.rpc_url ? { rpc_url: network.rpc_url } : { ...chains[id] }
        }
        return chains
      }

      /** Spends the nonce inside the caller's transaction: of parallel submissions one wins, the rest get 401. */
      const consume = async (tx: Db, found: App, verified: VerifiedSiwe) => {
        // checkNonce passed moments ago, so a refusal here is a parallel submission that spent it first.
        if (!(await nonces.consume(tx, found.id, verified.address.toLowerCase(), verified.nonce))) throw invalid('Nonce already used')
      }

      const walletAccount = (verified: VerifiedSiwe, meta: { walletClientType?: string | null | undefined; connectorType?: string | null | undefined }) => ({
        type: 'wallet',
        // One account per address and app whatever the case the wallet wrote it in.
        identifier: verified.address.toLowerCase(),
        data: {
          address: verified.address,
          chainType: 'ethereum',
          chainId: `eip155:${verified.chainId}`,
          walletClientType: meta.walletClientType ?? 'unknown',
          connectorType: meta.connectorType ?? 'injected',
          imported: false,
          delegated: false,
          walletIndex: null,
        },
      })

      app.post(siwePaths.init, async (c) => {
        const found = walletApp(c)
        const { address, token } = await ctx.body(c, InitInputSchema)
        await ctx.verifyCaptcha(c, token)
        const lower = address.toLowerCase()
        await ctx.enforceRateLimit('siwe.init.ip', ctx.clientIp(c))
        await ctx.enforceRateLimit('siwe.init.address', `${found.id}:${lower}`)
        return c.json({ nonce: await nonces.issue(found.id, lower) })
      })

      app.post(siwePaths.authenticate, async (c) => {
        const found = walletApp(c)
        const input = await ctx.body(c, AuthenticateInputSchema)
        await ctx.enforceRateLimit('siwe.authenticate.ip', ctx.clientIp(c))
        const verified = await verify(found, input)
        const account = walletAccount(verified, input)
        const result = await ctx.db.tx(async (tx) => {
          await consume(tx, found, verified)
          return ctx.auth.login(c, { account, mode: input.mode, db: tx })
        })
        return c.json(result)
      })

      app.post(siwePaths.link, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const found = walletApp(c)
        const input = await ctx.body(c, LinkInputSchema)
        await ctx.enforceRateLimit('siwe.authenticate.ip', ctx.clientIp(c))
        const verified = await verify(found, input)
        const maxPerType = sectionOf(found).max_wallets_per_user ?? DEFAULT_MAX_WALLETS_PER_USER
        const account = walletAccount(verified, input)
        const { address, chainId, walletClientType, connectorType } = account.data
        const transfer = { account: { address, chainId, walletClientType, connectorType }, displayName: address }
        const user = await ctx.db.tx(async (tx) => {
          await consume(tx, found, verified)
          return ctx.accounts.link(userId, account, { maxPerType, db: tx, transfer })
        })
        return c.json(user)
      })

      app.post(siwePaths.linkSmartWallet, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const found = walletApp(c)
        const input = await ctx.body(c, LinkSmartWalletInputSchema)
        await ctx.enforceRateLimit('siwe.authenticate.ip', ctx.clientIp(c))
        // Contract-wallet checks use the siwe section's chains, plus the RPC of each network of the app's
        // "smart-wallets" section (plugins/smart-wallets); a `simple` account (no ERC-1271) is checked by its owner().
        const verified = await verify(found, input, { chains: smartWalletChains(found), ownerFallback: input.smart_wallet_type === 'simple' })
        const account = {
          type: 'smart_wallet',
          identifier: verified.address.toLowerCase(),
          data: { address: verified.address, smartWalletType: input.smart_wallet_type },
        }
        const user = await ctx.db.tx(async (tx) => {
          await consume(tx, found, verified)
          return ctx.accounts.link(userId, account, { db: tx })
        })
        return c.json(user)
      })

      app.post(siwePaths.transfer, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const found = walletApp(c)
        const input = await ctx.body(c, TransferInputSchema)
        const maxPerType = sectionOf(found).max_wallets_per_user ?? DEFAULT_MAX_WALLETS_PER_USER
        // The nonce proves the wallet (its signature was checked by the link); the metadata describes how this user connects it.
        const data = {
          walletClientType: input.walletClientType,
          connectorType: input.connectorType,
          ...(input.chainId !== undefined ? { chainId: `eip155:${evmChainNumber(input.chainId)}` } : {}),
        }
        const account = { type: 'wallet', identifier: input.address.toLowerCase(), data }
        return c.json(await ctx.accounts.transfer(userId, account, input.nonce, { maxPerType }))
      })

      app.post(siwePaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { address } = await ctx.body(c, UnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, 'wallet', address.toLowerCase()))
      })
    },
  })
}
