import { signal } from '@preact/signals-core'
import { describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../../../core/client/types.js'
import { smartWalletsTexts } from '../../smart-wallets/index.js'
import { normalizeRequest, runWalletRequest } from './runWalletRequest.js'

const ADDRESS = '0x00000000000000000000000000000000000000aa'
const SMART = '0x00000000000000000000000000000000000000bb'
const STRANGER = '0x00000000000000000000000000000000000000cc'
const wrap = (request: unknown, callbackUrl = 'http://localhost:6001/') => JSON.stringify({ content: { request: { request } }, timestamp: 1, callbackUrl })

const embedded = { type: 'wallet', address: ADDRESS, chainType: 'ethereum', walletClientType: 'privy' }
const smartAccount = { type: 'smart_wallet', address: SMART, smartWalletType: 'simple' }

/**
 * A kernel stand-in: the signed-in user's accounts, the embedded wallet's actions and, when given, the smart-wallets
 * plugin's state (and its texts in the kernel's `t`).
 */
function fakeFoyer(accounts: object[], smartState?: { client: ReturnType<typeof signal>; status: ReturnType<typeof signal> }) {
  const actions = {
    signMessage: vi.fn(async () => '0xsig'),
    signTypedData: vi.fn(async () => '0xtyped'),
    sendTransaction: vi.fn(async () => ({ hash: '0xhash' })),
  }
  const foyer = {
    actions: () => actions,
    $session: { peek: () => ({ user: { id: 'u1', linkedAccounts: accounts } }) },
    registry: { plugin: (id: string) => (id === 'smart-wallets' && smartState ? { id } : undefined) },
    pluginState: () => smartState,
    t: (key: string) => (smartState ? (smartWalletsTexts as Record<string, string>)[key] : undefined) ?? key,
  } as unknown as Foyer
  return { foyer, actions }
}

/** The smart-wallets plugin's client for SMART on chain 31337. */
const smartClient = () => ({
  account: { address: SMART },
  chain: { id: 31337 },
  signMessage: vi.fn(async () => '0xsmartsig'),
  signTypedData: vi.fn(async () => '0xsmarttyped'),
  sendTransaction: vi.fn(async () => '0xsmarthash'),
})

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
    const { foyer, actions } = fakeFoyer([embedded])
    await expect(runWalletRequest(foyer, { method: 'personal_sign', params: ['0x6869', ADDRESS] })).resolves.toBe('0xsig')
    expect(actions.signMessage).toHaveBeenCalledWith({ message: { raw: '0x6869' } }, { address: ADDRESS })
    await runWalletRequest(foyer, { method: 'eth_signTypedData_v4', params: [ADDRESS, '{"primaryType":"A"}'] })
    expect(actions.signTypedData).toHaveBeenCalledWith({ primaryType: 'A' }, { address: ADDRESS })
    await expect(runWalletRequest(foyer, { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] })).resolves.toBe('0xhash')
    expect(actions.sendTransaction).toHaveBeenCalledWith({ to: ADDRESS, value: '0x1' }, { address: ADDRESS })
  })

  it("refuses an address that is not one of the user's wallets, before any wallet action", async () => {
    const { foyer, actions } = fakeFoyer([embedded])
    await expect(runWalletRequest(foyer, { method: 'personal_sign', params: ['0x68', STRANGER] })).rejects.toThrow('Cannot request a signature with this wallet address')
    await expect(runWalletRequest(foyer, { method: 'eth_sendTransaction', params: [{ to: ADDRESS }] })).rejects.toThrow('Cannot request a signature with this wallet address')
    expect(actions.signMessage).not.toHaveBeenCalled()
    expect(actions.sendTransaction).not.toHaveBeenCalled()
  })

  it('runs the smart-wallet variants through the smart-wallets plugin once its client is built', async () => {
    const status = signal('loading')
    const client = signal<ReturnType<typeof smartClient> | null>(null)
    const { foyer, actions } = fakeFoyer([embedded, smartAccount], { client, status } as never)
    const signing = runWalletRequest(foyer, { method: 'personal_sign', params: ['0x6869', SMART] })
    // The page waits for the plugin's client (built after the page's session restore).
    await new Promise((r) => setTimeout(r, 20))
    const built = smartClient()
    client.value = built
    status.value = 'ready'
    await expect(signing).resolves.toBe('0xsmartsig')
    expect(built.signMessage).toHaveBeenCalledWith({ message: { raw: '0x6869' } })
    await expect(runWalletRequest(foyer, { method: 'eth_signTypedData_v4', params: [SMART, '{"primaryType":"A"}'] })).resolves.toBe('0xsmarttyped')
    expect(built.signTypedData).toHaveBeenCalledWith({ primaryType: 'A' })
    await expect(runWalletRequest(foyer, { method: 'eth_sendTransaction', params: [{ from: SMART, to: ADDRESS, value: '0x10', chainId: 31337 }] })).resolves.toBe('0xsmarthash')
    expect(built.sendTransaction).toHaveBeenCalledWith({ to: ADDRESS, value: 16n })
    // Another chain than the smart wallet's is refused; the embedded wallet signed nothing.
    await expect(runWalletRequest(foyer, { method: 'eth_sendTransaction', params: [{ from: SMART, to: ADDRESS, chainId: 1 }] })).rejects.toThrow('Smart wallets are not configured for this network')
    expect(actions.signMessage).not.toHaveBeenCalled()
  })

  it('refuses a linked smart wallet it cannot act for: no smart-wallets plugin, or a client of another account', async () => {
    const without = fakeFoyer([embedded, smartAccount])
    await expect(runWalletRequest(without.foyer, { method: 'personal_sign', params: ['0x68', SMART] })).rejects.toThrow('Cannot request a signature with this wallet address')
    const other = { ...smartClient(), account: { address: STRANGER } }
    const mismatched = fakeFoyer([embedded, smartAccount], { client: signal(other), status: signal('ready') } as never)
    await expect(runWalletRequest(mismatched.foyer, { method: 'personal_sign', params: ['0x68', SMART] })).rejects.toThrow('Cannot request a signature with this wallet address')
    expect(other.signMessage).not.toHaveBeenCalled()
  })
})
