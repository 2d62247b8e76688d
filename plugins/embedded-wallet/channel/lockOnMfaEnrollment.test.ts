import { signal } from '@preact/signals-core'
import { describe, expect, it } from 'vitest'
import type { Foyer } from '../../../core/client/types.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { frameEvents } from './frameEvents.js'
import { lockOnMfaEnrollment } from './lockOnMfaEnrollment.js'

const user = (id: string, mfaMethods: string[]) => ({ id, mfaMethods })

/** A kernel with just a session, and a wallet state whose frame records what it is asked. */
function setup(open: boolean, refuses = false) {
  const $session = signal<{ user: ReturnType<typeof user> | null }>({ user: null })
  const asked: string[] = []
  let resets = 0
  const proxy = {
    request: async (event: string) => {
      asked.push(event)
      if (refuses) throw new Error('frame gone')
      return { cleared: true }
    },
  }
  const state = { openProxy: () => (open ? Promise.resolve(proxy) : null), reset: () => void resets++ } as unknown as EmbeddedWalletState
  const stop = lockOnMfaEnrollment({ $session } as unknown as Foyer, state)
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return { $session, asked, resets: () => resets, stop, settle }
}

describe('lockOnMfaEnrollment', () => {
  it("tells an open frame to drop its keys when the user's MFA methods grow, and only then", async () => {
    const t = setup(true)
    t.$session.value = { user: user('u1', []) }
    t.$session.value = { user: user('u1', []) }
    await t.settle()
    expect(t.asked).toEqual([])
    t.$session.value = { user: user('u1', ['totp']) }
    await t.settle()
    expect(t.asked).toEqual([frameEvents.mfaClear])
    // A removal, or the same methods again, leaves the frame alone; another method added clears again.
    t.$session.value = { user: user('u1', []) }
    t.$session.value = { user: user('u1', ['sms']) }
    await t.settle()
    expect(t.asked).toEqual([frameEvents.mfaClear, frameEvents.mfaClear])
    t.stop()
  })

  it('a new user (another login) is not an enrollment; no frame open: nothing is mounted to clear', async () => {
    const t = setup(false)
    t.$session.value = { user: user('u1', []) }
    t.$session.value = { user: null }
    t.$session.value = { user: user('u2', ['totp']) }
    t.$session.value = { user: user('u2', ['totp', 'sms']) }
    await t.settle()
    expect(t.asked).toEqual([])
    t.stop()
  })

  it('a frame that fails to clear is torn down (a fresh one holds no key)', async () => {
    const t = setup(true, true)
    t.$session.value = { user: user('u1', []) }
    t.$session.value = { user: user('u1', ['passkey']) }
    await t.settle()
    await t.settle()
    expect(t.asked).toEqual([frameEvents.mfaClear])
    expect(t.resets()).toBe(1)
    t.stop()
  })
})
