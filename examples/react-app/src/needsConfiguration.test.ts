import { describe, expect, it } from 'vitest'
import { needsConfiguration } from './needsConfiguration.js'

describe('needsConfiguration', () => {
  it('lists every capability that needs an outside account, each with the settings that turn it on', () => {
    const rows = needsConfiguration(['email', 'sms'])
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Telegram', 'Farcaster', 'Moonpay (buy crypto)', 'Smart wallets (ERC-4337)']))
    for (const row of rows) expect(row.settings).toMatch(/FOYER_/)
  })

  it("leaves out smart wallets when npm start's local stack (its bundler) runs", () => {
    expect(needsConfiguration(['email'], { localStack: true }).map((r) => r.name)).not.toContain('Smart wallets (ERC-4337)')
  })

  it('leaves out a login method the server already has on', () => {
    const names = needsConfiguration(['email', 'telegram', 'github']).map((r) => r.name)
    expect(names).not.toContain('Telegram')
    expect(names.some((n) => n.includes('OAuth'))).toBe(false)
    expect(names).toContain('Farcaster')
  })
})
