import type { Context, Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { Db, ServerContext } from '../../core/server/index.js'
import { emailPaths } from './api.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  LinkInputSchema,
  UnlinkInputSchema,
  UpdateInputSchema,
  emailTexts,
} from './schema.js'

/** Options of the e-mail plugin's server half. */
export interface EmailServerOptions {
  /** How long a code stays valid. Default 600 (10 minutes). */
  codeTtlSeconds?: number
  /** Guesses allowed per code, right one included. Default 5. */
  maxAttempts?: number
}

const invalidCode = 'Invalid or expired verification code'

/** Server half of the e-mail login: one-time codes sent by mail, then login, link, update, unlink. */
export function emailServer(options: EmailServerOptions = {}) {
  const ttl = options.codeTtlSeconds ?? 600
  const maxAttempts = options.maxAttempts ?? 5

  return defineServerPlugin({
    id: 'email',
    migrations: [
      {
        id: 'email/001_codes',
        sql: `
CREATE TABLE email_codes (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  address text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX email_codes_lookup ON email_codes (app_id, address, created_at);`,
      },
    ],
    rateLimits: {
      'email.send.address': { limit: 5, windowSeconds: 600 },
      'email.send.ip': { limit: 30, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      // Bound to app and address, and keyed with the server secret: a 6-digit code can't hide behind a plain hash.
      const hashCode = (appId: string, address: string, code: string) => ctx.secrets.hmac(`email\n${appId}\n${address}\n${code}`)

      const emailApp = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!found.config.email_auth) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with e-mail is not allowed')
        return found
      }

      /** Counts one guess atomically, then compares; answers the code's id when right. */
      const checkCode = async (appId: string, address: string, code: string): Promise<string> => {
        const [live] = await ctx.db.query<{ id: string }>(
          `SELECT id FROM email_codes WHERE app_id = $1 AND address = $2 AND consumed_at IS NULL AND expires_at > $3
           ORDER BY created_at DESC, id DESC LIMIT 1`,
          [appId, address, new Date(ctx.now())],
        )
        if (!live) throw new ctx.HttpError(401, 'invalid_credentials', invalidCode)
        // The attempt is counted before the comparison, so a burst of parallel guesses can't pass the cap.
        const [counted] = await ctx.db.query<{ code_hash: string }>(
          `UPDATE email_codes SET attempts = attempts + 1
           WHERE id = $1 AND attempts < $2 AND consumed_at IS NULL RETURNING code_hash`,
          [live.id, maxAttempts],
        )
        if (!counted || !ctx.secrets.equal(counted.code_hash, hashCode(appId, address, code))) {
          throw new ctx.HttpError(401, 'invalid_credentials', invalidCode)
        }
        return live.id
      }

      /** Marks the code used inside the caller's transaction; a racing use of the same code loses. */
      const consume = async (tx: Db, id: string) => {
        const rows = await tx.query('UPDATE email_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING 1', [
          id,
          new Date(ctx.now()),
        ])
        if (!rows.length) throw new ctx.HttpError(401, 'invalid_credentials', invalidCode)
      }

      const account = (address: string) => ({ type: 'email', identifier: address, data: { address } })

      app.post(emailPaths.init, async (c) => {
        const found = emailApp(c)
        const { email } = await ctx.body(c, InitInputSchema)
        if (found.config.disable_plus_emails && email.includes('+')) {
          throw new ctx.HttpError(400, 'invalid_data', `email: ${emailTexts.plusNotAllowed}`)
        }
        await ctx.enforceRateLimit('email.send.ip', ctx.clientIp(c))
        await ctx.enforceRateLimit('email.send.address', `${found.id}:${email}`)
        const code = ctx.secrets.randomCode(6)
        const at = ctx.now()
        await ctx.db.tx(async (tx) => {
          // Only the newest code of an address is live.
          await tx.query(
            'UPDATE email_codes SET consumed_at = $3 WHERE app_id = $1 AND address = $2 AND consumed_at IS NULL',
            [found.id, email, new Date(at)],
          )
          await tx.query(
            'INSERT INTO email_codes (app_id, address, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
            [found.id, email, hashCode(found.id, email, code), new Date(at), new Date(at + ttl * 1000)],
          )
        })
        // Sent whether or not the address has a user: the answer must not tell them apart.
        await ctx.mailer.send({
          appId: found.id,
          to: email,
          subject: `Your login code for ${found.name}`,
          text: `${code} is your login code for ${found.name}. It expires in ${Math.round(ttl / 60)} minutes.`,
          code,
        })
        return c.json({ success: true })
      })

      app.post(emailPaths.authenticate, async (c) => {
        const found = emailApp(c)
        const { email, code, mode } = await ctx.body(c, AuthenticateInputSchema)
        const id = await checkCode(found.id, email, code)
        const result = await ctx.db.tx(async (tx) => {
          await consume(tx, id)
          return ctx.auth.login(c, { account: account(email), mode, db: tx })
        })
        return c.json(result)
      })

      app.post(emailPaths.link, async (c) => {
        const { userId, appId } = await ctx.requireUser(c)
        const { email, code } = await ctx.body(c, LinkInputSchema)
        const id = await checkCode(appId, email, code)
        const user = await ctx.db.tx(async (tx) => {
          await consume(tx, id)
          return ctx.accounts.link(userId, account(email), { db: tx })
        })
        return c.json(user)
      })

      app.post(emailPaths.update, async (c) => {
        const { userId, appId } = await ctx.requireUser(c)
        const { oldAddress, newAddress, code } = await ctx.body(c, UpdateInputSchema)
        const owner = await ctx.users.findAccountOwner(appId, 'email', oldAddress)
        if (owner !== userId) throw new ctx.HttpError(400, 'invalid_data', 'oldAddress: User has no such email account')
        const id = await checkCode(appId, newAddress, code)
        const user = await ctx.db.tx(async (tx) => {
          await consume(tx, id)
          return ctx.accounts.replace(userId, oldAddress, account(newAddress), { db: tx })
        })
        return c.json(user)
      })

      app.post(emailPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { address } = await ctx.body(c, UnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, 'email', address))
      })
    },
  })
}
