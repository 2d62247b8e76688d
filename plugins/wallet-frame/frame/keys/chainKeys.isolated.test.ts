// Isolated (fresh modules): the frame's chain keys are module state, given once per page.
import { describe, expect, it, vi } from 'vitest'
import { ethereumKeys as ethereumModule } from '../ethereum/ethereumKeys.js'
import { solanaKeys as solanaModule } from '../solana/solanaKeys.js'
import { addressOf, chainKeys, chainReady, provideChainKeys, signCustodyStatement, solanaKeys } from './chainKeys.js'
import { newWalletSecret } from './walletSecret.js'

describe("the frame's chain keys: each chain's module loads at its first wallet", () => {
  it('refuses a chain until its keys are given, loads them once through the loader (retrying a failed load), and only that chain', async () => {
    const secret = newWalletSecret()
    for (const chain of ['ethereum', 'solana'] as const) {
      await expect(chainReady(chain)).rejects.toMatchObject({ name: 'FrameFailure', message: 'Unable to connect to wallet' })
      expect(() => addressOf(chain, secret, 0)).toThrow('Unable to connect to wallet')
    }
    const ethereumLoader = vi.fn().mockResolvedValue(ethereumModule)
    const solanaLoader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(solanaModule)
    provideChainKeys('ethereum', ethereumLoader)
    provideChainKeys('solana', solanaLoader)
    await chainReady('ethereum')
    expect(solanaLoader).not.toHaveBeenCalled()
    expect(addressOf('ethereum', secret, 0)).toBe(ethereumModule.keyOf(secret, 0).address)
    expect(signCustodyStatement('ethereum', secret, 0, 'statement')).toMatch(/^0x[0-9a-f]{130}$/)
    expect(() => addressOf('solana', secret, 0)).toThrow('Unable to connect to wallet')
    await expect(chainReady('solana')).rejects.toThrow('offline')
    await Promise.all([chainReady('solana'), chainReady('solana')])
    expect(solanaLoader).toHaveBeenCalledTimes(2)
    expect(solanaKeys()).toBe(solanaModule)
    expect(chainKeys('ethereum')).toBe(ethereumModule)
    expect(addressOf('solana', secret, 1)).toBe(solanaModule.keypairOf(secret, 1).address)
    await Promise.all([chainReady('solana'), chainReady('ethereum')])
    expect(solanaLoader).toHaveBeenCalledTimes(2)
    expect(ethereumLoader).toHaveBeenCalledTimes(1)
  })
})
