import type { Context, Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { Db, ServerContext } from '../../core/server/index.js'
import type { RawUser } from '../../core/protocol/index.js'
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
import { managementCaller } from './server/managementCaller.js'
import { importRateLimits, importRoutes } from './server/importRoutes.js'
import { managementMigrations } from './server/managementMigrations.js'
import { toManagementUser } from './server/toManagementUser.js'
import { accountOwner, listUserIds } from './server/userDirectory.js'
import { operationsErrorCodes } from './operationsSchema.js'
import { registerAppSecretRoutes } from './server/appSecretRoutes.js'
import { registerAuditRoutes } from './server/auditRoutes.js'
import { registerWebhookRoutes } from './server/webhookRoutes.js'

export { managementPaths, managementErrorCodes, type ManagementUser, type ManagementUserPage } from './schema.js'
export { operationsPaths, operationsErrorCodes } from './operationsSchema.js'
export { usersCommand, USERS_USAGE } from './server/usersCommand.js'
// The user directory for the admin console (plugins import each other through their public entries only).
export { listUserIds, type UserListing } from './server/userDirectory.js'
export { toManagementUser } from './server/toManagementUser.js'

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
 *
 * The operator's routes (server/auditRoutes.ts, webhookRoutes.ts, appSecretRoutes.ts): /api/v1/audit_log, /api/v1/webhooks
 * (with webhooksServer()), /api/v1/app_secrets. Every change writes an audit event, actor `app:<secret prefix>`, in its
 * transaction.
 */
export function managementServer() {
  return defineServerPlugin({
    id: PLUGIN_ID,
    errorCodes: [...managementErrorCodes, ...operationsErrorCodes],
    migrations: managementMigrations,
    rateLimits: {
      // Per app once its secret checks (about 100 a second); per address before, so bad secrets can't spend an app's.
      'management.app': { limit: 6000, windowSeconds: 60 },
      'management.ip': { limit: 6000, windowSeconds: 60 },
      // Creating and revoking app secrets, per app, on top of management.app.
      'management.app_secrets': { limit: 30, windowSeconds: 3600 },
      ...importRateLimits,
    },
    // The user object every route sends (the host page's too) carries the custom metadata once it is set.
    async userFields(db: Db, userId: string) {
      const metadata = await customMetadataStore.get(db, userId)
      return metadata ? { customMetadata: metadata } : {}
    },
    async userFieldsOf(db: Db, userIds: readonly string[]) {
      const metadata = await customMetadataStore.getMany(db, userIds)
      return new Map([...metadata].map(([id, customMetadata]) => [id, { customMetadata }]))
    },
    routes(app: Hono, ctx: ServerContext) {
      // The operator's routes: the audit log, webhook endpoints (with webhooksServer()), app secrets.
      registerAuditRoutes(app, ctx)
      registerWebhookRoutes(app, ctx)
      registerAppSecretRoutes(app, ctx)

      const notFound = () => new ctx.HttpError(404, 'user_not_found', 'User not found')

      /** Every route first (managementCaller: no browser, the limits, the app secret). Answers the app id. */
      const authenticate = async (c: Context) => (await managementCaller(ctx, c)).appId

      /**
       * The app's user `userId` as the API sends it; 404 user_not_found for none (or another app's).
       */
      const appUser = async (appId: string, userId: string, db: Db = ctx.db): Promise<ManagementUser> => {
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        if (!(await db.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2', [userId, appId])).length) throw notFound()
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

      importRoutes(app, ctx, (c) => managementCaller(ctx, c))

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
        // The page's users in a constant number of queries; one deleted since the page was read is left out, as a later page would.
        const data = (await ctx.users.getMany(ids)).map(toManagementUser)
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
        const { appId, actor } = await managementCaller(ctx, c)
        const body = await ctx.body(c, CreateUserSchema)
        const accounts = storedAccounts(body.linked_accounts)
        // `user.created` by the app, in the creation's transaction (the audit row, the webhooks' outbox).
        // The user as committed is read once, in the transaction: for the event and for the answer.
        let created: RawUser | undefined
        const userId = await createManagedUser(ctx, appId, accounts, body.custom_metadata, async (tx, id) => {
          created = await ctx.users.get(id, tx)
          const data = { user_id: id, accounts: accounts.map((a) => ({ ...a.data, type: a.type })), source: 'management_api' }
          await ctx.events.emit('user.created', { appId, userId: id, actor, data, user: created, c, db: tx })
        })
        ctx.logger.info(`[management] user ${userId} created with ${accounts.length} linked account(s): app ${appId}`)
        return c.json(created ? toManagementUser(created) : await appUser(appId, userId))
      })

      app.delete(managementPaths.user, async (c) => {
        const { appId, actor } = await managementCaller(ctx, c)
        const userId = c.req.param('id')
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        // One transaction: sessions and refresh tokens, linked accounts, MFA, embedded wallets' roots and their server
        // shares, and every plugin's rows go with the user. Funds in a wallet are not the server's to judge: the operator's call.
        // The deletion and its event commit together (the audit row, the webhooks' outbox): `user.deleted`, by the app.
        const deleted = await ctx.db.tx(async (tx) => {
          if (!(await ctx.users.delete(appId, userId, tx))) return false
          await ctx.events.emit('user.deleted', { appId, userId, actor, data: { user_id: userId, reason: 'deleted_by_app' }, c, db: tx })
          return true
        })
        if (!deleted) throw notFound()
        ctx.logger.info(`[management] user ${userId} deleted: app ${appId}`)
        return c.body(null, 204)
      })

      app.post(managementPaths.revokeSessions, async (c) => {
        const { appId, actor } = await managementCaller(ctx, c)
        const userId = c.req.param('id')
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        const revoked = await ctx.db.tx(async (tx) => {
          const [user] = await tx.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, appId])
          if (!user) throw notFound()
          // Refresh tokens stop rotating and access tokens stop passing requireUser from this commit on.
          const ended = await tx.query('UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND app_id = $2 AND revoked_at IS NULL RETURNING id', [userId, appId, new Date(ctx.now())])
          await ctx.events.emit('app.sessions_revoked', { appId, userId, actor, data: { user_id: userId, revoked_sessions: ended.length }, c, db: tx })
          return ended
        })
        ctx.logger.info(`[management] ${revoked.length} session(s) of user ${userId} revoked: app ${appId}`)
        return c.json({ revoked_sessions: revoked.length })
      })

      app.post(managementPaths.customMetadata, async (c) => {
        const { appId, actor } = await managementCaller(ctx, c)
        const userId = c.req.param('id')
        const { custom_metadata } = await ctx.body(c, SetCustomMetadataSchema)
        if (userId.length > USER_ID_MAX_LENGTH) throw notFound()
        const user = await ctx.db.tx(async (tx) => {
          // Locks the user: a deletion waits, or has happened and this is 404.
          const [row] = await tx.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, appId])
          if (!row) throw notFound()
          await customMetadataStore.set(tx, userId, custom_metadata, new Date(ctx.now()))
          // Which keys the app set, not their values (the user's data stays in the user's row).
          await ctx.events.emit('app.user_metadata_updated', { appId, userId, actor, data: { user_id: userId, keys: Object.keys(custom_metadata) }, c, db: tx })
          return appUser(appId, userId, tx)
        })
        return c.json(user)
      })
    },
  })
}
