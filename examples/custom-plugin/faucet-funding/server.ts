// The plugin's server half, also written against the public subpath only (and viem, the example's own dependency).
import { defineServerPlugin, type ServerContext } from 'foyer/server'
import type { Hono } from 'hono'
import { createPublicClient, createWalletClient, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { FaucetFundInputSchema, faucetErrorCodes, faucetFundPath } from './schema.js'

/** Anvil's first dev account: the faucet key in dev when none is configured (never funded on a real chain). */
export const ANVIL_DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** Options of faucetFundingServer(); each defaults to an environment variable. */
export interface FaucetServerOptions {
  /** The faucet's key (FOYER_FAUCET_PRIVATE_KEY; in dev, anvil's first account). */
  privateKey?: string
  /** The chain's JSON-RPC URL (FOYER_FAUCET_RPC_URL; in dev, http://127.0.0.1:8545). Its chain is the only one served. */
  rpcUrl?: string
  /** Most one request may ask for, in the chain's currency (FOYER_FAUCET_MAX_AMOUNT, default '1'). */
  maxAmount?: string
}

/**
 * Sends test funds from a faucet key to one of the signed-in user's own wallets, on the one chain its RPC URL serves,
 * and answers once the transfer is mined. Rate limited per user.
 */
export function faucetFundingServer(options: FaucetServerOptions = {}) {
  return defineServerPlugin({
    id: 'faucet-funding',
    errorCodes: faucetErrorCodes,
    rateLimits: { 'faucet.fund.user': { limit: 10, windowSeconds: 3600 } },
    routes(app: Hono, ctx: ServerContext) {
      const dev = ctx.config.dev
      const key = options.privateKey ?? process.env.FOYER_FAUCET_PRIVATE_KEY ?? (dev ? ANVIL_DEV_KEY : undefined)
      const rpcUrl = options.rpcUrl ?? process.env.FOYER_FAUCET_RPC_URL ?? (dev ? 'http://127.0.0.1:8545' : undefined)
      const max = parseEther(options.maxAmount ?? process.env.FOYER_FAUCET_MAX_AMOUNT ?? '1')
      const account = key ? privateKeyToAccount(key as Hex) : null
      const reader = rpcUrl ? createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }) : null
      // One transfer at a time: the faucet's nonces stay in order.
      let queue: Promise<unknown> = Promise.resolve()

      app.post(faucetFundPath, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const input = await ctx.body(c, FaucetFundInputSchema)
        await ctx.enforceRateLimit('faucet.fund.user', userId)
        if (!account || !reader || !rpcUrl) throw new ctx.HttpError(503, 'faucet_unavailable', 'The faucet is not configured.')
        const user = await ctx.getUser(userId)
        const own = user.linkedAccounts.some((a) => a.type === 'wallet' && typeof a.address === 'string' && a.address.toLowerCase() === input.address.toLowerCase())
        if (!own) throw new ctx.HttpError(403, 'faucet_not_your_wallet', 'The faucet only funds your own wallets.')
        const value = parseEther(input.amount)
        if (value <= 0n || value > max) throw new ctx.HttpError(400, 'faucet_amount_too_large', 'The faucet cannot send that amount.')
        let chainId: number
        try {
          chainId = await reader.getChainId()
        } catch {
          throw new ctx.HttpError(503, 'faucet_unavailable', 'The faucet’s chain cannot be reached.')
        }
        if (chainId !== input.chainId) throw new ctx.HttpError(400, 'faucet_chain_not_supported', `The faucet serves chain ${chainId} only.`)
        const send = async () => {
          const chain = { id: chainId, name: `Chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
          const wallet = createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0 }) })
          const hash = await wallet.sendTransaction({ to: input.address as Hex, value })
          await reader.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 30_000 })
          return hash
        }
        const run = queue.then(send, send)
        queue = run.catch(() => undefined)
        try {
          return c.json({ hash: await run })
        } catch (error) {
          ctx.logger.warn(`faucet transfer failed: ${(error as Error).message}`)
          throw new ctx.HttpError(503, 'faucet_unavailable', 'The faucet could not send the funds.')
        }
      })
    },
  })
}
