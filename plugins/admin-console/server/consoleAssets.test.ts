import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleConsole, CONSOLE_ASSETS_PATH, loadConsoleAssets, loadedWith, writeConsole, type ConsoleBuild } from './consoleAssets.js'

const isRecharts = (input: string) => /node_modules\/(recharts|victory-vendor|d3-[a-z-]+|@reduxjs)\//.test(input)

describe('the admin console bundle', () => {
  let build: ConsoleBuild
  beforeAll(async () => {
    build = await bundleConsole()
  }, 60_000)

  it("keeps recharts out of the first load: the entry's static import closure has none of its modules, a lazy chunk has them", () => {
    const initial = loadedWith(build, build.entry)
    const initialInputs = [...initial].flatMap((name) => build.inputs![name] ?? [])
    // The closure is real: React and the console's own modules are in it.
    expect(initialInputs.some((input) => input.endsWith('plugins/admin-console/console/AdminGate.tsx'))).toBe(true)
    expect(initialInputs.some((input) => input.includes('node_modules/react-dom/'))).toBe(true)
    expect(initialInputs.filter(isRecharts)).toEqual([])
    expect(initialInputs.some((input) => input.endsWith('console/StatsCharts.tsx'))).toBe(false)
    const lazy = build.files.map((file) => file.name).filter((name) => !initial.has(name) && (build.inputs![name] ?? []).some((input) => input.includes('node_modules/recharts/')))
    expect(lazy.length).toBeGreaterThan(0)
    // And the text of the first load names nothing of recharts' own (its components' display names).
    const text = [...initial].map((name) => new TextDecoder().decode(build.files.find((file) => file.name === name)!.bytes)).join('\n')
    expect(text).not.toMatch(/recharts-(bar|surface|cartesian)/)
  })

  it('the first load is at most 150 kB gzip (the issue\'s budget) and links a stylesheet', () => {
    const bytes = new Map(build.files.map((file) => [file.name, file.bytes]))
    const gz = [...loadedWith(build, build.entry)].reduce((sum, name) => sum + gzipSync(bytes.get(name)!, { level: 9 }).length, 0)
    expect(gz).toBeGreaterThan(20 * 1024)
    expect(gz).toBeLessThanOrEqual(150 * 1024)
    expect(build.style).toMatch(/\.css$/)
  })
})

describe('the built console (the package)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-console-assets-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('writes every file with its .br and .gz copies and a manifest, and serves them from there when no source is around', async () => {
    const written = await writeConsole(dir)
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { entry: string; files: string[] }
    expect(manifest.entry).toBe(written.entry)
    expect(manifest.files.length).toBe(written.files.length)
    expect(existsSync(join(dir, `${written.entry}.br`))).toBe(true)
    const assets = (await loadConsoleAssets({ entry: join(dir, 'no-source.tsx'), builtDir: dir }))!
    expect(assets.script.path).toBe(`${CONSOLE_ASSETS_PATH}/${written.entry}`)
    // The build's own brotli copy is what is served.
    expect(Buffer.compare(Buffer.from(assets.script.bodies.br!), readFileSync(join(dir, `${written.entry}.br`)))).toBe(0)
    expect(brotliDecompressSync(assets.script.bodies.br!).equals(Buffer.from(assets.script.bodies.identity))).toBe(true)
    expect(assets.preload.map((asset) => asset.path).sort()).toEqual(
      [...loadedWith(written, written.entry)].filter((name) => name !== written.entry).map((name) => `${CONSOLE_ASSETS_PATH}/${name}`).sort(),
    )
    expect(assets.style?.contentType).toBe('text/css; charset=utf-8')
    expect(assets.byPath.get(assets.modalStyle.path)).toBe(assets.modalStyle)
    expect(await loadConsoleAssets({ entry: join(dir, 'no-source.tsx'), builtDir: join(dir, 'none') })).toBeNull()
  }, 60_000)
})
