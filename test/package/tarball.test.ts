import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { run } from './kit/run.js'

type Exports = Record<string, Record<string, string>>

/** The installed package (the tarball unpacked by npm into the esbuild host). */
const installed = () => join(inject('hosts').esbuild, 'node_modules/foyer')
const pluginIds = () => readdirSync(join(installed(), 'dist/plugins'))

describe('the packed package', () => {
  it('carries dist/ for every export, types first, and no TypeScript sources', async () => {
    const { output } = await run('tar', ['-tzf', inject('tarball')], { cwd: installed() })
    const files = new Set(output.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')))
    expect(files.has('package.json')).toBe(true)
    expect([...files].filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))).toEqual([])
    const manifest = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as { exports: Exports; scripts: Record<string, string> }
    expect(manifest.scripts.prepack).toBeTruthy()
    // The wildcard exports: every plugin has an entry, those with a server half a `/server` entry.
    // Server-only plugins (the operator's side: no client half) have no `foyer/plugins/<id>` entry; the list is exact, so
    // a plugin whose client entry went missing from the build still fails here.
    const serverOnly = pluginIds().filter((id) => !files.has(`dist/plugins/${id}/index.js`))
    expect(serverOnly.sort()).toEqual(['admin-console', 'management', 'webhooks'])
    const ids = pluginIds().filter((id) => !serverOnly.includes(id))
    const serverIds = pluginIds().filter((id) => files.has(`dist/plugins/${id}/server.js`))
    expect(serverIds.length).toBeGreaterThan(5)
    const missing: string[] = []
    for (const [subpath, conditions] of Object.entries(manifest.exports)) {
      // TypeScript and bundlers take the first matching condition: `types` must come before `import`.
      expect(Object.keys(conditions).filter((c) => c !== 'source'), subpath).toEqual(['types', 'import'])
      for (const condition of ['types', 'import']) {
        const target = conditions[condition]!.replace(/^\.\//, '')
        const expanded = !target.includes('*') ? [target] : (subpath.endsWith('/server') ? serverIds : ids).map((id) => target.replace('*', id))
        for (const file of expanded) if (!files.has(file)) missing.push(`${subpath} ${condition}: ${file}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('carries the built admin console (scripts/buildConsole.mts): its manifest, every file it names with .br and .gz copies, no console sources', async () => {
    const { output } = await run('tar', ['-tzf', inject('tarball')], { cwd: installed() })
    const files = new Set(output.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')))
    const dir = 'dist/plugins/admin-console/console-assets'
    const manifest = JSON.parse(readFileSync(join(installed(), dir, 'manifest.json'), 'utf8')) as { entry: string; files: string[] }
    expect(manifest.files).toContain(manifest.entry)
    const absent = manifest.files.flatMap((name) => [name, ...(name.endsWith('.js') ? [`${name}.br`, `${name}.gz`] : [])]).filter((name) => !files.has(`${dir}/${name}`))
    expect(absent).toEqual([])
    expect([...files].filter((f) => f.startsWith('dist/plugins/admin-console/console/'))).toEqual([])
  })

  it("marks the React entry points 'use client' for Next.js App Router", () => {
    for (const file of ['dist/ui/foyer.js', 'dist/ui/index.js']) {
      expect(readFileSync(join(installed(), file), 'utf8').split('\n')[0], file).toBe("'use client';")
    }
  })

  it('imports every client entry point and renders FoyerProvider to HTML in plain Node: nothing touches window at import or in a server render', async () => {
    const host = inject('hosts').nextjs
    const entries = ['foyer', 'foyer/ui', 'foyer/core', ...pluginIds().filter((id) => existsSync(join(installed(), 'dist/plugins', id, 'index.js'))).map((id) => `foyer/plugins/${id}`)]
    const script = `
      // Node 20 has no window, document, localStorage, location or navigator: touching one throws here.
      if (typeof window !== 'undefined' || typeof document !== 'undefined' || typeof navigator !== 'undefined') throw new Error('not a server environment')
      const entries = ${JSON.stringify(entries)}
      for (const entry of entries) await import(entry)
      const { createElement } = await import('react')
      const { renderToString } = await import('react-dom/server')
      const { FoyerProvider, useFoyer } = await import('foyer')
      const { email } = await import('foyer/plugins/email')
      function Probe() { const { ready } = useFoyer(); return createElement('p', null, ready ? 'ready' : 'not ready') }
      const html = renderToString(createElement(FoyerProvider, { appId: 'foyer_dev_app_00000000001', apiUrl: 'http://localhost:1', plugins: [email()] }, createElement(Probe)))
      console.log('HTML ' + html + ' ENTRIES ' + entries.length)
    `
    const { output } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: host })
    expect(output).toContain('HTML <p>not ready</p>')
    expect(output).toContain(`ENTRIES ${entries.length}`)
  })
})
