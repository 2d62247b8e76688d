// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin } from '../../core/client/plugin.js'
import { createFoyer } from '../../core/client/createFoyer.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { Signal } from '@preact/signals-core'
import type { Foyer, SessionState } from '../../core/client/types.js'
import type { RawUser } from '../../core/protocol/index.js'
import { FoyerContext } from '../FoyerContext.js'
import { useFoyer } from './useFoyer.js'
import { useLinkAccount } from './useLinkAccount.js'
import { useUnlinkAccount } from './useUnlinkAccount.js'

afterEach(cleanup)

const user: RawUser = { id: 'u', createdAt: 1, linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: false, isGuest: false }
const seen: Array<[string, string, unknown[]]> = []
const record = (action: string, method: string) => async (_foyer: Foyer, ...args: unknown[]) => {
  seen.push([action, method, args])
  return user
}
const recordLink = (method: string) => async (foyer: Foyer, ...args: unknown[]) => void (await record('link', method)(foyer, ...args))
const names = ['email', 'phone', 'wallet', 'google', 'linkedin', 'oauth', 'farcaster', 'telegram', 'passkey']
const recorder = definePlugin({
  id: 'recorder',
  kind: 'login',
  accounts: {
    link: Object.fromEntries(names.filter((n) => n !== 'oauth').map((n) => [n, recordLink(n)])),
    unlink: Object.fromEntries(names.map((n) => [n, record('unlink', n)])),
    update: { email: recordLink('email') },
    names: { linkedin: 'LinkedIn', oauth: 'OAuth' },
  },
})

function setup() {
  seen.length = 0
  const foyer = createFoyer({ appId: 'test_app_0000000000000001', apiUrl: 'http://api.test', plugins: [recorder], storage: createMemoryStorage(), fetch: vi.fn() as never })
  // A fixture: a signed-in session without a server round trip (the kernel's signals are read-only to hosts).
  ;(foyer.$session as Signal<SessionState>).value = { status: 'authenticated', user: { ...user }, accessToken: null, identityToken: null }
  const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer}>{children}</FoyerContext.Provider>
  return { foyer, wrapper }
}

describe('useLinkAccount / useUnlinkAccount / useFoyer', () => {
  it("maps Privy's function names to the plugins' method names", async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => ({ link: useLinkAccount(), unlink: useUnlinkAccount() }), { wrapper })
    await act(async () => {
      await result.current.link.linkEmail()
      await result.current.link.linkLinkedIn()
      await result.current.link.linkWallet()
      await result.current.unlink.unlinkGoogle('sub-1')
      await result.current.unlink.unlinkOAuth('github', 'sub-2')
      await result.current.unlink.unlinkFarcaster(42)
      await result.current.unlink.unlinkPasskey('cred')
    })
    expect(seen.map(([a, m, args]) => `${a}:${m}:${args.join(',')}`)).toEqual([
      'link:email:',
      'link:linkedin:',
      'link:wallet:',
      'unlink:google:sub-1',
      'unlink:oauth:github,sub-2',
      'unlink:farcaster:42',
      'unlink:passkey:cred',
    ])
  })

  it('offers a function per method the loaded plugins have, named by their `names` slot, and no other', () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => ({ link: useLinkAccount(), unlink: useUnlinkAccount() }), { wrapper })
    expect(Object.keys(result.current.link).sort()).toEqual(
      ['link', 'linkEmail', 'linkFarcaster', 'linkGoogle', 'linkLinkedIn', 'linkPasskey', 'linkPhone', 'linkTelegram', 'linkWallet'].sort(),
    )
    expect(Object.keys(result.current.unlink)).toContain('unlinkOAuth')
    expect(result.current.link).not.toHaveProperty('linkTiktok')
  })

  it('rejects a method no loaded plugin supports with a clear error and reports its code to onError', async () => {
    const { wrapper } = setup()
    const onError = vi.fn()
    const { result } = renderHook(() => useLinkAccount({ onError }), { wrapper })
    await expect(result.current.link('tiktok')).rejects.toThrow('No loaded plugin can link "tiktok" (loaded: email, phone, wallet, google, linkedin, farcaster, telegram, passkey)')
    expect(onError).toHaveBeenCalledWith('PLUGIN_ERROR')
  })

  it('puts the link, unlink and update functions on useFoyer', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useFoyer(), { wrapper })
    for (const name of ['linkEmail', 'linkPhone', 'linkGoogle', 'unlinkEmail', 'unlinkPhone', 'unlinkWallet', 'unlinkOAuth', 'unlinkTelegram', 'updateEmail'] as const) {
      expect(typeof result.current[name]).toBe('function')
    }
    // No loaded plugin updates a phone: no updatePhone.
    expect(result.current).not.toHaveProperty('updatePhone')
    await act(() => result.current.unlinkTelegram('123'))
    await act(() => result.current.updateEmail())
    expect(seen).toEqual([['unlink', 'telegram', ['123']], ['link', 'email', [undefined]]])
  })
})
