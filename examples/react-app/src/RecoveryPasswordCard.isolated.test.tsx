// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from 'foyer'
import { embeddedSolanaAccount, embeddedWalletAccount, kitUser } from '../../../test/kit/fakeWalletFrame.js'

// The hook's callbacks, so a test can answer setWalletRecovery as the modal would.
const hook = vi.hoisted(() => ({ onSuccess: null as null | ((user: unknown) => void) }))
vi.mock('foyer/plugins/embedded-wallet', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSetWalletRecovery: (callbacks: { onSuccess: (user: unknown) => void }) => {
    hook.onSuccess = callbacks.onSuccess
    return { setWalletRecovery: vi.fn(async () => {}) }
  },
}))
const { RecoveryPasswordCard } = await import('./RecoveryPasswordCard.js')

afterEach(cleanup)

const ETH = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const userWith = (...accounts: Parameters<typeof kitUser>[0]) => kitUser(accounts) as unknown as User

describe('the demo’s wallet recovery card', () => {
  it('stays once a Solana wallet exists: it says how the wallet recovers and why no password can be set', () => {
    render(<RecoveryPasswordCard user={userWith(embeddedWalletAccount(ETH), embeddedSolanaAccount(SOL))} />)
    expect(screen.getByTestId('recovery-method').textContent).toBe('Recovered automatically on a new device.')
    expect(screen.getByTestId('recovery-solana').textContent).toMatch(/Solana wallet/)
    expect(screen.queryByRole('button', { name: 'Secure your wallet' })).toBeNull()
  })

  it('shows the new method right after a password is set, even before the page’s user catches up', () => {
    const before = userWith(embeddedWalletAccount(ETH))
    render(<RecoveryPasswordCard user={before} />)
    expect(screen.getByRole('button', { name: 'Secure your wallet' })).toBeTruthy()
    const after = userWith({ ...embeddedWalletAccount(ETH), recoveryMethod: 'user-passcode' } as Parameters<typeof kitUser>[0][number])
    act(() => hook.onSuccess!(after))
    expect(screen.getByTestId('recovery-method').textContent).toBe('Recovered with your password on a new device.')
    expect(screen.getByRole('button', { name: 'Change the backup method' })).toBeTruthy()
  })
})
