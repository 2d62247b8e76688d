import { describe, expect, it } from 'vitest'
import { createLogger } from './createLogger.js'

const capture = () => {
  const lines: string[] = []
  return { lines, destination: { write: (line: string) => void lines.push(line) } }
}

describe('createLogger', () => {
  it('json: one object a line, with the fields, secrets under known names redacted', () => {
    const { lines, destination } = capture()
    createLogger({ destination, format: 'json' }).info('GET /x 200', { reqId: 'r1', status: 200, token: 'eyJsecret' })
    const entry = JSON.parse(lines[0]!)
    expect(entry).toMatchObject({ msg: 'GET /x 200', reqId: 'r1', status: 200, token: '[redacted]', level: 30 })
  })

  it('text: a terminal line (time, level, message, key=value), redacted the same way', () => {
    const { lines, destination } = capture()
    const logger = createLogger({ destination, format: 'text', level: 'info' })
    logger.warn('[foyer] database unreachable', { code: '123456', reqId: 'r2' })
    logger.debug?.('hidden at info')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d WARN \[foyer\] database unreachable {2}code=\[redacted\] reqId=r2\n$/)
  })

  it('a bad level or format stops the start', () => {
    expect(() => createLogger({ level: 'loud' })).toThrow(/FOYER_LOG_LEVEL/)
    expect(() => createLogger({ format: 'yaml' as 'json' })).toThrow(/FOYER_LOG_FORMAT/)
  })
})
