// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { recoveryFileName, runPasswordEntry, runPasswordSetup } from './passwordView.js'

const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
const input = (id: string) => byId(id) as HTMLInputElement
const button = (id: string) => byId(id) as HTMLButtonElement
const type = (id: string, value: string) => {
  input(id).value = value
  input(id).dispatchEvent(new Event('input'))
}
const title = () => document.querySelector('h1')?.textContent
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('the password screens in the wallet frame', () => {
  it('create → save → confirm → acknowledge → finalize → Success; back goes one step; Close answers true', async () => {
    const finalized: string[] = []
    const done = runPasswordSetup(document, { appName: 'Demo App', finalize: async (p) => void finalized.push(p) })
    expect(title()).toBe('Create a password')
    expect(button('foyer-recovery-continue').disabled).toBe(true)
    type('foyer-recovery-password', 'abc')
    expect(byId('foyer-recovery-error').textContent).toBe('Password must be at least 8 characters')
    expect(byId('foyer-recovery-strength').textContent).toBe('Strength: Weak')
    type('foyer-recovery-password', 'Quiet-Harbor-Lamp-42')
    expect(button('foyer-recovery-continue').disabled).toBe(false)
    button('foyer-recovery-continue').click()
    expect(title()).toBe('Save your password')
    expect(input('foyer-recovery-saved-password').value).toBe('Quiet-Harbor-Lamp-42')
    button('foyer-recovery-back').click()
    expect(title()).toBe('Create a password')
    expect(input('foyer-recovery-password').value).toBe('Quiet-Harbor-Lamp-42')
    button('foyer-recovery-continue').click()
    button('foyer-recovery-continue').click()
    expect(title()).toBe('Confirm your password')
    type('foyer-recovery-confirmation', 'Quiet-Harbor-Lamp-4')
    expect(byId('foyer-recovery-error').textContent).toBe('Passwords do not match')
    expect(button('foyer-recovery-continue').disabled).toBe(true)
    type('foyer-recovery-confirmation', 'Quiet-Harbor-Lamp-42')
    button('foyer-recovery-continue').click()
    expect(document.body.textContent).toContain('I understand that if I lose my password and device, I will lose access to my account and my assets.')
    expect(button('foyer-recovery-submit').disabled).toBe(true)
    button('foyer-recovery-back').click()
    expect(title()).toBe('Confirm your password')
    type('foyer-recovery-confirmation', 'Quiet-Harbor-Lamp-42')
    button('foyer-recovery-continue').click()
    const ack = input('foyer-recovery-ack')
    ack.checked = true
    ack.dispatchEvent(new Event('change'))
    expect(button('foyer-recovery-submit').disabled).toBe(false)
    button('foyer-recovery-submit').click()
    await tick()
    expect(finalized).toEqual(['Quiet-Harbor-Lamp-42'])
    expect(title()).toBe('Success')
    button('foyer-recovery-close').click()
    expect(await done).toBe(true)
    expect(document.body.textContent).toBe('')
  })

  it('a failed finalize shows Something went wrong; Close answers false', async () => {
    const done = runPasswordSetup(document, { appName: 'Demo', finalize: async () => Promise.reject(new Error('no')) })
    type('foyer-recovery-password', 'Quiet-Harbor-Lamp-42')
    button('foyer-recovery-continue').click()
    button('foyer-recovery-continue').click()
    type('foyer-recovery-confirmation', 'Quiet-Harbor-Lamp-42')
    button('foyer-recovery-continue').click()
    const ack = input('foyer-recovery-ack')
    ack.checked = true
    ack.dispatchEvent(new Event('change'))
    button('foyer-recovery-submit').click()
    await tick()
    expect(title()).toBe('Something went wrong')
    button('foyer-recovery-close').click()
    expect(await done).toBe(false)
  })

  it("'Enter your password': submit disabled until typed; a refusal shows its text and the user retries", async () => {
    const tries: string[] = []
    const done = runPasswordEntry(document, async (password) => {
      tries.push(password)
      if (password !== 'right-one') throw new Error('Invalid recovery password, please try again.')
    })
    expect(button('foyer-recovery-submit').disabled).toBe(true)
    type('foyer-recovery-password', 'wrong-one')
    button('foyer-recovery-submit').click()
    await tick()
    expect(byId('foyer-recovery-error').textContent).toBe('Invalid recovery password, please try again.')
    type('foyer-recovery-password', 'right-one')
    expect(byId('foyer-recovery-error').textContent).toBe('')
    button('foyer-recovery-submit').click()
    await done
    expect(tries).toEqual(['wrong-one', 'right-one'])
  })

  it('the strength meter: three levels shown by segments and announced politely, written only when the level changes; labels tie to the inputs', () => {
    void runPasswordSetup(document, { appName: 'Demo', finalize: async () => {} })
    const meter = byId('foyer-recovery-strength-meter')
    const label = byId('foyer-recovery-strength')
    expect([meter.dataset.level, label.textContent, label.getAttribute('aria-live')]).toEqual(['0', '', 'polite'])
    const levels: [string, string, string][] = []
    for (const p of ['Password123!', 'Kvbqmtrh1!', 'Quiet-Harbor-Lamp-42']) {
      type('foyer-recovery-password', p)
      levels.push([p, meter.dataset.level!, label.textContent!])
    }
    expect(levels).toEqual([
      ['Password123!', '1', 'Strength: Weak'],
      ['Kvbqmtrh1!', '2', 'Strength: Medium'],
      ['Quiet-Harbor-Lamp-42', '3', 'Strength: Strong'],
    ])
    const text = label.firstChild
    type('foyer-recovery-password', 'Quiet-Harbor-Lamp-43')
    expect(label.firstChild).toBe(text) // the same level: nothing new to announce
    const field = input('foyer-recovery-password')
    expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toBe('Password')
    expect(field.getAttribute('aria-describedby')).toBe('foyer-recovery-strength foyer-recovery-password-error')
    // Show / Hide toggles the field and says which it is.
    const toggle = button('foyer-recovery-password-toggle')
    expect([field.type, toggle.textContent, toggle.getAttribute('aria-label')]).toEqual(['password', 'Show', 'Show password'])
    toggle.click()
    expect([field.type, toggle.textContent, toggle.getAttribute('aria-label')]).toEqual(['text', 'Hide', 'Hide password'])
    type('foyer-recovery-password', 'abc')
    expect(field.getAttribute('aria-invalid')).toBe('true')
  })

  it("Copy says 'Copied' once the clipboard has the password, then goes back to Copy", async () => {
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void written.push(t) }, configurable: true })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      void runPasswordSetup(document, { appName: 'Demo', finalize: async () => {} })
      type('foyer-recovery-password', 'Quiet-Harbor-Lamp-42')
      button('foyer-recovery-continue').click()
      const copy = button('foyer-recovery-copy')
      copy.click()
      await vi.waitFor(() => expect(copy.textContent).toBe('Copied'))
      expect([written, copy.dataset.copied]).toEqual([['Quiet-Harbor-Lamp-42'], 'true'])
      vi.advanceTimersByTime(2_000)
      expect([copy.textContent, copy.dataset.copied]).toEqual(['Copy', undefined])
    } finally {
      vi.useRealTimers()
    }
  })

  it("the download's file name is '{app}-foyer-wallet-recovery.txt'", () => {
    expect(recoveryFileName('Acme')).toBe('Acme-foyer-wallet-recovery.txt')
    expect(recoveryFileName('My App')).toBe('My-App-foyer-wallet-recovery.txt')
  })
})
