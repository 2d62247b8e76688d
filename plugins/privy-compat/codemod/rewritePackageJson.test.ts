import { describe, expect, it } from 'vitest'
import { rewritePackageJson } from './rewritePackageJson.js'

describe('rewritePackageJson', () => {
  it('replaces Privy’s React packages with foyer where the first of them was, keeping an unsorted section’s order', () => {
    const text = JSON.stringify({ name: 'app', dependencies: { react: '^19', '@privy-io/react-auth': '^3.1.0', zod: '^4', '@privy-io/wagmi': '^4' } }, null, 4)
    expect(rewritePackageJson(text, '1.2.3')).toBe(JSON.stringify({ name: 'app', dependencies: { react: '^19', foyer: '^1.2.3', zod: '^4' } }, null, 4))
  })

  it('keeps a sorted section sorted, the final newline, and an existing foyer', () => {
    const text = `${JSON.stringify({ dependencies: { '@privy-io/react-auth': '^3', next: '15', react: '19' }, devDependencies: { '@privy-io/wagmi': '^4' } }, null, 2)}\n`
    expect(rewritePackageJson(text, '0.1.0')).toBe(`${JSON.stringify({ dependencies: { foyer: '^0.1.0', next: '15', react: '19' }, devDependencies: {} }, null, 2)}\n`)
    const withFoyer = JSON.stringify({ dependencies: { foyer: '^0.0.9', '@privy-io/react-auth': '^3' } })
    expect(rewritePackageJson(withFoyer, '0.1.0')).toBe(JSON.stringify({ dependencies: { foyer: '^0.0.9' } }))
  })

  it('answers null when there is nothing to replace (other @privy-io packages stay)', () => {
    expect(rewritePackageJson(JSON.stringify({ dependencies: { '@privy-io/server-auth': '^1' } }), '0.1.0')).toBeNull()
    expect(rewritePackageJson('{"name":"x"}', '0.1.0')).toBeNull()
  })
})
