import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// A peer dependency a host must satisfy is one Foyer's own code imports. A peer nothing imports only makes a host's
// `npm install` fail: `ox@^0.11.3` (a peer of permissionless) clashed with the ox every current viem brings, and
// `@solana/web3.js@^1.98.0` with its latest release (2.0.0) — Foyer takes Solana transactions by shape (`serialize()`),
// never importing web3.js. (`foyer/wagmi` imports only @wagmi/core's types, undeclared: as a peer it made npm check
// @wagmi/core's own optional peers against every host, and refuse.)
const root = fileURLToPath(new URL('../..', import.meta.url))
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { peerDependencies: Record<string, string> }

describe('peer dependencies', () => {
  it.each(Object.keys(pkg.peerDependencies))('%s is imported by the package’s own code (core, plugins, ui)', (name) => {
    const hits = execFileSync('grep', ['-rlE', '--include=*.ts', '--include=*.tsx', `from '${name}(/[^']*)?'|import\\('${name}(/[^']*)?'\\)`, 'core', 'plugins', 'ui'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !/\.test\.tsx?$/.test(f))
    expect(hits.length).toBeGreaterThan(0)
  })
})
