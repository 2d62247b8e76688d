import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { countPackages } from './kit/countPackages.js'

// The optional peers (and packages only they bring: ox, @solana/web3.js): a host installs the ones it uses.
const OPTIONAL_PEERS = ['viem', '@solana/web3.js', '@walletconnect/ethereum-provider', '@coinbase/wallet-sdk', 'permissionless', 'ox']
// Privy's React SDK installs 680 packages; Foyer's e-mail-only footprint is held well under it.
const PACKAGE_BUDGET = 150

describe('the install footprint of an e-mail-only host', () => {
  it('installs none of the optional peers, and few packages', async () => {
    const host = inject('hosts').esbuild
    const { count, names } = await countPackages(host)
    console.log(`[package] npm install foyer react react-dom (e-mail-only host): ${count} packages (Privy: 680)`)
    for (const peer of OPTIONAL_PEERS) {
      expect(names, peer).not.toContain(peer)
      expect(existsSync(join(host, 'node_modules', peer)), peer).toBe(false)
    }
    expect(names).toEqual(expect.arrayContaining(['foyer', 'react', 'react-dom']))
    expect(count).toBeLessThanOrEqual(PACKAGE_BUDGET)
  })
})
