import type { Context, Hono } from 'hono'
import { createOtpCodes, defineServerPlugin, otpCodesTableSql } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { emailPaths } from './api.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  LinkInputSchema,
  TransferInputSchema,
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

/** Server half of the e-mail login: one-time codes sent by mail, then login, link, update, unlink. */
export function emailServer(options: EmailServerOptions = {}) {
  const ttl = options.codeTtlSeconds ?? 600
  const maxAttempts = options.maxAttempts ?? 5

  return defineServerPlugin({
    id: 'email',
    migrations: [{ id: 'email/001_codes', sql: otpCodesTableSql('email_codes') }],
    rateLimits: {
      'email.send.address': { limit: 5, windowSeconds: 600 },
      'email.send.ip': { limit: 30, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const codes = createOtpCodes(ctx, { table: 'email_codes', purpose: 'email', ttlSeconds: ttl, maxAttempts })

      const emailApp = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!found.config.email_auth) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with e-mail is not allowed')
        return found
      }

      // disable_plus_emails holds on every route that proves or stores an address, not only on init.
      const refusePlus = (c: Context, field: string, address: string) => {
        if (ctx.apps.of(c).config.disable_plus_emails && address.includes('+')) {
          throw new ctx.HttpError(400, 'invalid_data', `${field}: ${emailTexts.plusNotAllowed}`)
        }
      }

      const account = (address: string) => ({ type: 'email', identifier: address, data: { address } })

      app.post(emailPaths.init, async (c) => {
        const found = emailApp(c)
        const { email, token } = await ctx.body(c, InitInputSchema)
        await ctx.verifyCaptcha(c, token)
        refusePlus(c, 'email', email)
        await ctx.enforceRateLimit('email.send.ip', ctx.clientIp(c))
        await ctx.enforceRateLimit('email.send.address', `${found.id}:${email}`)
        const code = await codes.issue(found.id, email)
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
        refusePlus(c, 'email', email)
        const id = await codes.check(found.id, email, code)
        const result = await ctx.db.tx(async (tx) => {
          await codes.consume(tx, id)
          return ctx.auth.login(c, { account: account(email), mode, db: tx })
        })
        return c.json(result)
      })

      app.post(emailPaths.link, async (c) => {
        const { userId, appId } = await ctx.requireUser(c)
        const { email, code } = await ctx.body(c, LinkInputSchema)
        refusePlus(c, 'email', email)
        const id = await codes.check(appId, email, code)
        const user = await ctx.db.tx(async (tx) => {
          await codes.consume(tx, id)
          return ctx.accounts.link(userId, account(email), { db: tx, transfer: { account: { email } } })
        })
        return c.json(user)
      })

      app.post(emailPaths.update, async (c) => {
        const { userId, appId } = await ctx.requireUser(c)
        const { oldAddress, newAddress, code } = await ctx.body(c, UpdateInputSchema)
        refusePlus(c, 'newAddress', newAddress)
        const owner = await ctx.users.findAccountOwner(appId, 'email', oldAddress)
        if (owner !== userId) throw new ctx.HttpError(400, 'invalid_data', 'oldAddress: User has no such email account')
        const id = await codes.check(appId, newAddress, code)
        const user = await ctx.db.tx(async (tx) => {
          await codes.consume(tx, id)
          return ctx.accounts.replace(userId, oldAddress, account(newAddress), { db: tx })
        })
        return c.json(user)
      })

      app.post(emailPaths.transfer, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { email, nonce } = await ctx.body(c, TransferInputSchema)
        refusePlus(c, 'email', email)
        return c.json(await ctx.accounts.transfer(userId, { type: 'email', identifier: email }, nonce))
      })

      app.post(emailPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { address } = await ctx.body(c, UnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, 'email', address))
      })
    },
  })
}
