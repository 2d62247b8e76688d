import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { defineServerPlugin } from '../../core/server/index.js'
import type { Db, ServerContext } from '../../core/server/index.js'
import { telegramPaths } from './api.js'
import {
  TelegramAppConfigSchema,
  TelegramAuthenticateInputSchema,
  TelegramAuthResultSchema,
  TelegramLinkInputSchema,
  TelegramTransferInputSchema,
  TelegramUnlinkInputSchema,
  type TelegramAppConfig,
} from './schema.js'
import { TelegramDataError, verifyTelegramWebApp, verifyTelegramWidget, type TelegramIdentity } from './server/verifyTelegram.js'

type AuthPayload = {
  telegram_auth_result?: v.InferOutput<typeof TelegramAuthResultSchema> | null | undefined
  telegram_web_app_data?: Record<string, unknown> | null | undefined
}

/** Server half of Telegram login: verifies Login Widget and Mini App data, then login, link, unlink. */
export function telegramServer() {
  return defineServerPlugin({
    id: 'telegram',
    appConfig: TelegramAppConfigSchema,
    // The bot token: sealed in the app store, never read back.
    appSecretFields: ['bot_token'],
    publicConfig: (section) => {
      const s = section as TelegramAppConfig
      return {
        telegram: true,
        telegram_auth_config: {
          // The bot id is the token's numeric prefix: public, the token's secret part is not.
          bot_id: s.bot_token.split(':')[0]!,
          bot_name: s.bot_name,
          link_enabled: s.link_enabled ?? true,
          seamless_auth_enabled: s.seamless_auth_enabled ?? false,
        },
        ...(s.widget_script_url ? { telegram_widget_script_url: s.widget_script_url } : {}),
      }
    },
    migrations: [
      {
        id: 'telegram/001_seen_hashes',
        sql: `
CREATE TABLE telegram_seen_hashes (
  app_id text NOT NULL,
  hash text NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (app_id, hash)
);
CREATE INDEX telegram_seen_hashes_age ON telegram_seen_hashes (seen_at);`,
      },
    ],
    rateLimits: {
      'telegram.authenticate.ip': { limit: 30, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const telegramApp = (c: Context) => {
        const found = ctx.apps.of(c)
        const section = found.plugins.telegram as TelegramAppConfig | undefined
        if (!section || !found.config.telegram) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with Telegram not allowed')
        return { found, section }
      }

      /** Verifies whichever payload came; a refusal is 401 invalid_credentials with a safe reason. */
      const verify = (section: TelegramAppConfig, body: AuthPayload): TelegramIdentity => {
        try {
          if (body.telegram_web_app_data) {
            if (!section.seamless_auth_enabled) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with Telegram not allowed')
            return verifyTelegramWebApp(body.telegram_web_app_data as Record<string, string>, section.bot_token, { now: ctx.now() })
          }
          const fields = Object.fromEntries(Object.entries(body.telegram_auth_result!).filter(([, value]) => value !== undefined)) as Record<string, string>
          return verifyTelegramWidget(fields, section.bot_token, { now: ctx.now() })
        } catch (error) {
          if (error instanceof TelegramDataError) throw new ctx.HttpError(401, 'invalid_credentials', `Invalid Telegram data: ${error.reason}`)
          throw error
        }
      }

      /** Records the hash inside the caller's transaction; a hash seen before loses (replay). */
      const markSeen = async (tx: Db, appId: string, hash: string) => {
        const at = ctx.now()
        // Hashes older than the freshness window can't come back (their auth_date is refused), so they go.
        await tx.query('DELETE FROM telegram_seen_hashes WHERE seen_at < $1', [new Date(at - 3600_000)])
        const rows = await tx.query(
          'INSERT INTO telegram_seen_hashes (app_id, hash, seen_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
          [appId, hash, new Date(at)],
        )
        if (!rows.length) throw new ctx.HttpError(401, 'invalid_credentials', 'Invalid Telegram data: replayed')
      }

      const account = (id: TelegramIdentity) => ({
        type: 'telegram',
        identifier: id.telegramUserId,
        data: { telegramUserId: id.telegramUserId, firstName: id.firstName, lastName: id.lastName, username: id.username, photoUrl: id.photoUrl },
      })

      /** The transfer body in the widget's shape (§7), whichever payload the link verified (a Mini App's too). */
      const transferInfo = (id: TelegramIdentity) => ({
        account: {
          telegram_auth_result: Object.fromEntries(
            Object.entries({
              id: id.telegramUserId,
              first_name: id.firstName,
              last_name: id.lastName,
              username: id.username,
              photo_url: id.photoUrl,
              auth_date: String(id.authDate),
              hash: id.hash,
            }).filter(([, value]) => value !== null),
          ),
        },
        displayName: id.username ? `@${id.username}` : (id.firstName ?? id.telegramUserId),
      })

      app.post(telegramPaths.authenticate, async (c) => {
        const { found, section } = telegramApp(c)
        const body = await ctx.body(c, TelegramAuthenticateInputSchema)
        await ctx.verifyCaptcha(c, body.captcha_token)
        await ctx.enforceRateLimit('telegram.authenticate.ip', ctx.clientIp(c))
        const identity = verify(section, body)
        const result = await ctx.db.tx(async (tx) => {
          await markSeen(tx, found.id, identity.hash)
          return ctx.auth.login(c, { account: account(identity), mode: body.mode, db: tx })
        })
        return c.json(result)
      })

      app.post(telegramPaths.link, async (c) => {
        const { found, section } = telegramApp(c)
        if (section.link_enabled === false) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with Telegram not allowed')
        const { userId } = await ctx.requireUser(c)
        const body = await ctx.body(c, TelegramLinkInputSchema)
        const identity = verify(section, body)
        const user = await ctx.db.tx(async (tx) => {
          await markSeen(tx, found.id, identity.hash)
          return ctx.accounts.link(userId, account(identity), { db: tx, transfer: transferInfo(identity) })
        })
        return c.json(user)
      })

      app.post(telegramPaths.transfer, async (c) => {
        const { userId } = await ctx.requireUser(c)
        telegramApp(c)
        const { telegram_auth_result, nonce } = await ctx.body(c, TelegramTransferInputSchema)
        return c.json(await ctx.accounts.transfer(userId, { type: 'telegram', identifier: telegram_auth_result.id }, nonce))
      })

      app.post(telegramPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { telegram_user_id } = await ctx.body(c, TelegramUnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, 'telegram', telegram_user_id))
      })
    },
  })
}
