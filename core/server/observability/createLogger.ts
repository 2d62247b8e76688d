import { pino, type DestinationStream, type Level } from 'pino'
import type { Logger } from '../Logger.js'

/** Options of `createLogger`. */
export interface CreateLoggerOptions {
  /** trace, debug, info, warn, error, fatal or silent. Default FOYER_LOG_LEVEL, else info. */
  level?: string
  /** Where the JSON lines go; default stdout. */
  destination?: DestinationStream
}

// A second belt: whatever a caller hands in under these names is masked (LogFields are flat: one level is all there is).
const secretKeys = ['authorization', 'cookie', 'headers', 'query', 'body', 'password', 'token', 'access_token', 'refresh_token', 'identity_token', 'code', 'secret', 'share']
const REDACT_PATHS = secretKeys
const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])

/** The server's default logger: one JSON object a line (pino), secrets redacted. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = (options.level ?? process.env.FOYER_LOG_LEVEL ?? 'info').toLowerCase()
  if (!LEVELS.has(level)) throw new Error(`FOYER_LOG_LEVEL must be one of ${[...LEVELS].join(', ')}, got ${level}`)
  const settings = { level: level as Level | 'silent', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }
  const log = options.destination ? pino(settings, options.destination) : pino(settings)
  return {
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
  }
}
