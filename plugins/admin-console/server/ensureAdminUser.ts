import type { Context } from 'hono'
import type { Db, Events, Users } from '../../../core/server/index.js'
import { ADMIN_APP_ID } from '../adminApi.js'
import { operatorStore } from './operatorStore.js'

/** What ensureAdminUser writes with: the server's services (`ctx`) or a CLI command's (openCommandServices). */
export interface AdminUserDeps {
  users: Users
  events: Events
  now(): number
}

/**
 * The admin app's user with the e-mail address `email` (lower-cased), created with that e-mail linked when there is
 * none, in `tx` with its `user.created` event (actor `actor`): the operator then signs in to the console with a code
 * sent to that address. Answers the user's id and whether it was created.
 */
export async function ensureAdminUser(deps: AdminUserDeps, tx: Db, email: string, actor: string, c?: Context): Promise<{ userId: string; created: boolean }> {
  // Two adds of one new address: the second waits, then finds the first's user.
  await operatorStore.lock(tx)
  const found = await operatorStore.userByEmail(tx, email)
  if (found) return { userId: found, created: false }
  const at = new Date(deps.now())
  const userId = await deps.users.create(ADMIN_APP_ID, tx, at)
  await deps.users.releaseUnproven(ADMIN_APP_ID, 'email', email, tx)
  await tx.query(
    `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
     VALUES ($1, $2, 'email', $3, $4, $5, $5, $5)`,
    [userId, ADMIN_APP_ID, email, JSON.stringify({ address: email }), at],
  )
  const user = await deps.users.get(userId, tx)
  const data = { user_id: userId, accounts: [{ type: 'email', address: email }], source: 'admin_console' }
  await deps.events.emit('user.created', { appId: ADMIN_APP_ID, userId, actor, data, user, db: tx, ...(c ? { c } : {}) })
  return { userId, created: true }
}
