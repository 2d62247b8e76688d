// Isolated (fresh modules): the frame's Solana keys are module state, given once per page.
import { describe, expect, it, vi } from 'vitest'
import { solanaKeys as solanaModule } from '../solana/solanaKeys.js'
import { addressOf, chainReady, provideSolanaKeys, solanaKeys } from './chainKeys.js'
import { newWalletSecret } from './walletSecret.js'

describe("the frame's chain keys: Solana's load at the first Solana wallet", () => {
  it('refuses Solana until the keys are given, loads them once through the loader (retrying a failed load), and never for Ethereum', async () => {
    const secret = newWalletSecret()
    await expect(chainReady('ethereum')).resolves.toBeUndefined()
    expect(addressOf('ethereum', secret, 0)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(chainReady('solana')).rejects.toMatchObject({ name: 'FrameFailure', message: 'Unable to connect to wallet' })
    expect(() => addressOf('solana', secret, 0)).toThrow('Unable to connect to wallet')
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(solanaModule)
    provideSolanaKeys(loader)
    await expect(chainReady('ethereum')).resolves.toBeUndefined()
    expect(loader).not.toHaveBeenCalled()
    await expect(chainReady('solana')).rejects.toThrow('offline')
    await Promise.all([chainReady('solana'), chainReady('solana')])
    expect(loader).toHaveBeenCalledTimes(2)
    expect(solanaKeys()).toBe(solanaModule)
    expect(addressOf('solana', secret, 1)).toBe(solanaModule.keypairOf(secret, 1).address)
    await chainReady('solana')
    expect(loader).toHaveBeenCalledTimes(2)
  })
})
