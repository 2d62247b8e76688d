import { x25519 } from '@noble/curves/ed25519'
import { describe, expect, it, vi } from 'vitest'
import type { ApiCallDef } from '../../core/client/apiCallDef.js'
import { FrameFailure, testFrameKernel } from '../wallet-frame/frame.js'
import { openDelegationEnvelope, type DelegationEnvelope } from './delegationEnvelope.js'
import delegationFrame from './frame.js'
import { delegatedActionsFrameEvents as events } from './frameEvents.js'

const server = x25519.utils.randomSecretKey()
const APP_ID = 'foyer_test_app_0000000001'
const secret = crypto.getRandomValues(new Uint8Array(16))

/** The kernel's API calls, answered as the server would (signer key, then the consent). */
function serverCalls() {
  const posted: { path: string; input: any; accessToken: unknown }[] = []
  const call = vi.fn(async (def: ApiCallDef, input: unknown, accessToken: unknown) => {
    posted.push({ path: def.path, input, accessToken })
    if (def.path.endsWith('/signer_key')) return { public_key: Buffer.from(x25519.getPublicKey(server)).toString('base64'), key_id: 'k1', user_id: 'user-9' }
    return { id: 'user-9' }
  })
  return { posted, call: call as never }
}

describe("delegated actions' frame half: the consent", () => {
  it("seals exactly that wallet's key (not the root secret, not another wallet's) to the server's key, bound to app, user and address, and posts it", async () => {
    const { posted, call } = serverCalls()
    const kernel = testFrameKernel({ secret, chainType: 'solana', call, appId: APP_ID })
    // The user's second Solana wallet (walletIndex 1) is the one delegated.
    const address = kernel.addressAt(1)
    const answer = await delegationFrame.handlers(kernel)[events.consent]!({ address, accessToken: 'token' })
    expect(answer).toEqual({ address, delegated: true })
    expect(posted.map((p) => p.path)).toEqual(['/api/v1/delegated_actions/signer_key', '/api/v1/delegated_actions/consent'])
    expect(posted.every((p) => p.accessToken === 'token')).toBe(true)
    const consent = posted[1]!.input as { address: string; chain_type: string; key_id: string; envelope: DelegationEnvelope }
    expect(consent).toMatchObject({ address, chain_type: 'solana', key_id: 'k1' })
    const opened = await openDelegationEnvelope(consent.envelope, server, { appId: APP_ID, userId: 'user-9', address })
    const wallet = await kernel.wallet(address, 'token')
    expect(Buffer.from(opened).equals(Buffer.from(kernel.solanaKeypair(wallet).secretKey))).toBe(true)
    const other = await kernel.wallet(kernel.addressAt(0), 'token')
    expect(Buffer.from(opened).equals(Buffer.from(kernel.solanaKeypair(other).secretKey))).toBe(false)
    // Bound to this address: opening it for another fails.
    await expect(openDelegationEnvelope(consent.envelope, server, { appId: APP_ID, userId: 'user-9', address: kernel.addressAt(0) })).rejects.toThrow()
    // Nothing the frame sent carries the key in clear.
    expect(JSON.stringify(posted)).not.toContain(Buffer.from(opened).toString('base64'))
  })

  it('refuses an Ethereum wallet or a non-Solana address before any server call', async () => {
    const { posted, call } = serverCalls()
    const ethereum = testFrameKernel({ secret, call })
    const consent = delegationFrame.handlers(ethereum)[events.consent]!
    await expect(consent({ address: ethereum.addressAt(0), accessToken: 'token' })).rejects.toThrow('Solana wallets only')
    const solana = testFrameKernel({ secret, chainType: 'solana', call })
    await expect(delegationFrame.handlers(solana)[events.consent]!({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', accessToken: 'token' })).rejects.toBeInstanceOf(FrameFailure)
    expect(posted).toEqual([])
  })
})
