import { advisoryKey, HttpError, type Db } from '../../../core/server/index.js'
import { ADMIN_APP_ID, type AdminOperator, type OperatorRole } from '../adminApi.js'

interface OperatorRow {
  user_id: string
  role: OperatorRole
  created_at: Date
  email: string | null
}

const SELECT = `SELECT o.user_id, o.role, o.created_at,
  (SELECT la.identifier FROM linked_accounts la WHERE la.user_id = o.user_id AND la.type = 'email' LIMIT 1) AS email
  FROM admin_operators o`

const toOperator = (row: OperatorRow): AdminOperator => ({
  user_id: row.user_id,
  email: row.email,
  role: row.role,
  created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
})

const lastOwner = () => new HttpError(400, 'last_owner', 'The console keeps at least one owner: make another operator owner first')

/** Serialises changes of the operators, so two removals can't both see another owner left. */
const lock = (tx: Db) => tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryKey('foyer.admin_operators')])

/**
 * The console's operators (admin_operators): users of the admin app with a role. Changes keep at least one owner
 * (400 last_owner) and run in the caller's transaction, so their audit event commits with them.
 */
export const operatorStore = {
  /** Takes the operators' lock for the rest of `tx` (re-entrant): changes of operators and their users run one at a time. */
  lock,

  async get(db: Db, userId: string): Promise<AdminOperator | null> {
    const [row] = await db.query<OperatorRow>(`${SELECT} WHERE o.user_id = $1`, [userId])
    return row ? toOperator(row) : null
  },

  async list(db: Db): Promise<AdminOperator[]> {
    return (await db.query<OperatorRow>(`${SELECT} ORDER BY o.created_at, o.user_id`)).map(toOperator)
  },

  /**
   * Adds the operator with `role` (absent: `newRole` for a new operator, an existing one keeps its role) or changes its
   * role; demoting the last owner is 400 last_owner. Answers the role before (null: new) and after.
   */
  async upsert(
    tx: Db,
    input: { userId: string; role: OperatorRole | undefined; newRole: OperatorRole; by: string; at: Date },
  ): Promise<{ before: OperatorRole | null; role: OperatorRole }> {
    await lock(tx)
    const [before] = await tx.query<{ role: OperatorRole }>('SELECT role FROM admin_operators WHERE user_id = $1', [input.userId])
    const role = input.role ?? before?.role ?? input.newRole
    if (before?.role === 'owner' && role !== 'owner' && (await ownerCount(tx)) <= 1) throw lastOwner()
    await tx.query(
      `INSERT INTO admin_operators (user_id, role, created_at, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role`,
      [input.userId, role, input.at, input.by],
    )
    return { before: before?.role ?? null, role }
  },

  /** Removes the operator (its admin sessions end too); the last owner is 400 last_owner. Answers its role, or null for none. */
  async remove(tx: Db, userId: string): Promise<OperatorRole | null> {
    await lock(tx)
    const [row] = await tx.query<{ role: OperatorRole }>('SELECT role FROM admin_operators WHERE user_id = $1', [userId])
    if (!row) return null
    if (row.role === 'owner' && (await ownerCount(tx)) <= 1) throw lastOwner()
    await tx.query('DELETE FROM admin_operators WHERE user_id = $1', [userId])
    await tx.query('DELETE FROM admin_sessions WHERE user_id = $1', [userId])
    return row.role
  },

  /** The admin app's user with this (lower-cased) e-mail address, or null. */
  async userByEmail(db: Db, email: string): Promise<string | null> {
    const [row] = await db.query<{ user_id: string }>(
      `SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = 'email' AND identifier = $2 AND NOT unproven`,
      [ADMIN_APP_ID, email],
    )
    return row?.user_id ?? null
  },
}

async function ownerCount(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_operators WHERE role = 'owner'`)
  return row?.n ?? 0
}
