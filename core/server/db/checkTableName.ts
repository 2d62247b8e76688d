/** Answers `table` when it is a plain lowercase SQL identifier, else throws naming the `kind` of table. */
export function checkTableName(table: string, kind: string): string {
  // Table names are interpolated into SQL: only plugin constants, never input, and checked anyway.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new Error(`Invalid ${kind} table name ${table}`)
  return table
}
