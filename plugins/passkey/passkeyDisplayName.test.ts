import { describe, expect, it } from 'vitest'
import { passkeyDisplayName } from './passkeyDisplayName.js'

describe('passkeyDisplayName (the spec rule)', () => {
  it("is 'name on browser' when both are known", () => {
    expect(passkeyDisplayName({ authenticatorName: 'iCloud Keychain', createdWithBrowser: 'Safari', createdWithOs: 'macOS' })).toBe('iCloud Keychain on Safari')
  })
  it("is 'browser on OS' without a name", () => {
    expect(passkeyDisplayName({ authenticatorName: null, createdWithBrowser: 'Chrome', createdWithOs: 'Linux' })).toBe('Chrome on Linux')
  })
  it('is the browser alone without a name and an OS', () => {
    expect(passkeyDisplayName({ createdWithBrowser: 'Firefox', createdWithOs: null })).toBe('Firefox')
  })
  it("is 'Unknown device' when nothing is known (blank counts as unknown)", () => {
    expect(passkeyDisplayName({})).toBe('Unknown device')
    expect(passkeyDisplayName({ authenticatorName: ' ', createdWithBrowser: '', createdWithOs: 'Linux' })).toBe('Unknown device')
  })
  it('shows a known name alone when the browser is unknown', () => {
    expect(passkeyDisplayName({ authenticatorName: '1Password', createdWithOs: 'Windows' })).toBe('1Password')
  })
  it('takes a translated fallback', () => {
    expect(passkeyDisplayName({}, 'Appareil inconnu')).toBe('Appareil inconnu')
  })
})
