import type { Db } from './Db.js'
import { findUnstorableText } from './unstorableText.js'
import { UnstorableTextError } from './UnstorableTextError.js'

// PostgreSQL's own refusals of such text ("invalid byte sequence for encoding UTF8: 0x00", "unsupported
// Unicode escape sequence"): whatever the check below can't see (text built inside SQL) still ends as a 400.
const UNSTORABLE_SQLSTATES = new Set(['22021', '22P05'])

const check = (params: unknown[] | undefined) => {
  for (const param of params ?? []) {
    const found = findUnstorableText(param)
    if (found) throw new UnstorableTextError(found)
  }
}

const translate = (error: unknown): never => {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && UNSTORABLE_SQLSTATES.has(code)) throw new UnstorableTextError('character')
  throw error
}

/**
 * Wraps a Db so no parameter holding text PostgreSQL can't store reaches SQL: values from inside signed
 * tokens, widget payloads and provider answers never pass the request edge's check, and must still end as a
 * 400 invalid_data, not a 500. Transactions get the same guard.
 */
export function refuseUnstorableText(db: Db): Db {
  const guarded: Db = {
    kind: db.kind,
    async query<T>(sql: string, params?: unknown[]) {
      check(params)
      return db.query<T>(sql, params).catch(translate)
    },
    exec: (sql) => db.exec(sql),
    tx: (fn) => db.tx((inner) => fn(inner === db ? guarded : refuseUnstorableText(inner))).catch(translate),
    stats: () => db.stats(),
    close: () => db.close(),
  }
  return guarded
}
