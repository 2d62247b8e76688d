import type { Context } from 'hono'
import type { Accounts } from './accounts.js'
import { enforceSignupPolicy } from './appPolicy.js'
import type { Db } from './db/Db.js'
import { rerunOnLostRace } from './db/retryLostRaces.js'
import { accountOf } from './events/accountOf.js'
import type { Events } from './events/createEvents.js'
import { HttpError } from './HttpError.js'
import { noteLogin } from './observability/noteLogin.js'
import type { Sessions } from './sessions.js'
import { accessTokenCookie } from './sessionCookies.js'
import { readDeviceBinding, type DeviceProofs } from './deviceKeys.js'
import type { Tokens } from './tokens.js'
import type { Apps, Auth } from './types.js'
import type { Users } from './users.js'

/** Builds the login service and the bearer check. */
export function createAuth(deps: {
  db: Db
  apps: Apps
  users: Users
  accounts: Accounts
  sessions: Sessions
  tokens: Tokens
  deviceProofs: DeviceProofs
  now: () => number
  events: Events
}): Auth {
  const { db: root, apps, users, sessions, tokens, deviceProofs, now, events } = deps
  /** The request's access token: the bearer header, or for apps in cookie mode the access-token cookie. */
  const accessTokenOf = (c: Context) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')
    // Apps in cookie mode also accept the access-token cookie (state-changing requests passed the CSRF check).
    const token = match ? match[1]! : accessTokenCookie(c, apps.of(c))
    if (!token) throw new HttpError(401, 'unauthorized', 'Missing access token')
    return token
  }
  const requireUser = async (c: Context) => {
    const app = apps.of(c)
    const token = accessTokenOf(c)
    const claims = await tokens.verifyAccessToken(token, app.id)
    if (!(await sessions.isActive(claims.sessionId))) throw new HttpError(401, 'unauthorized', 'Session has ended')
    return { userId: claims.userId, appId: app.id, sessionId: claims.sessionId, token }
  }
  return {
    async login(c, { account, mode = 'login-or-sign-up', db = root }) {
      const app = apps.of(c)
      // The wallet frame's device key, when the client sent one: custody calls of this session must be signed by it.
      const deviceJkt = await readDeviceBinding(c)
      const signIn = async (tx: Db) => {
        const at = new Date(now())
        let userId = await users.findAccountOwner(app.id, account.type, account.identifier, tx)
        const isNewUser = !userId
        if (userId) {
          await tx.query(
            'UPDATE linked_accounts SET latest_verified_at = $4 WHERE app_id = $1 AND type = $2 AND identifier = $3',
            [app.id, account.type, account.identifier, at],
          )
        } else {
          if (mode === 'no-signup' || app.disableSignup) {
            throw new HttpError(404, 'user_does_not_exist', 'User does not exist')
          }
          // Every login method signs up through here, so the app policy holds for all of them.
          await enforceSignupPolicy(app.policy, app.id, account, tx)
          userId = await users.create(app.id, tx, at)
          await users.releaseUnproven(app.id, account.type, account.identifier, tx)
          await tx.query(
            `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $6)`,
            [userId, app.id, account.type, account.identifier, JSON.stringify(account.data ?? {}), at],
          )
        }
        const session = await sessions.create({ userId, appId: app.id, deviceJkt }, tx)
        const user = await users.get(userId, tx)
        // In the login's transaction: a login rolled back (a lost race, an outer route's error) leaves no event.
        const data = { user_id: userId, account: accountOf(account), session_id: session.sessionId }
        if (isNewUser) await events.emit('user.created', { c, appId: app.id, userId, data, user, db: tx })
        await events.emit('user.authenticated', { c, appId: app.id, userId, data: { ...data, is_new_user: isNewUser }, user, db: tx })
        return {
          user,
          token: await tokens.signAccessToken({ userId, appId: app.id, sessionId: session.sessionId }),
          refresh_token: session.refreshToken,
          identity_token: await tokens.signIdentityToken({ userId, appId: app.id, linkedAccounts: user.linkedAccounts, customMetadata: user.customMetadata }),
          is_new_user: isNewUser,
          session_update_action: 'set' as const,
        }
      }
      // Two first logins of one new account raced on PostgreSQL and this one lost (its account insert met the winner's):
      // the mark makes the outermost transaction, a plugin's own or this one, run again from its start and find the user.
      const result = await db.tx(async (tx) => {
        try {
          return await signIn(tx)
        } catch (error) {
          throw rerunOnLostRace(error)
        }
      })
      // Counted (foyer_logins_total) once the request's answer is a success: an outer transaction may still fail.
      noteLogin(c, account.type)
      return result
    },

    async requireUser(c: Context) {
      const { token: _token, ...user } = await requireUser(c)
      return user
    },

    async requireDeviceProof(c: Context) {
      const { token, ...user } = await requireUser(c)
      await deviceProofs.verify(c, user.sessionId, token)
      return user
    },
  }
}
