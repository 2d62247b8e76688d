// `npm run docs:build`: the API reference (TypeDoc + typedoc-plugin-markdown, from the package's entry points into
// docs/reference/, git-ignored), then the VitePress site into docs/.vitepress/dist (which fails on a dead internal link).
// `--reference` makes only the reference (what `npm run docs` needs before its dev server starts).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Application } from 'typedoc'
import { docsEntryPoints, repoRoot } from './docsEntryPoints.mjs'

/** Writes docs/reference/ from the package's entry points. */
export async function buildReference(root = repoRoot) {
  const out = join(root, 'docs/reference')
  rmSync(out, { recursive: true, force: true })
  const app = await Application.bootstrapWithPlugins({
    options: join(root, 'typedoc.json'),
    entryPoints: docsEntryPoints(root).map((file) => join(root, file)),
  })
  const project = await app.convert()
  if (!project) throw new Error('TypeDoc could not convert the entry points')
  await app.generateOutputs(project)
  // Signatures and comments are text, never Vue templates: each page goes in a v-pre container.
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue
    const file = join(entry.parentPath ?? entry.path, entry.name)
    writeFileSync(file, `::: v-pre\n${readFileSync(file, 'utf8')}\n:::\n`)
  }
  return project
}

/** Builds the whole site (reference first). */
export async function buildDocs(root = repoRoot) {
  await buildReference(root)
  const { build } = await import('vitepress')
  await build(join(root, 'docs'))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now()
  if (process.argv.includes('--reference')) await buildReference()
  else await buildDocs()
  console.log(`docs built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
