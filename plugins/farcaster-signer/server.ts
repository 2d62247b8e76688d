import { fileURLToPath } from 'node:url'
import type { Context, Hono } from 'hono'
import type { LocalAccount } from 'viem/accounts'
import { defineServerPlugin } from '../../core/server/index.js'
import type { App, ServerContext } from '../../core/server/index.js'
import type { RawUser } from '../../core/protocol/index.js'
import { farcasterSignerPaths } from './api.js'
import { farcasterSignerFrameEvents } from './frameEvents.js'
import { farcasterSignerErrorCodes, farcasterSignerMessages, SignerKeyInputSchema } from './schema.js'
import { custodyAccountOf } from './server/custodyAccount.js'
import { FarcasterSignerAppConfigSchema, type FarcasterSignerAppConfig } from './server/farcasterSignerAppConfig.js'
import { signKeyRequest } from './server/signedKeyRequest.js'
import { approveSignerRequest, findSignerRequest, revokeSignerRequest, saveSignerRequest, signerRequestsMigration } from './server/signerRequests.js'
import { createSignedKeyRequest, getSignedKeyRequest, WARPCAST_API_URL, WarpcastApiError } from './server/warpcastSignerApi.js'

/** Options of the Farcaster signer plugin's server half. */
export interface FarcasterSignerServerOptions {
  /** Farcaster's API base URL when the app's section has no `api_url`; FOYER_FARCASTER_SIGNER_API_URL, default https://api.warpcast.com. */
  apiUrl?: string
  env?: Record<string, string | undefined>
}

const DEFAULT_DEADLINE_SECONDS = 86_400

/**
 * Farcaster signers, server half (§7): POST /api/v1/farcaster/signer/init signs a SignedKeyRequest for the wallet
 * frame's ed25519 key with the app's custody account and creates it at Farcaster's API (→ signer_approval_url);
 * POST /api/v1/farcaster/signer/status polls it and, once the user's own fid approved it, records the key as the
 * user's `farcaster.signerPublicKey`. Both need a signed-in user with an embedded Ethereum wallet and a Farcaster
 * account. An app enables signers with its server-only "farcaster-signer" section.
 */
export function farcasterSignerServer(options: FarcasterSignerServerOptions = {}) {
  const env = options.env ?? process.env
  const defaultApiUrl = options.apiUrl ?? env.FOYER_FARCASTER_SIGNER_API_URL ?? WARPCAST_API_URL
  const accounts = new Map<string, LocalAccount>()

  return defineServerPlugin({
    id: 'farcaster-signer',
    // The signer key is made and used in the wallet frame (frame.ts), loaded there at its first event.
    frame: { events: Object.values(farcasterSignerFrameEvents), entry: fileURLToPath(new URL('./frame.ts', import.meta.url)) },
    errorCodes: farcasterSignerErrorCodes,
    appConfig: FarcasterSignerAppConfigSchema,
    // The custody key: sealed in the app store, never read back.
    appSecretFields: ['custody_private_key', 'custody_mnemonic'],
    migrations: [signerRequestsMigration],
    rateLimits: {
      'farcaster-signer.init.user': { limit: 20, windowSeconds: 600 },
      'farcaster-signer.status.user': { limit: 400, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const now = () => new Date(ctx.now())
      const apiUrlOf = (section: FarcasterSignerAppConfig) => (section.api_url ?? defaultApiUrl).replace(/\/+$/, '')

      /** The app's section and custody account, or 503 farcaster_signer_not_configured. */
      const configured = (found: App) => {
        const section = found.plugins['farcaster-signer'] as FarcasterSignerAppConfig | undefined
        if (!section) throw new ctx.HttpError(503, 'farcaster_signer_not_configured', farcasterSignerMessages.notConfigured)
        let account = accounts.get(found.id)
        if (!account) {
          account = custodyAccountOf(section) ?? undefined
          if (!account) throw new ctx.HttpError(503, 'farcaster_signer_not_configured', farcasterSignerMessages.notConfigured)
          accounts.set(found.id, account)
        }
        return { section, account }
      }

      /** §5: an access token, an embedded Ethereum wallet and a Farcaster account; answers the user and the fid. */
      const signerUser = async (c: Context) => {
        const found = ctx.apps.of(c)
        const { userId } = await ctx.requireUser(c)
        const { section, account } = configured(found)
        const body = await ctx.body(c, SignerKeyInputSchema)
        const user = await ctx.getUser(userId)
        if (!hasEmbeddedEthereumWallet(user)) throw new ctx.HttpError(400, 'no_embedded_wallet', farcasterSignerMessages.noEmbeddedWallet)
        const fid = farcasterFidOf(user)
        if (fid === null) throw new ctx.HttpError(400, 'no_farcaster_account', farcasterSignerMessages.noFarcasterAccount)
        return { found, userId, section, account, publicKey: body.ed25519_public_key, fid }
      }

      const apiFailed = (error: unknown): never => {
        // Neither the request token nor the key goes to the log: only what failed.
        ctx.logger.warn(`[farcaster-signer] Farcaster's API failed: ${error instanceof WarpcastApiError ? error.message : (error as Error).name}`)
        throw new ctx.HttpError(502, 'farcaster_signer_api_failed', farcasterSignerMessages.apiFailed)
      }

      app.post(farcasterSignerPaths.init, async (c) => {
        const { found, userId, section, account, publicKey, fid } = await signerUser(c)
        await ctx.enforceRateLimit('farcaster-signer.init.user', userId)
        const existing = await findSignerRequest(ctx.db, userId, publicKey)
        // The same key asked again: an approved one stays approved, a live pending one keeps its approval URL.
        if (existing && existing.fid === String(fid)) {
          if (existing.state === 'approved') return c.json({ public_key: publicKey, status: 'approved' })
          if (existing.state === 'pending_approval' && existing.deadline.getTime() > ctx.now() + 60_000) {
            return c.json({ public_key: publicKey, status: 'pending_approval', signer_approval_url: existing.approval_url })
          }
        }
        const deadline = Math.floor(ctx.now() / 1000) + (section.deadline_seconds ?? DEFAULT_DEADLINE_SECONDS)
        const signature = await signKeyRequest(account, { requestFid: BigInt(section.request_fid), key: publicKey as `0x${string}`, deadline: BigInt(deadline) })
        const created = await createSignedKeyRequest(apiUrlOf(section), { key: publicKey, requestFid: section.request_fid, signature, deadline }).catch(apiFailed)
        if (!created.deeplinkUrl) return apiFailed(new WarpcastApiError('answered no deeplinkUrl'))
        await saveSignerRequest(ctx.db, { userId, appId: found.id, publicKey, fid, token: created.token, approvalUrl: created.deeplinkUrl, deadline: new Date(deadline * 1000), now: now() })
        return c.json({ public_key: publicKey, status: 'pending_approval', signer_approval_url: created.deeplinkUrl })
      })

      app.post(farcasterSignerPaths.status, async (c) => {
        const { userId, section, publicKey, fid } = await signerUser(c)
        await ctx.enforceRateLimit('farcaster-signer.status.user', userId)
        const request = await findSignerRequest(ctx.db, userId, publicKey)
        if (!request) throw new ctx.HttpError(404, 'not_found', farcasterSignerMessages.unknownSigner)
        if (request.state !== 'pending_approval') return c.json({ public_key: publicKey, status: request.state })
        if (request.deadline.getTime() <= ctx.now()) {
          await revokeSignerRequest(ctx.db, request.id)
          return c.json({ public_key: publicKey, status: 'revoked' })
        }
        const remote = await getSignedKeyRequest(apiUrlOf(section), request.token).catch((error: unknown) => {
          // Farcaster forgot the request: it won't be approved any more.
          if (error instanceof WarpcastApiError && error.status === 404) return null
          return apiFailed(error)
        })
        if (!remote) {
          await revokeSignerRequest(ctx.db, request.id)
          return c.json({ public_key: publicKey, status: 'revoked' })
        }
        if (remote.state === 'approved' || remote.state === 'completed') {
          // Only the user's own Farcaster account may approve the user's signer: another fid's approval is refused.
          if (remote.userFid !== fid || request.fid !== String(fid)) {
            await revokeSignerRequest(ctx.db, request.id)
            throw new ctx.HttpError(403, 'farcaster_signer_fid_mismatch', farcasterSignerMessages.fidMismatch)
          }
          await approveSignerRequest(ctx.db, { id: request.id, userId, fid, publicKey, now: now() })
          return c.json({ public_key: publicKey, status: 'approved' })
        }
        return c.json({ public_key: publicKey, status: 'pending_approval', signer_approval_url: request.approval_url })
      })
    },
  })
}

/** An embedded Ethereum wallet (walletClientType 'privy', the spec's wire value) among the user's accounts. */
function hasEmbeddedEthereumWallet(user: RawUser): boolean {
  return user.linkedAccounts.some((a) => a.type === 'wallet' && a.walletClientType === 'privy' && (a.chainType ?? 'ethereum') === 'ethereum')
}

/** The fid of the user's Farcaster account, or null. */
function farcasterFidOf(user: RawUser): number | null {
  const fid = Number(user.linkedAccounts.find((a) => a.type === 'farcaster')?.fid)
  return Number.isSafeInteger(fid) && fid > 0 ? fid : null
}
