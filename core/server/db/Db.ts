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
  close(): Promise<void>
}
