import type { Context, Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { Db, ServerContext } from '../../core/server/index.js'
import {
  CreateUserSchema,
  EmailLookupSchema,
  ListUsersQuerySchema,
  MAX_USERS_PAGE,
  PhoneLookupSchema,
  SetCustomMetadataSchema,
  WalletLookupSchema,
  managementErrorCodes,
  managementPaths,
  type ManagementUser,
  type ManagementUserPage,
} from './schema.js'
import { phoneIdentifier, walletIdentifier } from './server/accountIdentifiers.js'
import { createManagedUser, storedAccounts } from './server/createManagedUser.js'
import { customMetadataStore } from './server/customMetadataStore.js'
import { importRateLimits, importRoutes } from './server/importRoutes.js'
import { managementMigrations } from './server/managementMigrations.js'
import { toManagementUser } from './server/toManagementUser.js'
import { accountOwner, listUserIds } from './server/userDirectory.js'

export { managementPaths, managementErrorCodes, type ManagementUser, type ManagementUserPage } from './schema.js'
export { usersCommand, USERS_USAGE } from './server/usersCommand.js'

const PLUGIN_ID = 'management'
const USER_ID_MAX_LENGTH = 128

/**
 * The management REST API, server half (issue 27): the app's back end reads, finds, creates and deletes the app's users,
 * revokes their sessions and sets their custom metadata, with one of the app's secrets (`foyer app-secret create`) as
 * HTTP Basic `appId:secret` plus the `foyer-app-id` header, the way Privy's REST API takes its app secret. Server to
 * server only: a request with an Origin (a page's script) is refused. Every route acts on the authenticated app's users
 * only; a user of another app is `user_not_found`.
 *
 * - GET    /api/v1/users/:id                      the user (Privy's REST user object: snake_case, unix seconds)
 * - GET    /api/v1/users?cursor&limit&created_after&created_before&login_method&search   `{ data, next_cursor }`
 * - POST   /api/v1/users/email/address {address}  /phone/number {number}  /wallet/address {address}   the user
 * - POST   /api/v1/users {linked_accounts, custom_metadata?}   pre-provisioning: the user, created atomically
 * - POST   /api/v1/users/import {users, dry_run?}  bulk import, a report per row (server/importRoutes.ts)
 * - DELETE /api/v1/users/:id                      204: the user with sessions, accounts, wallets' server shares
 * - POST   /api/v1/users/:id/sessions/revoke      `{ revoked_sessions }`: every session ends at once
 * - POST   /api/v1/users/:id/custom_metadata {custom_metadata}   replaces it; the user (also in the identity token)
 */
export function managementServer() {
  return defineServerPlugin({
    id: PLUGIN_ID,
    errorCodes: managementErrorCodes,
    migrations: managementMigrations,
    rateLimits: {
      // Per app once its secret checks (about 100 a second); per address before, so bad secrets can't spend an app's.
      'management.app': { limit: 6000, windowSeconds: 60 },
      'management.ip': { limit: 6000, windowSeconds: 60 },
      ...importRateLimits,
    },
    // The user object every route sends (the host page's too) carries the custom metadata once it is set.
    async userFields(db: Db, userId: string) {
      const metadata = await customMetadataStore.get(db, userId)
      return metadata ? { customMetadata: metadata } : {}
    },
    routes(app: Hono, ctx: ServerContext) {
      const notFound = () => new ctx.HttpError(404, 'user_not_found', 'User not found')

      /** Every route first: no browser, the address's limit, the app secret, then the app's limit. Answers the app id. */
      const authenticate = async (c: Context) => {
        if (c.req.header('origin')) {
          c.header('Access-Control-Allow-Origin', undefined)
          c.header('Access-Control-Allow-Credentials', undefined)
          throw new ctx.HttpError(403, 'invalid_origin', 'The management API is for your back end: an app secret never belongs in a page')
        }
        await ctx.enforceRateLimit('management.ip', ctx.clientIp(c))
        const appId = await ctx.appSecrets.authenticate(c)
        await ctx.enforceRateLimit('management.app', appId)
        return appId
      }

      /**
       * The app's user `userId` as the API sends it; 404 user_not_found for none (or another app's). `listed`: the id
       * comes from the app's own listing, so its app needs no second look.
       */
      const appUser = async (appId: string, userId: string, db: Db = ctx.db, listed = false): Promise<ManagementUser> => {
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        if (!listed && !(await db.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2', [userId, appId])).length) throw notFound()
        try {
          return toManagementUser(await ctx.users.get(userId, db))
        } catch (error) {
          // Deleted between the two reads.
          if (error instanceof ctx.HttpError && error.code === 'unauthorized') throw notFound()
          throw error
        }
      }
      const ownerOrNotFound = async (appId: string, owner: Promise<string | null>) => {
        const userId = await owner
        if (!userId) throw notFound()
        return appUser(appId, userId)
      }

      importRoutes(app, ctx, authenticate)

      app.get(managementPaths.users, async (c) => {
        const appId = await authenticate(c)
        const query = ctx.parse(ListUsersQuerySchema, c.req.query())
        const { ids, nextCursor } = await listUserIds(ctx.db, ctx.secrets, appId, {
          cursor: query.cursor,
          limit: query.limit ?? MAX_USERS_PAGE,
          createdAfter: query.created_after,
          createdBefore: query.created_before,
          loginMethod: query.login_method,
          search: query.search,
        })
        const data: ManagementUser[] = []
        for (const id of ids) {
          try {
            data.push(await appUser(appId, id, ctx.db, true))
          } catch (error) {
            // Deleted since the page was read: left out, as a later page would.
            if (!(error instanceof ctx.HttpError && error.code === 'user_not_found')) throw error
          }
        }
        return c.json({ data, next_cursor: nextCursor } satisfies ManagementUserPage)
      })

      app.get(managementPaths.user, async (c) => {
        const appId = await authenticate(c)
        return c.json(await appUser(appId, c.req.param('id')))
      })

      app.post(managementPaths.byEmail, async (c) => {
        const appId = await authenticate(c)
        const { address } = await ctx.body(c, EmailLookupSchema)
        return c.json(await ownerOrNotFound(appId, accountOwner(ctx.db, appId, 'email', address)))
      })

      app.post(managementPaths.byPhone, async (c) => {
        const appId = await authenticate(c)
        const { number } = await ctx.body(c, PhoneLookupSchema)
        const e164 = phoneIdentifier(number)
        if (!e164) throw new ctx.HttpError(400, 'invalid_data', 'number: Invalid phone number')
        return c.json(await ownerOrNotFound(appId, accountOwner(ctx.db, appId, 'phone', e164)))
      })

      app.post(managementPaths.byWallet, async (c) => {
        const appId = await authenticate(c)
        const { address } = await ctx.body(c, WalletLookupSchema)
        const wallet = walletIdentifier(address)
        if (!wallet) throw new ctx.HttpError(400, 'invalid_data', 'address: Invalid wallet address')
        return c.json(await ownerOrNotFound(appId, accountOwner(ctx.db, appId, 'wallet', wallet.identifier)))
      })

      app.post(managementPaths.users, async (c) => {
        const appId = await authenticate(c)
        const body = await ctx.body(c, CreateUserSchema)
        const accounts = storedAccounts(body.linked_accounts)
        const userId = await createManagedUser(ctx, appId, accounts, body.custom_metadata)
        ctx.logger.info(`[management] user ${userId} created with ${accounts.length} linked account(s): app ${appId}`)
        return c.json(await appUser(appId, userId))
      })

      app.delete(managementPaths.user, async (c) => {
        const appId = await authenticate(c)
        const userId = c.req.param('id')
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        // One transaction: sessions and refresh tokens, linked accounts, MFA, embedded wallets' roots and their server
        // shares, and every plugin's rows go with the user. Funds in a wallet are not the server's to judge: the operator's call.
        // The deletion and its event commit together (the audit row, the webhooks' outbox): `user.deleted`, by the app.
        const deleted = await ctx.db.tx(async (tx) => {
          if (!(await ctx.users.delete(appId, userId, tx))) return false
          await ctx.events.emit('user.deleted', { appId, userId, actor: 'app', data: { user_id: userId, reason: 'deleted_by_app' }, c, db: tx })
          return true
        })
        if (!deleted) throw notFound()
        ctx.logger.info(`[management] user ${userId} deleted: app ${appId}`)
        return c.body(null, 204)
      })

      app.post(managementPaths.revokeSessions, async (c) => {
        const appId = await authenticate(c)
        const userId = c.req.param('id')
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        const revoked = await ctx.db.tx(async (tx) => {
          const [user] = await tx.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, appId])
          if (!user) throw notFound()
          // Refresh tokens stop rotating and access tokens stop passing requireUser from this commit on.
          return tx.query('UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND app_id = $2 AND revoked_at IS NULL RETURNING id', [userId, appId, new Date(ctx.now())])
        })
        ctx.logger.info(`[management] ${revoked.length} session(s) of user ${userId} revoked: app ${appId}`)
        return c.json({ revoked_sessions: revoked.length })
      })

      app.post(managementPaths.customMetadata, async (c) => {
        const appId = await authenticate(c)
        const userId = c.req.param('id')
        const { custom_metadata } = await ctx.body(c, SetCustomMetadataSchema)
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        const user = await ctx.db.tx(async (tx) => {
          // Locks the user: a deletion waits, or has happened and this is 404.
          const [row] = await tx.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, appId])
          if (!row) throw notFound()
          await customMetadataStore.set(tx, userId, custom_metadata, new Date(ctx.now()))
          return appUser(appId, userId, tx)
        })
        return c.json(user)
      })
    },
  })
}
