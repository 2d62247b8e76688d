import type { Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { passkeyPaths } from '../api.js'
import { LinkInitInputSchema, MAX_PASSKEYS_PER_USER, RegistrationInputSchema, UnlinkInputSchema, passkeyTexts } from '../schema.js'
import type { PasskeyRoutesDeps } from './loginRoutes.js'

/**
 * Passkeys of a logged-in user: POST /api/v1/passkeys/link(/init) adds one (at most
 * MAX_PASSKEYS_PER_USER), /unlink removes one unless it is enrolled in MFA.
 */
export function linkRoutes(app: Hono, ctx: ServerContext, deps: PasskeyRoutesDeps): void {
  const { HttpError } = ctx
  const { challenges, credentials, ceremonies, request } = deps

  app.post(passkeyPaths.linkInit, async (c) => {
    const { userId } = await ctx.requireUser(c)
    const found = request.app(c)
    await ctx.body(c, LinkInitInputSchema)
    const rp = request.relyingParty(c)
    await credentials.lockAndCount(ctx.db, userId)
    const creds = await credentials.listOfUser(userId)
    // One user handle per user, so an authenticator files all of a user's passkeys under one account.
    const userHandle = creds[0]?.user_handle ?? ctx.secrets.hmac(`passkey-user\n${userId}`)
    const user = await ctx.getUser(userId)
    const email = user.linkedAccounts.find((a) => a.type === 'email') as { address?: string } | undefined
    const challenge = await challenges.issue(c, 'link', rp, { userId, userHandle })
    const options = await ceremonies.registrationOptions(
      { name: found.name, rpId: rp.rpId },
      challenge,
      { handle: userHandle, name: email?.address ?? `${found.name} account` },
      creds.map((cred) => ({ id: cred.credential_id, transports: cred.transports })),
    )
    return c.json({ relying_party: rp.rpId, options })
  })

  app.post(passkeyPaths.link, async (c) => {
    const { userId } = await ctx.requireUser(c)
    const found = request.app(c)
    const body = await ctx.body(c, RegistrationInputSchema)
    const rp = request.relyingParty(c)
    const response = body.authenticator_response
    const challenge = ceremonies.challengeOf(response)
    const row = await challenges.consume(c, challenge, { purpose: 'link', relyingParty: body.relying_party, origin: rp.origin, userId })
    const info = await ceremonies.verifyRegistration(response, challenge, row)
    const user = await ctx.db.tx(async (tx) => {
      await credentials.lockAndCount(tx, userId)
      await credentials.claim(tx, info, { appId: found.id, rpId: row.rp_id, userId, userHandle: row.user_handle! })
      const account = { type: 'passkey', identifier: info.credential.id, data: request.accountData(c, info.credential.id, info.aaguid) }
      return ctx.accounts.link(userId, account, { maxPerType: MAX_PASSKEYS_PER_USER, db: tx })
    })
    return c.json(user)
  })

  app.post(passkeyPaths.unlink, async (c) => {
    const { userId } = await ctx.requireUser(c)
    const { credential_id } = await ctx.body(c, UnlinkInputSchema)
    const user = await ctx.db.tx(async (tx) => {
      const [account] = await tx.query<{ data: { enrolledInMfa?: boolean } }>(
        "SELECT data FROM linked_accounts WHERE user_id = $1 AND type = 'passkey' AND identifier = $2 FOR UPDATE",
        [userId, credential_id],
      )
      if (!account) throw new HttpError(404, 'not_found', 'Account not found')
      if (account.data?.enrolledInMfa === true) throw new HttpError(400, 'passkey_enrolled_in_mfa', passkeyTexts.enrolledInMfa)
      const updated = await ctx.accounts.unlink(userId, 'passkey', credential_id, { db: tx })
      await credentials.remove(tx, credential_id, userId)
      return updated
    })
    return c.json(user)
  })
}
