import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createStaticAsset, etagOf, ifNoneMatchTags, negotiateEncoding } from './staticAsset.js'

const ALL = ['br', 'gzip', 'identity'] as const

describe('negotiateEncoding', () => {
  it('takes the highest q-value, brotli before gzip on a tie, identity when the header is absent or empty', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', ALL)).toBe('br')
    expect(negotiateEncoding('gzip, deflate', ALL)).toBe('gzip')
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8', ALL)).toBe('gzip')
    expect(negotiateEncoding('br;q=0.8, gzip', ALL)).toBe('gzip')
    expect(negotiateEncoding('GZIP;Q=0.2, BR;Q=0.9', ALL)).toBe('br')
    expect(negotiateEncoding('x-gzip', ALL)).toBe('gzip')
    expect(negotiateEncoding(undefined, ALL)).toBe('identity')
    expect(negotiateEncoding('', ALL)).toBe('identity')
  })

  it('q=0 refuses a coding; * stands for the ones not named; identity is acceptable unless excluded', () => {
    expect(negotiateEncoding('br;q=0, gzip;q=0', ALL)).toBe('identity')
    expect(negotiateEncoding('*', ALL)).toBe('br')
    expect(negotiateEncoding('br;q=0, *;q=0.5', ALL)).toBe('gzip')
    expect(negotiateEncoding('identity;q=1, br;q=0.5', ALL)).toBe('identity')
    expect(negotiateEncoding('deflate', ALL)).toBe('identity')
    expect(negotiateEncoding('identity', ALL)).toBe('identity')
    // Nothing acceptable: identity anyway (RFC 9110 §12.5.3), never a coding the client refused.
    expect(negotiateEncoding('identity;q=0, br;q=0', ALL)).toBe('identity')
    expect(negotiateEncoding('*;q=0', ALL)).toBe('identity')
  })

  it('only among the codings kept', () => {
    expect(negotiateEncoding('br, gzip;q=0.5', ['gzip', 'identity'])).toBe('gzip')
    expect(negotiateEncoding('br', ['identity'])).toBe('identity')
  })
})

describe('If-None-Match', () => {
  it('lists strong and weak tags (weak compared as strong) and *', () => {
    expect(ifNoneMatchTags('"a", W/"b-gzip" ,"c"')).toEqual(['"a"', '"b-gzip"', '"c"'])
    expect(ifNoneMatchTags('*')).toEqual(['*'])
    expect(ifNoneMatchTags(undefined)).toEqual([])
  })
})

describe('createStaticAsset', () => {
  it('names the file by its SHA-256, keeps brotli and gzip copies that decompress to the same bytes, one strong tag per coding', async () => {
    const bytes = Buffer.from('export const frame = "wallet";\n'.repeat(500))
    const asset = await createStaticAsset({ name: 'frame', ext: 'js', contentType: 'text/javascript' }, bytes)
    expect(asset.path).toMatch(/^\/assets\/frame-[0-9a-f]{16}\.js$/)
    expect(asset.path).toContain(asset.sha256.slice(0, 16))
    expect(brotliDecompressSync(asset.bodies.br!).equals(bytes)).toBe(true)
    expect(gunzipSync(asset.bodies.gzip!).equals(bytes)).toBe(true)
    expect(asset.bodies.br!.length).toBeLessThan(bytes.length / 10)
    const tags = ALL.map((coding) => etagOf(asset.sha256, coding))
    expect(new Set(tags).size).toBe(3)
    for (const tag of tags) expect(tag).toMatch(/^"[0-9a-f]{32}(-br|-gzip)?"$/)
    const other = await createStaticAsset({ name: 'frame', ext: 'js', contentType: 'text/javascript' }, Buffer.concat([bytes, Buffer.from(' ')]))
    expect(other.path).not.toBe(asset.path)
  })

  it('keeps no copy that is not smaller than the bytes', async () => {
    const tiny = await createStaticAsset({ name: 'x', ext: 'js', contentType: 'text/javascript' }, Buffer.from('1'))
    expect(Object.keys(tiny.bodies)).toEqual(['identity'])
  })
})
