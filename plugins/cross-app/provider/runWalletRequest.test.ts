import { describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../../../core/client/types.js'
import { normalizeRequest, runWalletRequest } from './runWalletRequest.js'

const ADDRESS = '0x00000000000000000000000000000000000000aa'
const wrap = (request: unknown, callbackUrl = 'http://localhost:6001/') => JSON.stringify({ content: { request: { request } }, timestamp: 1, callbackUrl })

describe("the provider's transact page", () => {
  it("reads the request parameter and its callback's origin; anything else is refused", () => {
    expect(normalizeRequest(wrap({ method: 'personal_sign', params: ['0x68', ADDRESS] }))).toEqual({
      request: { method: 'personal_sign', params: ['0x68', ADDRESS] },
      callbackOrigin: 'http://localhost:6001',
    })
    expect(normalizeRequest(wrap({ method: 'eth_sign', params: [] }))).toBeNull()
    expect(normalizeRequest(wrap({ method: 'personal_sign', params: [] }, 'not a url'))).toBeNull()
    expect(normalizeRequest('{')).toBeNull()
    expect(normalizeRequest(null)).toBeNull()
  })

  it("runs each method with the app's own embedded wallet actions, for the named address", async () => {
    const actions = {
      signMessage: vi.fn(async () => '0xsig'),
      signTypedData: vi.fn(async () => '0xtyped'),
      sendTransaction: vi.fn(async () => ({ hash: '0xhash' })),
    }
    const foyer = { actions: () => actions } as unknown as Foyer
    await expect(runWalletRequest(foyer, { method: 'personal_sign', params: ['0x6869', ADDRESS] })).resolves.toBe('0xsig')
    expect(actions.signMessage).toHaveBeenCalledWith({ message: { raw: '0x6869' } }, { address: ADDRESS })
    await runWalletRequest(foyer, { method: 'eth_signTypedData_v4', params: [ADDRESS, '{"primaryType":"A"}'] })
    expect(actions.signTypedData).toHaveBeenCalledWith({ primaryType: 'A' }, { address: ADDRESS })
    await expect(runWalletRequest(foyer, { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] })).resolves.toBe('0xhash')
    expect(actions.sendTransaction).toHaveBeenCalledWith({ to: ADDRESS, value: '0x1' }, { address: ADDRESS })
  })
})
