import { x25519 } from '@noble/curves/ed25519'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubDeviceKey } from '../../../test/kit/testDevice.js'
import { consentToDelegation } from './delegation.js'
import { FrameFailure } from './frameFailure.js'
import { openDelegationEnvelope, type DelegationEnvelope } from './keys/delegationEnvelope.js'
import { solanaKeypairOf } from './keys/solanaKeypair.js'
import { newWalletSecret } from './keys/walletSecret.js'
import type { WalletVault } from './walletVault.js'

const server = x25519.utils.randomSecretKey()
const target = { apiUrl: 'http://api.test', appId: 'foyer_test_app_0000000001', device: stubDeviceKey }
const secret = newWalletSecret()
// The user's second Solana wallet (walletIndex 1) is the one delegated.
const wallet = solanaKeypairOf(secret, 1)

/** A vault whose wallet at any address is walletIndex 1 of `secret` on `chainType`. */
const vaultOf = (chainType: 'solana' | 'ethereum') =>
  ({ target, wallet: async () => ({ secret, walletIndex: 1, root: { rootId: 'r', chainType, imported: false, recoveryMethod: 'privy', wallets: [] } }) }) as unknown as WalletVault

afterEach(() => vi.unstubAllGlobals())

describe("the frame's delegation consent", () => {
  it("seals exactly that wallet's derived key (not the root secret) to the server's key, bound to app, user and address, and posts it", async () => {
    const posted: { path: string; body: any; origin?: string }[] = []
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      const body = JSON.parse(String(init.body))
      posted.push({ path: url.pathname, body })
      if (url.pathname.endsWith('/signer_key')) return Response.json({ public_key: Buffer.from(x25519.getPublicKey(server)).toString('base64'), key_id: 'k1', user_id: 'user-9' })
      return Response.json({ id: 'user-9', createdAt: 1, linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: true, isGuest: false })
    })
    const answer = await consentToDelegation(vaultOf('solana'), wallet.address, 'token')
    expect(answer).toMatchObject({ address: wallet.address, delegated: true })
    expect(posted.map((p) => p.path)).toEqual(['/api/v1/delegated_actions/signer_key', '/api/v1/delegated_actions/consent'])
    const consent = posted[1]!.body as { address: string; chain_type: string; key_id: string; envelope: DelegationEnvelope }
    expect(consent).toMatchObject({ address: wallet.address, chain_type: 'solana', key_id: 'k1' })
    const opened = await openDelegationEnvelope(consent.envelope, server, { appId: target.appId, userId: 'user-9', address: wallet.address })
    expect(Buffer.from(opened).equals(Buffer.from(solanaKeypairOf(secret, 1).secretKey))).toBe(true)
    expect(Buffer.from(opened).equals(Buffer.from(solanaKeypairOf(secret, 0).secretKey))).toBe(false)
    // Nothing the frame sent carries the key in clear.
    expect(JSON.stringify(posted)).not.toContain(Buffer.from(opened).toString('base64'))
  })

  it('refuses an Ethereum wallet or a non-Solana address before any server call', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    await expect(consentToDelegation(vaultOf('ethereum'), wallet.address, 'token')).rejects.toBeInstanceOf(FrameFailure)
    await expect(consentToDelegation(vaultOf('solana'), '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'token')).rejects.toThrow('Solana wallets only')
    expect(fetch).not.toHaveBeenCalled()
  })
})
