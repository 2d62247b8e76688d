// SQLSTATEs of a connection the server ended or could not give: admin/crash shutdown, cannot connect now,
// idle-in-transaction timeout, and class 08 (connection exception).
const FAULT_SQLSTATES = new Set(['57P01', '57P02', '57P03', '25P03', '08000', '08001', '08003', '08004', '08006', '08007'])
// Socket-level errors from node (refused, reset, unreachable, DNS) and pg's own messages for a lost connection.
const FAULT_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED'])
const FAULT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection closed',
]

/**
 * True when `error` says the connection to the database is gone or could not be made — as opposed to an error of the
 * statement itself (a constraint, a syntax error), which the same connection would repeat.
 */
export function isConnectionFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (FAULT_SQLSTATES.has(code) || FAULT_ERRNOS.has(code))) return true
  if (error instanceof AggregateError) return error.errors.some(isConnectionFault)
  return FAULT_MESSAGES.some((m) => error.message.includes(m))
}

/** The database is busy rather than gone: a statement timed out, or it has no connection slot left. */
export function isOverload(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '57014' || code === '53300' || code === '53400'
}
