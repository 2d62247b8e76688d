import type { Db } from '../db/Db.js'
import { createEvents, type Events } from '../events/createEvents.js'
import { createLogger } from '../observability/createLogger.js'
import { pluginUserFields } from '../pluginUserFields.js'
import type { ServerPlugin } from '../types.js'
import { createUsers, type Users } from '../users.js'
import { openServerDb, type OpenServerDbOptions } from './openServerDb.js'

/** The server's services an operator command writes users with, over the server's database. */
export interface CommandServices {
  db: Db
  now: () => number
  users: Users
  /** Audit rows and plugins' onEvent (the webhooks outbox), in the change's transaction, as the server's. */
  events: Events
  close(): Promise<void>
}

/**
 * Opens the server's database (openServerDb) with `plugins`' tables and the users and events services the server
 * would have: a command's changes then look like the server's (audit log, webhook deliveries the server sends). No
 * request runs here, so events carry no IP and no request id; users come without MFA methods (new users have none).
 */
export async function openCommandServices(plugins: readonly ServerPlugin[], options: Omit<OpenServerDbOptions, 'plugins'> = {}): Promise<CommandServices> {
  const db = await openServerDb({ ...options, plugins })
  const logger = createLogger({ level: process.env.FOYER_LOG_LEVEL ?? 'warn', format: 'text' })
  const now = () => Date.now()
  const events = createEvents({ db, now, logger, clientIp: () => '', sinks: plugins.flatMap((p) => (p.onEvent ? [p.onEvent.bind(p)] : [])) })
  const users = createUsers(db, { mfaMethods: async () => [], fields: pluginUserFields(plugins, logger) })
  return { db, now, users, events, close: () => db.close() }
}
