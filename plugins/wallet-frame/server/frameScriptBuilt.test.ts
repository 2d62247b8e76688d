import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loadFrameAssets } from './frameScript.js'

describe('loadFrameAssets from a built package', () => {
  it("serves the build's compressed copies when they match the script, and compresses again one that doesn't", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-frame-assets-'))
    try {
      const built = join(dir, 'foyer-frame.js')
      const bytes = Buffer.from('console.log("frame");\n'.repeat(300))
      writeFileSync(built, bytes)
      const br = brotliCompressSync(bytes)
      writeFileSync(`${built}.br`, br)
      writeFileSync(`${built}.gz`, gzipSync(Buffer.from('an older script')))
      const assets = (await loadFrameAssets([], { entry: join(dir, 'no-source.ts'), built }))!
      expect(Buffer.from(assets.script.bodies.identity).equals(bytes)).toBe(true)
      expect(Buffer.compare(assets.script.bodies.br!, br)).toBe(0)
      expect(gunzipSync(assets.script.bodies.gzip!).equals(bytes)).toBe(true)
      expect(assets.byPath.get(assets.script.path)).toBe(assets.script)
      expect(await loadFrameAssets([], { entry: join(dir, 'no-source.ts'), built: join(dir, 'none.js') })).toBeNull()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
