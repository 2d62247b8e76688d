import { describe, expect, it } from 'vitest'
import { main } from '../core/server/cli/main.js'
import { parseStartArgs, startCommand } from './startCommand.js'

/** A run of the bin's main with `start`, its writes kept. */
async function cli(argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, [startCommand])
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('foyer start', () => {
  it('takes --origin repeated or comma-separated (as origins, a trailing slash dropped) and --port, spaced or with =', () => {
    expect(parseStartArgs([])).toEqual({ origins: [] })
    expect(parseStartArgs(['--origin', 'http://localhost:5173', '--origin=http://localhost:3000/,https://app.example.com', '--port', '9000'])).toEqual({
      origins: ['http://localhost:5173', 'http://localhost:3000', 'https://app.example.com'],
      port: 9000,
    })
    expect(parseStartArgs(['--port=8790'])).toEqual({ origins: [], port: 8790 })
  })

  it('refuses what is not an origin or a port, an option without its value and an unknown option', () => {
    expect(parseStartArgs(['--origin', 'http://localhost:5173/app'])).toEqual({ error: '--origin takes an origin such as http://localhost:5173, got http://localhost:5173/app' })
    expect(parseStartArgs(['--origin', 'localhost:5173'])).toHaveProperty('error')
    expect(parseStartArgs(['--origin', 'ftp://example.com'])).toHaveProperty('error')
    expect(parseStartArgs(['--port', '70000'])).toEqual({ error: '--port must be a port number, got 70000' })
    expect(parseStartArgs(['--port', 'x'])).toHaveProperty('error')
    expect(parseStartArgs(['--origin'])).toEqual({ error: '--origin needs a value' })
    expect(parseStartArgs(['--host', '0.0.0.0'])).toEqual({ error: 'unknown option --host' })
  })

  it('is listed first in `foyer help` and in an unknown command’s usage; a bad option exits 2 with its usage, before anything starts', async () => {
    const help = await cli(['help'])
    expect(help.code).toBe(0)
    expect(help.out).toMatch(/^Usage: foyer <command>\n\nCommands:\n {2}start \[--origin <url>\] \[--port N\]/)
    expect(help.out).toContain('  rotate-signing-key')
    expect(help.out).toContain('  admin add|list|remove')
    const unknown = await cli(['strat'])
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain('foyer: unknown command strat')
    expect(unknown.err).toContain('  start [--origin <url>]')
    const bad = await cli(['start', '--origin', 'nope'])
    expect(bad).toEqual({ code: 2, out: '', err: expect.stringContaining('foyer start: --origin takes an origin') })
  })

  it("core's own main (no bin commands) does not list start", async () => {
    const out: string[] = []
    expect(await main(['help'], { out: (l) => out.push(l), err: () => {} })).toBe(0)
    expect(out.join('\n')).not.toContain('  start ')
    expect(out.join('\n')).toContain('  rotate-signing-key')
  })
})
