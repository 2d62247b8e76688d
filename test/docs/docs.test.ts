// The docs site (docs/, VitePress) and the README, checked in CI:
// - README.md stays a front page (≤ 12 kB) with a row per plugins/ folder, and every folder has its docs page;
// - the site builds (scripts/docsBuild.mjs: the TypeDoc reference, then VitePress, which fails on a dead internal
//   link), and the built pages load nothing from another site (no font, script or stylesheet: it works offline);
// - every TypeScript / TSX sample in docs/**/*.md and README.md type-checks against the package's sources (a fence marked
//   `ts no-check` is a sketch and is skipped; a fence titled `[path]` is written at that path, so samples of one page
//   can import each other);
// - every name exported by a package entry point (package.json "exports") has an entry in the generated reference;
// - every plugin page names the error codes its server half declares;
// - every plugin page shows at least one screenshot (docs/images/e2e comes from the e2e suite: FOYER_DOCS_SHOTS=1), and
//   every image a page or the README shows exists.
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM helper without types
import { docsEntryPoints, repoRoot } from '../../scripts/docsEntryPoints.mjs'

const root: string = repoRoot
const docs = join(root, 'docs')
const plugins = readdirSync(join(root, 'plugins')).filter((name) => statSync(join(root, 'plugins', name)).isDirectory()).sort()
const README_BUDGET = 12 * 1024

/** Markdown pages of the site, except the generated reference. */
function pages(dir = docs): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'reference' || entry.name.startsWith('.') || entry.name === 'node_modules' ? [] : pages(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

describe('README.md', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')

  it(`is at most ${README_BUDGET} bytes`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(README_BUDGET)
  })

  it('has a row for every plugins/ folder, linking to its docs page, and every folder has that page', () => {
    for (const id of plugins) {
      expect(readme, `README row for ${id}`).toContain(`| [${id}](docs/plugins/${id}.md) |`)
      expect(existsSync(join(docs, 'plugins', `${id}.md`)), `docs/plugins/${id}.md`).toBe(true)
    }
  })
})

/** The local images `text` (a Markdown page at `page`) shows, `![alt](path)` or `<img src>`, each as its path on disk. */
function localImages(page: string, text: string): string[] {
  const targets = [...text.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!)
  return targets.filter((target) => !/^(?:[a-z]+:)?\/\//i.test(target) && !target.startsWith('data:')).map((target) => {
    const path = decodeURI(target.replace(/[?#].*$/, ''))
    // VitePress resolves '/x' from docs/public.
    return path.startsWith('/') ? join(docs, 'public', path) : join(dirname(page), path)
  })
}

/** Each image `text` shows whose file is missing, as 'page: path'. */
function missingImages(page: string, text: string): string[] {
  return localImages(page, text).filter((path) => !existsSync(path)).map((path) => `${relative(root, page)}: ${relative(root, path)}`)
}

describe('the images', () => {
  const pluginPages = readdirSync(join(docs, 'plugins')).filter((name) => name.endsWith('.md') && name !== 'index.md').sort()

  it('every plugin page shows at least one screenshot whose file exists', () => {
    expect(pluginPages.length).toBeGreaterThanOrEqual(plugins.length)
    const without = pluginPages.filter((name) => {
      const page = join(docs, 'plugins', name)
      return localImages(page, readFileSync(page, 'utf8')).filter((path) => existsSync(path)).length === 0
    })
    expect(without).toEqual([])
  })

  it('every image the site or the README shows exists', () => {
    const missing = [...pages(), join(root, 'README.md')].flatMap((page) => missingImages(page, readFileSync(page, 'utf8')))
    expect(missing).toEqual([])
  })

  it('a missing image is reported (the check above can fail)', () => {
    const page = join(docs, 'plugins', 'example.md')
    const text = '![shown](../images/e2e/no-such-shot.png){width=320}\n<img src="../images/screens/none.png">\n![remote](https://example.com/a.png)'
    expect(missingImages(page, text)).toEqual(['docs/plugins/example.md: docs/images/e2e/no-such-shot.png', 'docs/plugins/example.md: docs/images/screens/none.png'])
  })
})

describe('the plugin pages', () => {
  it("name every error code each server half declares (its errorCodes), so a page can't fall behind its plugin", async () => {
    const missing: string[] = []
    for (const id of plugins) {
      const server = join(root, 'plugins', id, 'server.ts')
      if (!existsSync(server)) continue
      const page = readFileSync(join(docs, 'plugins', `${id}.md`), 'utf8')
      const module: Record<string, unknown> = await import(server)
      for (const [name, factory] of Object.entries(module)) {
        if (!/^[a-z]\w*Server$/.test(name) || typeof factory !== 'function') continue
        const plugin = (factory as () => { id?: string; errorCodes?: readonly string[] })()
        for (const code of plugin.errorCodes ?? []) if (!page.includes(`\`${code}\``)) missing.push(`docs/plugins/${id}.md: ${code}`)
      }
    }
    expect(missing).toEqual([])
  })
})

describe('the docs site', () => {
  const samples = join(root, '.tmp', 'docs-samples')
  const log = join(root, '.tmp', 'docs-build.log')
  let build: Promise<{ code: number; ms: number }>

  beforeAll(() => {
    // The build runs in its own process (TypeDoc's program, then VitePress) while this worker type-checks the samples.
    mkdirSync(dirname(log), { recursive: true })
    const out = openSync(log, 'w')
    const started = Date.now()
    const child = spawn(process.execPath, [join(root, 'scripts/docsBuild.mjs')], { cwd: root, stdio: ['ignore', out, out] })
    build = new Promise((resolve) => child.on('close', (code) => (closeSync(out), resolve({ code: code ?? 1, ms: Date.now() - started }))))
  })

  afterAll(() => rmSync(samples, { recursive: true, force: true }))

  it('type-checks every TypeScript / TSX sample, and every entry point export is named in the API reference', async () => {
    rmSync(samples, { recursive: true, force: true })
    const files: string[] = []
    for (const page of [...pages(), join(root, 'README.md')]) {
      const text = readFileSync(page, 'utf8')
      const folder = join(samples, page.startsWith(docs) ? relative(docs, page).replace(/\.md$/, '') : 'README')
      let n = 0
      for (const match of text.matchAll(/^```(ts|tsx)(?:[ \t]+([^\n]*))?\n([\s\S]*?)^```/gm)) {
        const [, lang, info = '', code = ''] = match
        if (/\bno-check\b/.test(info)) continue
        const title = /\[([^\]]+)\]/.exec(info)?.[1]
        const file = join(folder, title ?? `sample-${++n}.${lang}`)
        mkdirSync(dirname(file), { recursive: true })
        // A sample without import or export would share the global scope with the others: make it a module.
        writeFileSync(file, /^\s*(import|export)\s/m.test(code) ? code : `${code}\nexport {}\n`)
        files.push(file)
      }
    }
    expect(files.length).toBeGreaterThan(5)

    const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!
    const entries: string[] = docsEntryPoints().map((file: string) => join(root, file))
    const program = ts.createProgram({ rootNames: [...files, ...entries], options: { ...config.options, noEmit: true } })
    const problems = files.flatMap((file) => {
      const source = program.getSourceFile(file)!
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0)
        return `${relative(samples, file)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
      })
    })
    expect(problems).toEqual([])

    const { code, ms } = await build
    expect(code, `docs build failed, see ${relative(root, log)}:\n${readFileSync(log, 'utf8').slice(-3000)}`).toBe(0)
    console.log(`docs build: ${(ms / 1000).toFixed(1)} s`)

    const checker = program.getTypeChecker()
    const missing: string[] = []
    for (const entry of entries) {
      const symbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)
      const names = symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : []
      expect(names.length, `${relative(root, entry)} exports nothing?`).toBeGreaterThan(0)
      // Its module's page: a heading per export (`### name`, `### name()` for a function, `\_` escaped).
      const page = join(docs, 'reference', `${relative(root, entry).replace(/\.tsx?$/, '').replace(/\/index$/, '')}.md`)
      const headings = existsSync(page) ? new Set([...readFileSync(page, 'utf8').matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!.replace(/\\(.)/g, '$1').replace(/~~/g, '').replace(/\(\)$/, '').trim())) : new Set<string>()
      for (const name of names) if (!headings.has(name)) missing.push(`${relative(root, entry)}: ${name}`)
    }
    expect(missing).toEqual([])
  }, 240_000)

  it('loads nothing from another site (fonts, scripts, styles), so a built copy works offline', async () => {
    expect((await build).code).toBe(0)
    const dist = join(docs, '.vitepress', 'dist')
    const offSite: string[] = []
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.(html|css)$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8')
          // Resources a page loads: <script src>, <link href> (stylesheets, fonts, preloads, icons), <img src>, CSS url().
          const found = [
            ...text.matchAll(/<(?:script|img|iframe|source)[^>]*\ssrc="((?:https?:)?\/\/[^"]+)"/g),
            ...text.matchAll(/<link[^>]*\shref="((?:https?:)?\/\/[^"]+)"/g),
            ...text.matchAll(/url\(\s*['"]?((?:https?:)?\/\/[^)'"]+)/g),
            ...text.matchAll(/@import\s+['"]((?:https?:)?\/\/[^'"]+)/g),
          ]
          for (const m of found) offSite.push(`${relative(dist, path)}: ${m[1]}`)
        }
      }
    }
    walk(dist)
    expect(existsSync(join(dist, 'index.html'))).toBe(true)
    expect(offSite).toEqual([])
  }, 240_000)
})
