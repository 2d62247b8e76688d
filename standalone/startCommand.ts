import type { CliCommand, CliIo } from '../core/server/cli/main.js'

/** `foyer start`'s line in `foyer help`. */
export const START_USAGE = `  start [--origin <url>] [--port N]       Run the whole server on its dev defaults, here: every built-in plugin, PGlite in
                                          ./.foyer-data, the wallet frame on port N + 1, the dev app with e-mail and SMS
                                          codes printed in the terminal and at /dev/outbox, an embedded wallet created at
                                          login. --origin (repeatable or comma-separated) allows your page's origin for
                                          the dev app, as FOYER_DEV_ORIGINS does; --port (default PORT or 8787).`

/** The parsed options of `foyer start`, or the problem with them. */
export function parseStartArgs(args: readonly string[]): { origins: string[]; port?: number } | { error: string } {
  const origins: string[] = []
  let port: number | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    if (flag !== '--origin' && flag !== '--port') return { error: `unknown option ${arg}` }
    const value = inline ?? args[++i]
    if (!value) return { error: `${flag} needs a value` }
    if (flag === '--port') {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) return { error: `--port must be a port number, got ${value}` }
      port = Number(value)
      continue
    }
    for (const origin of value.split(',').map((o) => o.trim()).filter(Boolean)) {
      let parsed: URL | undefined
      try {
        parsed = new URL(origin)
      } catch {}
      if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) return { error: `--origin takes an origin such as http://localhost:5173, got ${origin}` }
      origins.push(parsed.origin)
    }
  }
  return { origins, ...(port !== undefined ? { port } : {}) }
}

/** `foyer start`: the package's whole server (foyer/standalone) in the working folder. */
export const startCommand: CliCommand = {
  name: 'start',
  usage: START_USAGE,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const parsed = parseStartArgs(args)
    if ('error' in parsed) {
      io.err(`foyer start: ${parsed.error}\n\nUsage:\n${START_USAGE}`)
      return 2
    }
    // The wallet and SIWE plugins' server halves use viem, an optional peer dependency of the package: say so plainly
    // instead of a module-not-found error from deep inside a plugin.
    try {
      await import('viem')
    } catch {
      io.err('foyer start: the server needs viem beside foyer (its wallet plugins use it): npm install viem')
      return 1
    }
    try {
      const { startStandaloneServer } = await import('./startStandaloneServer.js')
      await startStandaloneServer({ origins: parsed.origins, ...(parsed.port !== undefined ? { port: parsed.port } : {}) })
      return 0
    } catch (error) {
      io.err(`foyer start: ${(error as Error).message}`)
      return 1
    }
  },
}
