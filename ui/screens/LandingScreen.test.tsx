// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeLoginPlugin, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'

afterEach(cleanup)

async function openLanding(plugins: ReturnType<typeof fakeLoginPlugin>[], config = {}) {
  const { foyer } = await renderWithFoyer(null, { plugins, config })
  act(() => foyer.modal.open())
  const list = await screen.findByRole('list', { name: 'Login methods' })
  await within(list).findAllByText(/^Entry /)
  return { foyer, list }
}
const rows = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent)

describe('LandingScreen', () => {
  it("shows the default header 'Log in or sign up' and the host's login message", async () => {
    await openLanding([fakeLoginPlugin('a')], { appearance: { loginMessage: 'Welcome back' } })
    expect(screen.getByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
    expect(screen.getByText('Welcome back')).toBeTruthy()
  })

  it('shows 5 options when there are 5', async () => {
    const { list } = await openLanding(['a', 'b', 'c', 'd', 'e'].map((id) => fakeLoginPlugin(id)))
    expect(rows(list)).toEqual(['Entry a', 'Entry b', 'Entry c', 'Entry d', 'Entry e'])
  })

  it("shows 4 plus 'More options' for 6, and the rest after clicking it", async () => {
    const { list } = await openLanding(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => fakeLoginPlugin(id)))
    expect(rows(list)).toEqual(['Entry a', 'Entry b', 'Entry c', 'Entry d', 'More options'])
    fireEvent.click(within(list).getByRole('button', { name: 'More options' }))
    expect(await screen.findByText('Entry f')).toBeTruthy()
    expect(rows(screen.getByRole('list', { name: 'Login methods' }))).toEqual(['Entry e', 'Entry f'])
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByText('Entry a')).toBeTruthy()
  })

  it("opens its views as screens: the header's back arrow returns, and the body has no Back of its own", async () => {
    const { foyer, list } = await openLanding(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => fakeLoginPlugin(id)))
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
    fireEvent.click(within(list).getByRole('button', { name: 'More options' }))
    await screen.findByText('Entry f')
    expect(foyer.$modal.peek().stack).toEqual([{ id: 'foyer/landing' }, { id: 'foyer/landing', params: { view: 'overflow' } }])
    const back = screen.getAllByRole('button', { name: 'Back' })
    expect(back).toHaveLength(1)
    expect(back[0]!.closest('.foyer-header')).toBeTruthy()
    expect(back[0]!.closest('.foyer-screen')).toBeNull()
    fireEvent.click(back[0]!)
    expect(await screen.findByText('Entry a')).toBeTruthy()
    expect(foyer.$modal.peek().stack).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
  })

  it("gives the spec's rows ('Continue with a wallet', 'More options') an icon like the login rows", async () => {
    const plugins = [...['a', 'b', 'c', 'd', 'e'].map((id) => fakeLoginPlugin(id)), fakeLoginPlugin('w', { group: 'wallet' })]
    const { list } = await openLanding(plugins)
    for (const name of ['Continue with a wallet', 'More options']) {
      const button = within(list).getByRole('button', { name })
      expect(button.firstElementChild?.classList.contains('foyer-button-icon')).toBe(true)
      expect(button.firstElementChild?.querySelector('svg')).toBeTruthy()
    }
  })

  it('cuts the web2 list to 3 plus overflow above 4 entries when wallets exist', async () => {
    const plugins = [...['a', 'b', 'c', 'd', 'e'].map((id) => fakeLoginPlugin(id)), fakeLoginPlugin('w', { group: 'wallet' })]
    const { list } = await openLanding(plugins)
    expect(rows(list)).toEqual(['Entry a', 'Entry b', 'Entry c', 'Continue with a wallet', 'More options'])
  })

  it('follows config.loginMethods order and leaves out methods it does not list', async () => {
    const { list } = await openLanding(['a', 'b', 'c'].map((id) => fakeLoginPlugin(id)), { loginMethods: ['c', 'a'] })
    expect(rows(list)).toEqual(['Entry c', 'Entry a'])
  })

  it("renders a 'passkey' login method in the passkey slot, not in the list", async () => {
    const { list } = await openLanding([fakeLoginPlugin('a'), fakeLoginPlugin('pk', { loginMethod: 'passkey', group: 'passkey' })])
    expect(rows(list)).toEqual(['Entry a'])
    expect(await screen.findByText('Entry pk')).toBeTruthy()
  })
})
