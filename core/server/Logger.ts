/** Fields a log line carries beside its message (never codes, tokens, keys, headers, query strings or bodies). */
export type LogFields = Record<string, string | number | boolean | null | undefined>

/** Where the server writes its few log lines. Never given codes, tokens, keys or bodies. */
export interface Logger {
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
  /** Lines an operator turns on when needed (health probes, scrapes); a logger without it drops them. */
  debug?(msg: string, fields?: LogFields): void
}
