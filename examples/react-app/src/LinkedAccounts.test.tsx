// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { User } from '../../../core/protocol/index.js'
import { email } from '../../../plugins/email/index.js'
import { kitAccessToken } from '../../../test/kit/fakeWalletFrame.js'
import { renderWithFoyer } from '../../../test/kit/renderWithFoyer.js'
import { LinkedAccounts } from './LinkedAccounts.js'

afterEach(cleanup)

const ADDRESS = 'ada@example.com'
const user = {
  id: 'did:foyer:ada',
  createdAt: 1,
  linkedAccounts: [{ type: 'email', address: ADDRESS, verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 }],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
} as unknown as User

describe('the demo’s linked accounts', () => {
  it("asks before unlinking: 'Unlink' alone sends nothing, Cancel keeps the account, 'Yes, unlink' unlinks", async () => {
    const unlinked: unknown[] = []
    const { foyer } = await renderWithFoyer(<LinkedAccounts user={user} />, {
      plugins: [email()],
      routes: { '/api/v1/passwordless/unlink': (body) => (unlinked.push(body), { ...user, linkedAccounts: [] }) },
    })
    act(() => foyer.session.handleTokenResponse({ user, token: kitAccessToken(), refresh_token: 'r', session_update_action: 'set' } as never))
    fireEvent.click(await screen.findByRole('button', { name: `Unlink email ${ADDRESS}` }))
    expect(unlinked).toEqual([])
    expect(screen.getByRole('group', { name: `Unlink email ${ADDRESS}?` })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('group', { name: `Unlink email ${ADDRESS}?` })).toBeNull()
    expect(unlinked).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: `Unlink email ${ADDRESS}` }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, unlink' })))
    await waitFor(() => expect(unlinked).toEqual([{ address: ADDRESS }]))
  })
})
