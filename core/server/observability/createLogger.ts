import { pino, type DestinationStream, type Level } from 'pino'
import type { Logger } from '../Logger.js'

/** Where log lines are written. */
export interface LogDestination {
  write(line: string): unknown
}

/** Options of `createLogger`. */
export interface CreateLoggerOptions {
  /** trace, debug, info, warn, error, fatal or silent. Default FOYER_LOG_LEVEL, else info. */
  level?: string
  /** Where the lines go (anything with `write(line)`); default stdout. Typed here, not as pino's, so a host's types need no Node. */
  destination?: LogDestination
  /**
   * `json` (one object a line, for a log pipeline) or `text` (`12:00:01 INFO message reqId=…`, for a terminal).
   * Default FOYER_LOG_FORMAT, else json.
   */
  format?: 'json' | 'text'
}

// A second belt: whatever a caller hands in under these names is masked (LogFields are flat: one level is all there is).
const secretKeys = ['authorization', 'cookie', 'headers', 'query', 'body', 'password', 'token', 'access_token', 'refresh_token', 'identity_token', 'code', 'secret', 'share']
const REDACT_PATHS = secretKeys
const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])

/** The server's default logger: one JSON object a line (pino), secrets redacted. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = (options.level ?? process.env.FOYER_LOG_LEVEL ?? 'info').toLowerCase()
  if (!LEVELS.has(level)) throw new Error(`FOYER_LOG_LEVEL must be one of ${[...LEVELS].join(', ')}, got ${level}`)
  const format = options.format ?? process.env.FOYER_LOG_FORMAT ?? 'json'
  if (format !== 'json' && format !== 'text') throw new Error(`FOYER_LOG_FORMAT must be json or text, got ${format}`)
  const settings = { level: level as Level | 'silent', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }
  const destination = format === 'text' ? textLines(options.destination ?? process.stdout) : options.destination
  const log = destination ? pino(settings, destination) : pino(settings)
  return {
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
  }
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }
const BASE_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg'])

/** pino's JSON lines (after redaction) rewritten for a terminal: time, level, message, then the fields as key=value. */
function textLines(out: { write(line: string): unknown }): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line) as Record<string, unknown>
      } catch {
        out.write(line)
        return
      }
      const time = new Date(Number(entry.time)).toISOString().slice(11, 19)
      const fields = Object.entries(entry)
        .filter(([key]) => !BASE_KEYS.has(key))
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      out.write(`${time} ${LEVEL_NAMES[Number(entry.level)] ?? entry.level} ${String(entry.msg ?? '')}${fields.length ? `  ${fields.join(' ')}` : ''}\n`)
    },
  }
}
