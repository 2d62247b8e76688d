import { signal } from '@preact/signals-core'
import { describe, expect, it } from 'vitest'
import type { Foyer } from '../../../core/client/types.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { FRAME_MOUNT_WAIT_MS, mountFrameOnLoginOpen } from './mountFrameOnLoginOpen.js'

/** A kernel with a modal and a session, and a wallet state that counts how often the frame is asked to mount. */
function setup(mountFails = false) {
  const $modal = signal<{ open: boolean; intent: string | null; stack: string[] }>({ open: false, intent: null, stack: [] })
  const $session = signal<{ user: { id: string } | null }>({ user: null })
  const mounts: (number | undefined)[] = []
  const state = { proxy: (ms?: number) => (mounts.push(ms), mountFails ? Promise.reject(new Error('no wallet origin')) : Promise.resolve({})) } as unknown as EmbeddedWalletState
  const stop = mountFrameOnLoginOpen({ $modal, $session } as unknown as Foyer, () => state)
  return { $modal, $session, mounts, stop }
}

describe('mountFrameOnLoginOpen', () => {
  it('mounts the frame once when the modal opens for a login, so the binding is ready by the login’s last call', () => {
    const t = setup()
    expect(t.mounts).toEqual([])
    t.$modal.value = { open: true, intent: 'login', stack: ['landing'] }
    // Screens change while it is open: no new mount.
    t.$modal.value = { open: true, intent: 'login', stack: ['landing', 'email/code'] }
    expect(t.mounts).toEqual([FRAME_MOUNT_WAIT_MS])
    t.$modal.value = { open: false, intent: null, stack: [] }
    t.$modal.value = { open: true, intent: 'login', stack: ['landing'] }
    expect(t.mounts).toHaveLength(2)
    t.stop()
    t.$modal.value = { open: false, intent: null, stack: [] }
    t.$modal.value = { open: true, intent: 'login', stack: ['landing'] }
    expect(t.mounts).toHaveLength(2)
  })

  it('leaves the frame alone for a signed-in user and for other intents (a signature mounts it itself)', () => {
    const t = setup()
    t.$modal.value = { open: true, intent: 'sign', stack: ['sign'] }
    t.$modal.value = { open: false, intent: null, stack: [] }
    t.$session.value = { user: { id: 'u1' } }
    t.$modal.value = { open: true, intent: 'login', stack: ['landing'] }
    expect(t.mounts).toEqual([])
  })

  it('a frame that cannot mount (no wallet origin) is no unhandled rejection: the login goes on without it', async () => {
    const t = setup(true)
    t.$modal.value = { open: true, intent: 'login', stack: ['landing'] }
    await new Promise((r) => setTimeout(r, 0))
    expect(t.mounts).toHaveLength(1)
  })
})
