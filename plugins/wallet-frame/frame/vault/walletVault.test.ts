import { afterEach, describe, expect, it, vi } from 'vitest'
import { b64, makeWallet } from '../../../../test/kit/embeddedWallets.js'
import { stubDeviceKey } from '../../../../test/kit/testDevice.js'
import type { DeviceShareStore } from './deviceShareStore.js'
import { createWalletVault } from './walletVault.js'

/** A device-share store in memory (the real one is IndexedDB, in the frame's origin). */
function memoryStore(): DeviceShareStore {
  const shares = new Map<string, Uint8Array>()
  return {
    get: async (rootId) => shares.get(rootId) ?? null,
    put: async (rootId, share) => void shares.set(rootId, share.slice()),
    remove: async (rootId) => void shares.delete(rootId),
  }
}

/** The server's auth_share answer for a wallet root, with the session's MFA window (or none). */
async function authShareServer(mfaValidForMs: number | null) {
  const wallet = await makeWallet()
  const calls: string[] = []
  const answer = {
    root_id: 'root-1',
    chain_type: 'ethereum',
    imported: false,
    recovery_method: 'privy',
    wallet_index: 0,
    wallets: [{ address: wallet.address, wallet_index: 0 }],
    user_id: 'did:foyer:u1',
    mfa_valid_for_ms: mfaValidForMs,
    auth_share: b64(wallet.shares.auth),
  }
  vi.stubGlobal('fetch', async (url: URL) => {
    calls.push(url.pathname)
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
  })
  const store = memoryStore()
  await store.put('root-1', wallet.shares.device)
  return { wallet, calls, vault: createWalletVault({ apiUrl: 'http://localhost:8787', appId: 'app', device: stubDeviceKey }, store) }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the vault keeps a rebuilt secret only as long as the MFA window', () => {
  it('with MFA: unlocked once, used from memory inside the window, unlocked again (a new auth-share call) after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { wallet, calls, vault } = await authShareServer(60_000)
    expect((await vault.wallet(wallet.address, 'token')).walletIndex).toBe(0)
    await vault.wallet(wallet.address, 'token')
    expect(calls).toEqual(['/api/v1/embedded_wallets/auth_share'])
    vi.advanceTimersByTime(60_001)
    await vault.wallet(wallet.address, 'token')
    expect(calls).toHaveLength(2)
  })

  it('without MFA: kept for the frame’s life', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { wallet, calls, vault } = await authShareServer(null)
    await vault.wallet(wallet.address, 'token')
    vi.advanceTimersByTime(24 * 3600_000)
    await vault.wallet(wallet.address, 'token')
    expect(calls).toHaveLength(1)
  })
})
