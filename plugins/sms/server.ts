import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { createOtpCodes, defineServerPlugin, otpCodesTableSql } from '../../core/server/index.js'
import type { App, ServerContext } from '../../core/server/index.js'
import { smsPaths } from './api.js'
import {
  SmsAuthenticateInputSchema,
  smsErrorCodes,
  SmsInitInputSchema,
  SmsLinkInputSchema,
  smsTexts,
  SmsTransferInputSchema,
  SmsUnlinkInputSchema,
  SmsUpdateInputSchema,
} from './schema.js'
import { isPhoneCountry, normalizePhoneNumber } from './server/normalizePhoneNumber.js'

/** Options of the SMS plugin's server half. */
export interface SmsServerOptions {
  /** How long a code stays valid. Default 600 (10 minutes). */
  codeTtlSeconds?: number
  /** Guesses allowed per code, right one included. Default 5. */
  maxAttempts?: number
}

/** The plugin's section of an app entry: `"sms": { "allowed_countries": ["US", "GB"] }`. Absent: every country. */
export const SmsAppConfigSchema = v.strictObject({
  allowed_countries: v.optional(
    v.array(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 code'), v.check(isPhoneCountry, 'Unknown country'))),
  ),
})
export type SmsAppConfig = v.InferOutput<typeof SmsAppConfigSchema>

const regionMessage = 'SMS authentication from this region is not available'

/** Server half of the SMS login: one-time codes sent by text message, then login, link, update, unlink. */
export function smsServer(options: SmsServerOptions = {}) {
  return defineServerPlugin({
    id: 'sms',
    errorCodes: smsErrorCodes,
    appConfig: SmsAppConfigSchema,
    migrations: [{ id: 'sms/001_codes', sql: otpCodesTableSql('sms_codes') }],
    rateLimits: {
      // Texts cost money: tighter per IP than e-mail.
      'sms.send.number': { limit: 5, windowSeconds: 600 },
      'sms.send.ip': { limit: 20, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const codes = createOtpCodes(ctx, {
        table: 'sms_codes',
        purpose: 'sms',
        ...(options.codeTtlSeconds !== undefined ? { ttlSeconds: options.codeTtlSeconds } : {}),
        ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
      })

      const smsApp = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!found.config.sms_auth) throw new ctx.HttpError(403, 'disallowed_login_method', 'Login with SMS is not allowed')
        return found
      }

      /** E.164 of a number the app accepts: valid (400 invalid_data) and from an allowed country (403 region_not_supported). */
      const number = (found: App, field: string, raw: string) => {
        const phone = normalizePhoneNumber(raw)
        if (!phone) throw new ctx.HttpError(400, 'invalid_data', `${field}: ${smsTexts.invalidPhone}`)
        const allowed = (found.plugins.sms as SmsAppConfig | undefined)?.allowed_countries
        if (allowed && !(phone.country && allowed.includes(phone.country))) {
          throw new ctx.HttpError(403, 'region_not_supported', regionMessage)
        }
        return phone.e164
      }
      /** E.164 of a number already stored (unlink, the old number of an update): no allowlist, it may have changed since. */
      const storedNumber = (field: string, raw: string) => {
        const phone = normalizePhoneNumber(raw)
        if (!phone) throw new ctx.HttpError(400, 'invalid_data', `${field}: ${smsTexts.invalidPhone}`)
        return phone.e164
      }

      const account = (e164: string) => ({ type: 'phone', identifier: e164, data: { number: e164 } })

      app.post(smsPaths.init, async (c) => {
        const found = smsApp(c)
        const body = await ctx.body(c, SmsInitInputSchema)
        await ctx.verifyCaptcha(c, body.token)
        const phoneNumber = number(found, 'phoneNumber', body.phoneNumber)
        await ctx.enforceRateLimit('sms.send.ip', ctx.clientIp(c))
        await ctx.enforceRateLimit('sms.send.number', `${found.id}:${phoneNumber}`)
        const code = await codes.issue(found.id, phoneNumber)
        // Sent whether or not the number has a user: the answer must not tell them apart.
        await ctx.sms.send({
          appId: found.id,
          to: phoneNumber,
          text: `${code} is your login code for ${found.name}. It expires in ${Math.round(codes.ttlSeconds / 60)} minutes.`,
          code,
        })
        return c.json({ success: true })
      })

      app.post(smsPaths.authenticate, async (c) => {
        const found = smsApp(c)
        const body = await ctx.body(c, SmsAuthenticateInputSchema)
        const phoneNumber = number(found, 'phoneNumber', body.phoneNumber)
        const id = await codes.check(found.id, phoneNumber, body.code)
        const result = await ctx.db.tx(async (tx) => {
          await codes.consume(tx, id)
          return ctx.auth.login(c, { account: account(phoneNumber), mode: body.mode, db: tx })
        })
        return c.json(result)
      })

      app.post(smsPaths.link, async (c) => {
        const { userId, appId } = await ctx.requireUser(c)
        const found = smsApp(c)
        const body = await ctx.body(c, SmsLinkInputSchema)
        const phoneNumber = number(found, 'phoneNumber', body.phoneNumber)
        const id = await codes.check(appId, phoneNumber, body.code)
        const user = await ctx.db.tx(async (tx) => {
          await codes.consume(tx, id)
          return ctx.accounts.link(userId, account(phoneNumber), { db: tx, transfer: { account: { phoneNumber } } })
        })
        return c.json(user)
      })

      app.post(smsPaths.update, async (c) => {
        const { userId, appId } = await ctx.requireUser(c)
        const found = smsApp(c)
        const body = await ctx.body(c, SmsUpdateInputSchema)
        const oldNumber = storedNumber('old_phone_number', body.old_phone_number)
        const newNumber = number(found, 'new_phone_number', body.new_phone_number)
        const owner = await ctx.users.findAccountOwner(appId, 'phone', oldNumber)
        if (owner !== userId) throw new ctx.HttpError(400, 'invalid_data', 'old_phone_number: User has no such phone account')
        const id = await codes.check(appId, newNumber, body.code)
        const user = await ctx.db.tx(async (tx) => {
          await codes.consume(tx, id)
          return ctx.accounts.replace(userId, oldNumber, account(newNumber), { db: tx })
        })
        return c.json(user)
      })

      app.post(smsPaths.transfer, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const found = smsApp(c)
        const body = await ctx.body(c, SmsTransferInputSchema)
        const phoneNumber = number(found, 'phoneNumber', body.phoneNumber)
        return c.json(await ctx.accounts.transfer(userId, { type: 'phone', identifier: phoneNumber }, body.nonce))
      })

      app.post(smsPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const body = await ctx.body(c, SmsUnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, 'phone', storedNumber('phoneNumber', body.phoneNumber)))
      })
    },
  })
}
