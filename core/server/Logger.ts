/** Where the server writes its few log lines. Never given codes, tokens, keys or bodies. */
export interface Logger {
  info(msg: string): void
  warn(msg: string): void
  error(msg: string): void
}
