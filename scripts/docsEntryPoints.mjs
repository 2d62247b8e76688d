// The package's public entry points, as source files: every "source" of package.json's "exports" (a `*` subpath
// expanded over the plugins/ folders that have that file). The API reference (TypeDoc, scripts/docsBuild.mjs) is made
// from them, and test/docs/docs.test.ts checks that every name they export has an entry in it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** Entry points (paths relative to the repo root, without './'), in package.json's order, each once. */
export function docsEntryPoints(root = repoRoot) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const plugins = readdirSync(join(root, 'plugins')).sort()
  const out = []
  for (const target of Object.values(pkg.exports)) {
    const source = target.source.replace(/^\.\//, '')
    const files = source.includes('*') ? plugins.map((id) => source.replace('*', id)) : [source]
    for (const file of files) if (existsSync(join(root, file)) && !out.includes(file)) out.push(file)
  }
  return out
}
