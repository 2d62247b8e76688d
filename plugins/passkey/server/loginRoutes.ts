import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { passkeyPaths } from '../api.js'
import { AuthenticateInputSchema, InitInputSchema, RegistrationInputSchema } from '../schema.js'
import type { ChallengeStore } from './challengeStore.js'
import type { CredentialStore } from './credentialStore.js'
import type { PasskeyRequest } from './passkeyRequest.js'
import { verificationFailed, type WebauthnCeremonies } from './webauthnCeremonies.js'

/** What the passkey routes need besides the server context. */
export interface PasskeyRoutesDeps {
  challenges: ChallengeStore
  credentials: CredentialStore
  ceremonies: WebauthnCeremonies
  request: PasskeyRequest
}

/**
 * Passkey login without a session: POST /api/v1/passkeys/authenticate(/init) logs in with an existing
 * passkey, /register(/init) signs up with a new one. Neither result carries an identity_token (spec).
 */
export function loginRoutes(app: Hono, ctx: ServerContext, deps: PasskeyRoutesDeps): void {
  const { HttpError } = ctx
  const { challenges, credentials, ceremonies, request } = deps

  app.post(passkeyPaths.authenticateInit, async (c) => {
    request.app(c)
    await ctx.verifyCaptcha(c, (await ctx.body(c, InitInputSchema)).token)
    const rp = request.relyingParty(c)
    const challenge = await challenges.issue(c, 'authenticate', rp)
    return c.json({ relying_party: rp.rpId, options: await ceremonies.authenticationOptions(rp.rpId, challenge) })
  })

  app.post(passkeyPaths.authenticate, async (c) => {
    const found = request.app(c)
    const body = await ctx.body(c, AuthenticateInputSchema)
    const rp = request.relyingParty(c)
    const response = body.authenticator_response
    if (response.id !== response.raw_id) throw new HttpError(400, 'invalid_data', 'authenticator_response.raw_id: Must equal id')
    const row = await challenges.consume(c, body.challenge, { purpose: 'authenticate', relyingParty: body.relying_party, origin: rp.origin })
    const stored = await credentials.find(found.id, response.id)
    if (!stored) throw new HttpError(401, 'invalid_credentials', verificationFailed)
    const newCounter = await ceremonies.verifyAuthentication(response, body.challenge, row, stored)
    const result = await ctx.db.tx(async (tx) => {
      if (!(await credentials.recordUse(tx, response.id, Number(stored.counter), newCounter))) {
        throw new HttpError(401, 'invalid_credentials', verificationFailed)
      }
      if (!(await ctx.users.findAccountOwner(found.id, 'passkey', response.id, tx))) throw new HttpError(401, 'invalid_credentials', verificationFailed)
      return ctx.auth.login(c, { account: { type: 'passkey', identifier: response.id }, mode: 'no-signup', db: tx })
    })
    // The spec: a passkey login result has no identity_token.
    const { identity_token: _omitted, ...withoutIdentity } = result
    return c.json(withoutIdentity)
  })

  app.post(passkeyPaths.registerInit, async (c) => {
    const found = request.app(c)
    await ctx.verifyCaptcha(c, (await ctx.body(c, InitInputSchema)).token)
    const rp = request.relyingParty(c)
    if (found.disableSignup) throw new HttpError(404, 'user_does_not_exist', 'User does not exist')
    const userHandle = randomBytes(32).toString('base64url')
    const challenge = await challenges.issue(c, 'register', rp, { userHandle })
    const options = await ceremonies.registrationOptions({ name: found.name, rpId: rp.rpId }, challenge, { handle: userHandle, name: `${found.name} account` }, [])
    return c.json({ relying_party: rp.rpId, options })
  })

  app.post(passkeyPaths.register, async (c) => {
    const found = request.app(c)
    const body = await ctx.body(c, RegistrationInputSchema)
    const rp = request.relyingParty(c)
    const response = body.authenticator_response
    const challenge = ceremonies.challengeOf(response)
    const row = await challenges.consume(c, challenge, { purpose: 'register', relyingParty: body.relying_party, origin: rp.origin })
    const info = await ceremonies.verifyRegistration(response, challenge, row)
    const result = await ctx.db.tx(async (tx) => {
      await credentials.claim(tx, info, { appId: found.id, rpId: row.rp_id, userId: null, userHandle: row.user_handle! })
      const login = await ctx.auth.login(c, {
        account: { type: 'passkey', identifier: info.credential.id, data: request.accountData(c, info.credential.id, info.aaguid) },
        mode: 'login-or-sign-up',
        db: tx,
      })
      await credentials.setOwner(tx, info.credential.id, login.user.id)
      return login
    })
    const { identity_token: _omitted, ...withoutIdentity } = result
    return c.json(withoutIdentity)
  })
}
