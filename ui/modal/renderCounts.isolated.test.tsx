// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Signal } from '@preact/signals-core'
import { definePlugin } from '../../core/client/plugin.js'
import type { ModalState } from '../../core/client/types.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { OtpCodeScreen } from '../primitives/OtpCodeScreen.js'

// Counts renders of the modal root: the lazily loaded Modal is wrapped by a counting component.
const counts = vi.hoisted(() => ({ modal: 0, commits: 0 }))
vi.mock('./Modal.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./Modal.js')>()
  return {
    ...original,
    Modal: () => {
      counts.modal++
      return original.Modal()
    },
  }
})

afterEach(cleanup)

const codePlugin = definePlugin({
  id: 'demo',
  kind: 'feature',
  screens: {
    code: {
      load: async () => ({
        default: () => (
          <Profiler id="code-screen" onRender={() => void counts.commits++}>
            <OtpCodeScreen destination="a@example.com" onSubmit={() => new Promise(() => {})} onResend={async () => {}} />
          </Profiler>
        ),
      }),
    },
  },
})

describe('render counts', () => {
  it('typing a 6-digit code re-renders the modal root 0 times and commits once per digit', async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [codePlugin] })
    act(() => foyer.modal.open({ screen: 'demo/code' }))
    await screen.findByRole('dialog', { name: 'Enter confirmation code' })
    const modalBefore = counts.modal
    const commitsBefore = counts.commits
    expect(modalBefore).toBeGreaterThan(0)

    for (let i = 0; i < 6; i++) {
      fireEvent.change(screen.getByLabelText(`Digit ${i + 1}`), { target: { value: String(i) } })
    }
    expect(counts.modal - modalBefore).toBe(0)
    expect(counts.commits - commitsBefore).toBe(6)

    // Changes to $modal that are not `open` or `stack` leave the root alone too.
    act(() => {
      // A fixture write (hosts can't: the kernel's signals are read-only to them).
      ;(foyer.$modal as Signal<ModalState>).value = { ...foyer.$modal.peek(), error: null, options: { disableSignup: true } }
    })
    expect(counts.modal - modalBefore).toBe(0)
  })
})
