// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { email } from '../../plugins/email/index.js'

// The server refuses; the client must show the matching failure screen with the app's configured texts.
const servers: TestServer[] = []
afterEach(async () => {
  cleanup()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function tryLogin(app: Record<string, unknown>, address: string) {
  const server = await createTestServer({ app })
  servers.push(server)
  const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch
  const rendered = await renderWithFoyer(null, { plugins: [email()], fetch })
  act(() => rendered.foyer.modal.open())
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
  const code = await server.lastCode(address)
  await act(async () => code.split('').forEach((d, i) => fireEvent.change(screen.getByLabelText(`Digit ${i + 1}`), { target: { value: d } })))
  return { ...rendered, server }
}

const userCount = async (server: TestServer) =>
  (await server.server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n

describe('app policy screens against the real server', () => {
  it("shows the allowlist screen with the app's configured title, detail and CTA link", async () => {
    const { server, foyer } = await tryLogin(
      {
        allowlist: ['*@company.com'],
        allowlist_config: {
          error_title: 'Invite only',
          error_detail: 'Ask your admin for an invitation.',
          cta_text: 'Request access',
          cta_link: 'https://example.com/request-access',
        },
      },
      'stranger@example.com',
    )
    expect(await screen.findByRole('heading', { name: 'Invite only' }, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText('Ask your admin for an invitation.')).toBeTruthy()
    // The CTA opens the configured link in a new tab.
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    fireEvent.click(screen.getByRole('button', { name: 'Request access' }))
    expect(open).toHaveBeenCalledWith('https://example.com/request-access', '_blank', 'noopener,noreferrer')
    open.mockRestore()
    expect(foyer.$session.peek().status).toBe('unauthenticated')
    expect(await userCount(server)).toBe(0)
  })

  it("shows the spec's default allowlist texts when the app configures none", async () => {
    await tryLogin({ allowlist: ['alice@example.com'] }, 'stranger@example.com')
    expect(await screen.findByRole('heading', { name: "You don't have access to this app" }, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText('Have you been invited?')).toBeTruthy()
    // Without a link the CTA goes back to the screen that failed.
    fireEvent.click(screen.getByRole('button', { name: 'Try another account' }))
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
  })

  it("shows 'Unable to sign in' when the app's user limit is reached", async () => {
    const { server, foyer } = await tryLogin({ max_users: 0 }, 'late@example.com')
    expect(await screen.findByRole('heading', { name: 'Unable to sign in' }, { timeout: 5000 })).toBeTruthy()
    expect(foyer.$session.peek().status).toBe('unauthenticated')
    expect(await userCount(server)).toBe(0)
  })
})
