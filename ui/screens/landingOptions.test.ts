import { describe, expect, it } from 'vitest'
import type { LandingEntry } from '../../core/client/registry.js'
import { landingModel, type LandingRow } from './landingOptions.js'

const entry = (id: string, group: LandingEntry['meta']['group'] = 'social'): LandingEntry => ({
  pluginId: id,
  loginMethod: id,
  meta: { label: id, group },
  entry: { load: async () => ({ default: null }) },
})
const names = (rows: LandingRow[]) => rows.map((r) => (r.type === 'entry' ? r.entry.loginMethod : `[${r.label}]`))
const model = (entries: LandingEntry[], extra: Partial<Parameters<typeof landingModel>[0]> = {}) =>
  landingModel({ entries, loginMethods: entries.map((e) => e.loginMethod), overflowMethods: [], layout: 'web2-first', ...extra })

describe('landingModel', () => {
  it('shows up to 5 options without an overflow', () => {
    const m = model(['a', 'b', 'c', 'd', 'e'].map((id) => entry(id)))
    expect(names(m.views.default)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it("shows 4 plus 'More options' when there are more, the rest in the overflow view", () => {
    const m = model(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => entry(id)))
    expect(names(m.views.default)).toEqual(['a', 'b', 'c', 'd', '[landing.moreOptions]'])
    expect(names(m.views.overflow)).toEqual(['e', 'f'])
  })

  it('puts configured overflow methods behind More options and shows 4 at most', () => {
    const all = ['a', 'b', 'c', 'd', 'e', 'x'].map((id) => entry(id))
    const m = model(all, { loginMethods: ['a', 'b', 'c', 'd', 'e'], overflowMethods: ['x'] })
    expect(names(m.views.default)).toEqual(['a', 'b', 'c', 'd', '[landing.moreOptions]'])
    expect(names(m.views.overflow)).toEqual(['e', 'x'])
  })

  it("cuts the web2 list to 3 plus overflow above 4 entries, then 'Continue with a wallet'", () => {
    const m = model([...['a', 'b', 'c', 'd', 'e'].map((id) => entry(id)), entry('w', 'wallet')])
    expect(names(m.views.default)).toEqual(['a', 'b', 'c', '[landing.continueWithWallet]', '[landing.moreOptions]'])
    expect(names(m.views.overflow)).toEqual(['d', 'e'])
    expect(names(m.views['web3-overflow'])).toEqual(['w'])
  })

  it('keeps 4 web2 entries plus the wallet button uncut', () => {
    const m = model([...['a', 'b', 'c', 'd'].map((id) => entry(id)), entry('w', 'wallet')])
    expect(names(m.views.default)).toEqual(['a', 'b', 'c', 'd', '[landing.continueWithWallet]'])
  })

  it("web3-first: wallets first, then 'Log in with e-mail or socials' leading to the web2 list", () => {
    const m = model([entry('mail', 'email'), entry('g'), entry('w1', 'wallet'), entry('w2', 'wallet')], { layout: 'web3-first' })
    expect(names(m.views.default)).toEqual(['w1', 'w2', '[landing.emailOrSocials]'])
    expect(names(m.views['web2-overflow'])).toEqual(['mail', 'g'])
  })

  it("web3-first: many wallets get 'Other wallets'; many socials get 'Other socials'", () => {
    const wallets = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((id) => entry(id, 'wallet'))
    const socials = ['a', 'b', 'c', 'd', 'e'].map((id) => entry(id))
    const m = model([...wallets, ...socials], { layout: 'web3-first' })
    expect(names(m.views.default)).toEqual(['w1', 'w2', 'w3', '[landing.otherWallets]', '[landing.emailOrSocials]'])
    expect(names(m.views['web3-overflow'])).toHaveLength(6)
    expect(names(m.views['web2-overflow'])).toEqual(['a', 'b', 'c', '[landing.otherSocials]'])
    expect(names(m.views.overflow)).toEqual(['d', 'e'])
  })

  it('orders by config, narrows to login({ loginMethods }) and drops hidden entries', () => {
    const all = ['a', 'b', 'c'].map((id) => entry(id))
    expect(names(model(all, { loginMethods: ['c', 'a', 'b'] }).views.default)).toEqual(['c', 'a', 'b'])
    expect(names(model(all, { only: ['b'] }).views.default)).toEqual(['b'])
    expect(names(model(all, { isHidden: (e) => e.loginMethod === 'a' }).views.default)).toEqual(['b', 'c'])
  })

  it("moves a 'passkey' login method to its own slot", () => {
    const m = model([entry('a'), entry('passkey', 'passkey')])
    expect(m.passkey?.loginMethod).toBe('passkey')
    expect(names(m.views.default)).toEqual(['a'])
  })

  it('shows the first e-mail or SMS input inline unless direct inputs are hidden', () => {
    const all = [entry('mail', 'email'), entry('g')]
    const first = model(all).views.default[0]!
    expect(first.type === 'entry' && first.inline).toBe(true)
    const hidden = model(all, { hideDirectInputs: true }).views.default[0]!
    expect(hidden.type === 'entry' && hidden.inline).toBe(false)
    const socialFirst = model([entry('g'), entry('mail', 'email')]).views.default
    expect(socialFirst.some((r) => r.type === 'entry' && r.inline)).toBe(false)
  })
})
