// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
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

  it("the download's file name is '{app}-foyer-wallet-recovery.txt'", () => {
    expect(recoveryFileName('Acme')).toBe('Acme-foyer-wallet-recovery.txt')
    expect(recoveryFileName('My App')).toBe('My-App-foyer-wallet-recovery.txt')
  })
})
