import { signal } from '@preact/signals-core'
import { describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../types.js'
import { getAccessToken } from './getAccessToken.js'
import { login } from './login.js'
import { logout } from './logout.js'

/** The parts of the kernel these actions touch: `$ready`, the modal's open and the session manager. */
function fakeFoyer() {
  const $ready = signal(false)
  const open = vi.fn()
  const session = { logout: vi.fn(async () => {}), getAccessToken: vi.fn(async () => 'access-token') }
  const foyer = { $ready, modal: { open }, session } as unknown as Foyer
  return { foyer, $ready, open, session }
}

describe('login', () => {
  it('is a no-op before ready, then opens the modal with intent login and the options', () => {
    const { foyer, $ready, open } = fakeFoyer()
    login(foyer, { loginMethods: ['email'] })
    expect(open).not.toHaveBeenCalled()

    $ready.value = true
    login(foyer, { loginMethods: ['email'], disableSignup: true })
    expect(open).toHaveBeenLastCalledWith({ intent: 'login', login: { loginMethods: ['email'], disableSignup: true } })
    // Without options the modal keeps the host's config: no empty `login` override.
    login(foyer)
    expect(open).toHaveBeenLastCalledWith({ intent: 'login' })
  })
})

describe('logout', () => {
  it('does nothing before ready and says so; once ready it ends the session', async () => {
    const { foyer, $ready, session } = fakeFoyer()
    await expect(logout(foyer)).resolves.toBe(false)
    expect(session.logout).not.toHaveBeenCalled()

    $ready.value = true
    await expect(logout(foyer)).resolves.toBe(true)
    expect(session.logout).toHaveBeenCalledTimes(1)
  })
})

describe('getAccessToken', () => {
  it("answers the session manager's token (refreshed there when expiring)", async () => {
    const { foyer, session } = fakeFoyer()
    await expect(getAccessToken(foyer)).resolves.toBe('access-token')
    expect(session.getAccessToken).toHaveBeenCalledTimes(1)
  })
})
