/** The storage the server uses: plain PostgreSQL SQL over PGlite or `pg`. */
export interface Db {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Runs several `;`-separated statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** Runs `fn` in one transaction; inside a transaction it joins the outer one. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>
  /** Which engine answers: used only where the engines differ (advisory locks). */
  readonly kind: 'pglite' | 'postgres'
  /** Connection use and faults, for readiness and metrics. */
  stats(): DbStats
  close(): Promise<void>
}

/** What a Db tells about its connections. */
export interface DbStats {
  /** Connections open / idle / requests waiting for one / the most it opens (PGlite: one). */
  total: number
  idle: number
  waiting: number
  max: number
  /** Connection-level faults seen since start (a dropped connection, a refused connect, a timeout). */
  errors: number
  /** False while the database is unreachable: requests are answered 503 without waiting for it. */
  available: boolean
}
