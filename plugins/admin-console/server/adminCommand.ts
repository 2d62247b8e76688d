import * as v from 'valibot'
import type { Db, Events, Users } from '../../../core/server/index.js'
import { ADMIN_APP_ID, type OperatorRole } from '../adminApi.js'
import { EmailSchema, OperatorRoleSchema } from './adminSchemas.js'
import { ensureAdminUser } from './ensureAdminUser.js'
import { operatorStore } from './operatorStore.js'

/** Usage of `foyer admin`. */
export const ADMIN_USAGE = `  admin add <email> [--role owner|viewer]  Make the admin app's user with this e-mail (created when absent) an operator
                                          of the admin console at /admin (a new one is an owner unless --role viewer;
                                          an existing one keeps its role without --role; viewers only read).
                                          They sign in there with a code sent to that address and set up TOTP.
  admin list                              The console's operators.
  admin remove <email>                    The operator is no more (the last owner stays).`

/** Writes of a run (stdout, stderr). */
export interface AdminCommandIo {
  out(line: string): void
  err(line: string): void
}

/** What the command writes with: core's CLI opens the server's database and services (openCommandServices). */
export interface AdminCommandDeps {
  open(): Promise<{ db: Db; users: Users; events: Events; now(): number; close(): Promise<void> }>
}

/** The audit log's actor of the command's changes (someone on the server's machine). */
const ACTOR = 'operator'

/** `--role owner|viewer` out of the arguments; undefined for a bad or missing value. */
function parseArgs(args: readonly string[]): { rest: string[]; role: OperatorRole | undefined; badRole: boolean } {
  const rest: string[] = []
  let role: OperatorRole | undefined
  let badRole = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const value = arg.startsWith('--role=') ? arg.slice('--role='.length) : arg === '--role' ? args[++i] : null
    if (value === null) {
      rest.push(arg)
      continue
    }
    const parsed = v.safeParse(OperatorRoleSchema, value)
    if (parsed.success) role = parsed.output
    else badRole = true
  }
  return { rest, role, badRole }
}

/**
 * `foyer admin add|list|remove …`: answers the exit code (2: bad usage, 1: failed). Changes write their audit events
 * (user.created, admin.operator_added / admin.operator_removed) with actor `operator`.
 */
export async function adminCommand(args: readonly string[], io: AdminCommandIo, deps: AdminCommandDeps): Promise<number> {
  const { rest, role, badRole } = parseArgs(args)
  const [sub, emailArg, ...extra] = rest
  const usage = (why: string) => {
    io.err(`foyer admin: ${why}\n\nUsage:\n${ADMIN_USAGE}`)
    return 2
  }
  if (badRole) return usage('--role is owner or viewer')
  if (sub === 'list' ? emailArg !== undefined || role : sub !== 'add' && sub !== 'remove') return usage(sub ? `unexpected ${[sub, emailArg].filter(Boolean).join(' ')}` : 'no subcommand')
  if (sub !== 'list' && (!emailArg || extra.length || (sub === 'remove' && role))) return usage(`expected ${sub} <email>${sub === 'add' ? ' [--role owner|viewer]' : ''}`)
  const email = sub === 'list' ? '' : v.safeParse(EmailSchema, emailArg)
  if (typeof email !== 'string' && !email.success) return usage(`"${emailArg}" is not an e-mail address`)
  const address = typeof email === 'string' ? email : email.output

  let services: Awaited<ReturnType<AdminCommandDeps['open']>> | undefined
  try {
    services = await deps.open()
    const s = services
    if (sub === 'list') {
      const operators = await operatorStore.list(s.db)
      if (!operators.length) io.out('No operators: add one with foyer admin add <email>.')
      for (const o of operators) io.out(`${o.email ?? '(no e-mail)'}  ${o.role}  ${o.user_id}  since ${new Date(o.created_at * 1000).toISOString()}`)
      return 0
    }
    if (sub === 'add') {
      const { userId, created, now } = await s.db.tx(async (tx) => {
        const user = await ensureAdminUser(s, tx, address, ACTOR)
        const { before, role: now } = await operatorStore.upsert(tx, { userId: user.userId, role, newRole: 'owner', by: ACTOR, at: new Date(s.now()) })
        if (before !== now) {
          await s.events.emit('admin.operator_added', { appId: ADMIN_APP_ID, userId: user.userId, actor: ACTOR, data: { user_id: user.userId, role: now, previous_role: before }, db: tx })
        }
        return { ...user, now }
      })
      io.out(`${address} is an operator (${now})${created ? ', a new user of the admin app' : ''}: ${userId}`)
      io.out('They sign in at /admin with a code sent to that address, then set up an authenticator app (TOTP).')
      return 0
    }
    const removed = await s.db.tx(async (tx) => {
      const userId = await operatorStore.userByEmail(tx, address)
      const was = userId ? await operatorStore.remove(tx, userId) : null
      if (userId && was) await s.events.emit('admin.operator_removed', { appId: ADMIN_APP_ID, userId, actor: ACTOR, data: { user_id: userId, role: was }, db: tx })
      return was
    })
    if (!removed) {
      io.err(`foyer admin remove: ${address} is not an operator`)
      return 1
    }
    io.out(`${address} is no longer an operator.`)
    return 0
  } catch (error) {
    io.err(`foyer admin ${sub}: ${(error as Error).message}`)
    return 1
  } finally {
    await services?.close()
  }
}
