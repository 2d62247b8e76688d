import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { defineServerPlugin } from '../../core/server/index.js'
import type { App, Db, ServerContext } from '../../core/server/index.js'
import { farcasterPaths, farcasterRelayPaths } from './api.js'
import {
  AuthenticateInputSchema,
  CHANNEL_TOKEN_HEADER,
  ChannelTokenSchema,
  FarcasterAppConfigSchema,
  farcasterErrorCodes,
  InitInputSchema,
  LinkInputSchema,
  RelayAuthenticateInputSchema,
  TransferInputSchema,
  UnlinkInputSchema,
  type FarcasterAppConfig,
} from './schema.js'
import { createIdRegistryResolver } from './server/idRegistryResolver.js'
import { SiwfError, verifySiwf, type ResolveCustody } from './server/verifySiwf.js'

/** Resolves a fid's custody address for an app (its section holds the RPC settings). */
export type FarcasterCustodyResolver = (fid: bigint, config: FarcasterAppConfig) => Promise<`0x${string}` | null>

/** Options of the Farcaster plugin's server half. */
export interface FarcasterServerOptions {
  /**
   * Custody lookup. Default: `custodyOf(fid)` on the ID registry through the app section's `rpc_url`
   * (OP mainnet public RPC when absent). Tests pass a fixture.
   */
  resolveCustody?: FarcasterCustodyResolver
}

const DEFAULT_RPC_URL = 'https://mainnet.optimism.io'
const DEFAULT_CONNECT_HOST = 'https://warpcast.com'
const DEFAULT_TTL_SECONDS = 300

interface ChannelRow {
  id: string
  app_id: string
  nonce: string
  domain: string
  siwe_uri: string
  state: 'pending' | 'completed'
  message: string | null
  signature: string | null
  fid: string | null
  username: string | null
  display_name: string | null
  pfp_url: string | null
  bio: string | null
}

/**
 * Server half of Sign In With Farcaster. It runs the channel relay itself (channels live in the
 * database), then verifies the signed message against the fid's custody address.
 */
export function farcasterServer(options: FarcasterServerOptions = {}) {
  const resolvers = new Map<string, ResolveCustody>()
  const defaultResolver: FarcasterCustodyResolver = (fid, config) => {
    const rpcUrl = config.rpc_url ?? DEFAULT_RPC_URL
    const registry = config.id_registry_address as `0x${string}` | undefined
    const key = `${rpcUrl}\n${registry ?? ''}`
    let resolve = resolvers.get(key)
    if (!resolve) {
      resolve = createIdRegistryResolver({ rpcUrl, ...(registry ? { registryAddress: registry } : {}) })
      resolvers.set(key, resolve)
    }
    return resolve(fid)
  }
  const resolveCustody = options.resolveCustody ?? defaultResolver

  return defineServerPlugin({
    id: 'farcaster',
    errorCodes: farcasterErrorCodes,
    appConfig: FarcasterAppConfigSchema,
    // The relay's auth key: sealed in the app store, never read back.
    appSecretFields: ['relay_key'],
    // The status call carries the channel token in this header (spec §7).
    requestHeaders: ['farcaster-channel-token'],
    // The section's presence enables the method (its key is also the spec's `farcaster` flag).
    publicConfig: () => ({ farcaster: true }),
    migrations: [
      {
        id: 'farcaster/001_channels',
        sql: `
CREATE TABLE farcaster_channels (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  app_id text NOT NULL,
  nonce text NOT NULL UNIQUE,
  domain text NOT NULL,
  siwe_uri text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'completed')),
  message text,
  signature text,
  fid bigint,
  username text,
  display_name text,
  pfp_url text,
  bio text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  consumed_at timestamptz
);
CREATE INDEX farcaster_channels_expiry ON farcaster_channels (expires_at);`,
      },
    ],
    rateLimits: {
      'farcaster.init.ip': { limit: 30, windowSeconds: 600 },
      'farcaster.status.ip': { limit: 600, windowSeconds: 600 },
      'farcaster.authenticate.ip': { limit: 30, windowSeconds: 600 },
      'farcaster.relay.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      // Channels are written once and read until they expire; core's sweep deletes them a day later.
      ctx.sweepExpired('farcaster_channels')
      const sectionOf = (found: App): FarcasterAppConfig => (found.plugins.farcaster ?? {}) as FarcasterAppConfig
      const farcasterApp = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!found.config.farcaster) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with Farcaster is not allowed')
        return found
      }
      const invalid = (message: string) => new ctx.HttpError(401, 'invalid_credentials', message)
      // Tokens are bearer secrets: only their hash is stored.
      const hashToken = (token: string) => ctx.secrets.sha256(`farcaster-channel\n${token}`)
      const now = () => new Date(ctx.now())

      /** A live (unexpired, unused) channel of the app, or null. */
      const liveChannel = async (token: string, appId: string | null, db: Db = ctx.db) => {
        const [row] = await db.query<ChannelRow>(
          `SELECT id, app_id, nonce, domain, siwe_uri, state, message, signature, fid::text AS fid, username, display_name, pfp_url, bio
           FROM farcaster_channels
           WHERE token_hash = $1 AND consumed_at IS NULL AND expires_at > $2 ${appId ? 'AND app_id = $3' : ''}`,
          appId ? [hashToken(token), now(), appId] : [hashToken(token), now()],
        )
        return row ?? null
      }

      /** The origin a channel is bound to: the page's (appGuard checked it), else the app's first. */
      const originFor = (c: Context, found: App) => {
        const origin = c.req.header('origin')?.replace(/\/+$/, '').toLowerCase()
        if (origin && found.allowedOrigins.has(origin)) return origin
        const [first] = found.allowedOrigins
        if (!first) throw new ctx.HttpError(400, 'invalid_data', 'The app has no allowed origin to sign in to')
        return first
      }

      /** Checks the request's message against its completed channel and verifies it; answers the account. */
      const verify = async (
        found: App,
        input: { channel_token: string; message: string; signature: string; fid: number },
      ) => {
        const channel = await liveChannel(input.channel_token, found.id)
        if (!channel) throw invalid('Unknown or expired channel')
        if (channel.state !== 'completed') throw invalid('Channel not completed')
        if (channel.message !== input.message || channel.signature !== input.signature || channel.fid !== String(input.fid)) {
          throw invalid('Message does not match the channel')
        }
        let custody: `0x${string}`
        try {
          ;({ custody } = await verifySiwf(
            { message: input.message, signature: input.signature as `0x${string}` },
            { nonce: channel.nonce, domain: channel.domain, uri: channel.siwe_uri, fid: input.fid, allowedOrigins: found.allowedOrigins, now: now() },
            (fid) => resolveCustody(fid, sectionOf(found)),
          ))
        } catch (error) {
          if (error instanceof SiwfError) throw invalid(error.message)
          ctx.logger.warn(`[farcaster] custody lookup failed: ${(error as Error).name}`)
          throw new ctx.HttpError(502, 'custody_lookup_failed', 'Could not read the Farcaster ID registry')
        }
        const account = {
          type: 'farcaster',
          identifier: String(input.fid),
          data: {
            fid: input.fid,
            ownerAddress: custody.toLowerCase(),
            username: channel.username,
            displayName: channel.display_name,
            pfp: channel.pfp_url,
            bio: channel.bio,
          },
        }
        return { channel, account }
      }

      /** Closes the channel inside the caller's transaction: its nonce is single use, a racing use loses. */
      const consume = async (tx: Db, id: string) => {
        const rows = await tx.query('UPDATE farcaster_channels SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING 1', [id, now()])
        if (!rows.length) throw invalid('Unknown or expired channel')
      }

      app.post(farcasterPaths.init, async (c) => {
        const found = farcasterApp(c)
        await ctx.verifyCaptcha(c, (await ctx.body(c, InitInputSchema)).token)
        await ctx.enforceRateLimit('farcaster.init.ip', ctx.clientIp(c))
        const section = sectionOf(found)
        const origin = originFor(c, found)
        const channelToken = ctx.secrets.random(32)
        // EIP-4361 nonces are alphanumeric: 128 random bits as hex.
        const nonce = ctx.secrets.sha256(ctx.secrets.random(32)).slice(0, 32)
        const createdAt = ctx.now()
        const expiresAt = new Date(createdAt + (section.channel_ttl_seconds ?? DEFAULT_TTL_SECONDS) * 1000)
        const domain = new URL(origin).host
        await ctx.db.query(
          `INSERT INTO farcaster_channels (token_hash, app_id, nonce, domain, siwe_uri, state, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)`,
          [hashToken(channelToken), found.id, nonce, domain, origin, new Date(createdAt), expiresAt],
        )
        // The Farcaster app's sign-in deep link (FIP-11): it builds the message from these parameters.
        const query = new URLSearchParams({ channelToken, nonce, siweUri: origin, domain, expirationTime: expiresAt.toISOString() })
        const host = (section.connect_host ?? DEFAULT_CONNECT_HOST).replace(/\/+$/, '')
        return c.json({ connect_uri: `${host}/~/sign-in-with-farcaster?${query}`, channel_token: channelToken })
      })

      app.get(farcasterPaths.status, async (c) => {
        const found = farcasterApp(c)
        const token = ctx.parse(ChannelTokenSchema, c.req.header(CHANNEL_TOKEN_HEADER) ?? '')
        await ctx.enforceRateLimit('farcaster.status.ip', ctx.clientIp(c))
        const channel = await liveChannel(token, found.id)
        if (!channel) throw new ctx.HttpError(404, 'not_found', 'Unknown or expired channel')
        if (channel.state === 'pending') return c.json({ state: 'pending', nonce: channel.nonce })
        return c.json({
          state: 'completed',
          nonce: channel.nonce,
          message: channel.message,
          signature: channel.signature,
          fid: Number(channel.fid),
          username: channel.username,
          display_name: channel.display_name,
          pfp_url: channel.pfp_url,
          bio: channel.bio,
        })
      })

      app.post(farcasterPaths.authenticate, async (c) => {
        const found = farcasterApp(c)
        const input = await ctx.body(c, AuthenticateInputSchema)
        await ctx.enforceRateLimit('farcaster.authenticate.ip', ctx.clientIp(c))
        const { channel, account } = await verify(found, input)
        const result = await ctx.db.tx(async (tx) => {
          await consume(tx, channel.id)
          return ctx.auth.login(c, { account, mode: input.mode, db: tx })
        })
        return c.json(result)
      })

      app.post(farcasterPaths.link, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const found = farcasterApp(c)
        const input = await ctx.body(c, LinkInputSchema)
        await ctx.enforceRateLimit('farcaster.authenticate.ip', ctx.clientIp(c))
        const { channel, account } = await verify(found, input)
        const transfer = { account: { farcaster_id: input.fid }, displayName: account.data.username ?? String(input.fid) }
        const user = await ctx.db.tx(async (tx) => {
          await consume(tx, channel.id)
          return ctx.accounts.link(userId, account, { db: tx, transfer })
        })
        return c.json(user)
      })

      app.post(farcasterPaths.transfer, async (c) => {
        const { userId } = await ctx.requireUser(c)
        farcasterApp(c)
        const { farcaster_id, nonce } = await ctx.body(c, TransferInputSchema)
        return c.json(await ctx.accounts.transfer(userId, { type: 'farcaster', identifier: String(farcaster_id) }, nonce))
      })

      app.post(farcasterPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { fid } = await ctx.body(c, UnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, 'farcaster', String(fid)))
      })

      // The relay call a Farcaster app makes once the user approved: the Farcaster Auth relay's
      // `POST /v1/channel/authenticate` (Authorization: Bearer <channel token>). It stores what the app
      // sends; the checks that matter run when the page authenticates.
      app.post(farcasterRelayPaths.authenticate, async (c) => {
        await ctx.enforceRateLimit('farcaster.relay.ip', ctx.clientIp(c))
        const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
        if (!bearer) throw new ctx.HttpError(401, 'unauthorized', 'Unauthorized')
        const input = await ctx.body(c, RelayAuthenticateInputSchema)
        const channel = v.is(ChannelTokenSchema, bearer) ? await liveChannel(bearer, null) : null
        if (!channel) throw new ctx.HttpError(401, 'unauthorized', 'Unauthorized')
        // Apps change live (the app store): a channel of an app deleted since is refused, not a 500.
        const channelApp = ctx.apps.get(channel.app_id)
        if (!channelApp) throw new ctx.HttpError(401, 'unauthorized', 'Unauthorized')
        const key = sectionOf(channelApp).relay_key
        if (key && !ctx.secrets.equal(c.req.header('x-farcaster-auth-relay-key') ?? '', key)) {
          throw new ctx.HttpError(401, 'unauthorized', 'Unauthorized')
        }
        // A channel completes once: whoever learns the token later can't swap in another account.
        const rows = await ctx.db.query(
          `UPDATE farcaster_channels SET state = 'completed', message = $2, signature = $3, fid = $4, username = $5,
             display_name = $6, pfp_url = $7, bio = $8, completed_at = $9
           WHERE id = $1 AND state = 'pending' RETURNING 1`,
          [channel.id, input.message, input.signature, input.fid, input.username ?? null, input.displayName ?? null, input.pfpUrl ?? null, input.bio ?? null, now()],
        )
        if (!rows.length) throw new ctx.HttpError(409, 'channel_completed', 'The channel is already completed')
        return c.json(
          {
            state: 'completed',
            nonce: channel.nonce,
            message: input.message,
            signature: input.signature,
            fid: input.fid,
            username: input.username ?? undefined,
            displayName: input.displayName ?? undefined,
            bio: input.bio ?? undefined,
            pfpUrl: input.pfpUrl ?? undefined,
          },
          201,
        )
      })
    },
  })
}
