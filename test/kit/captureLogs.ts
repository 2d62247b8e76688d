import type { Logger } from '../../core/server/Logger.js'

/** A logger that keeps each line as `<level> <line>` in `lines` (the same array, emptied by `clear`). */
export function captureLogs(): { logger: Logger; lines: string[]; clear(): void } {
  const lines: string[] = []
  return {
    lines,
    logger: { info: (line) => void lines.push(`info ${line}`), warn: (line) => void lines.push(`warn ${line}`), error: (line) => void lines.push(`error ${line}`) },
    clear: () => void lines.splice(0),
  }
}
