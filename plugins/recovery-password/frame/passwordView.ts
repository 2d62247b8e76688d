import {
  confirmationError,
  generatePassword,
  passwordError,
  passwordStrength,
  passwordTexts,
  passwordValid,
} from './passwordRules.js'
import { actions, button, copyButton, errorLine, h, page, text } from '../../wallet-frame/frame.js'

// The password screens, drawn inside the wallet frame's recovery page (its origin, its DOM): the password is typed,
// shown, copied and downloaded here and never reaches the host page.

/** A labelled password field with a Show / Hide toggle and its error line (described by both). */
function passwordField(doc: Document, id: string, label: string, autocomplete: string, describedBy: string[] = []) {
  const errorId = `${id}-error`
  const input = h(doc, 'input', { id, type: 'password', class: 'foyer-input', autocomplete, spellcheck: 'false', 'data-testid': id, 'aria-describedby': [...describedBy, errorId].join(' ') })
  // Its name says what a press does and starts with the word it shows (WCAG 2.5.3: a voice user says what they see).
  const toggle = h(doc, 'button', { type: 'button', class: 'foyer-button', 'data-variant': 'small', 'data-testid': `${id}-toggle`, 'aria-controls': id })
  const show = (visible: boolean) => {
    input.type = visible ? 'text' : 'password'
    toggle.textContent = visible ? 'Hide' : 'Show'
    toggle.setAttribute('aria-label', `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`)
  }
  show(false)
  toggle.onclick = () => show(input.type === 'password')
  const error = errorLine(doc, 'foyer-recovery-error', errorId)
  const field = h(doc, 'div', { class: 'foyer-field' }, h(doc, 'label', { class: 'foyer-label', for: id }, label), h(doc, 'div', { class: 'foyer-input-row' }, input, toggle), error)
  return { field, input, error, show }
}

const LEVELS = { Weak: '1', Medium: '2', Strong: '3' } as const

/** The strength meter under the password: three segments and the word, announced politely when it changes. */
function strengthMeter(doc: Document, id: string) {
  const label = h(doc, 'span', { id, class: 'foyer-strength-label', 'data-testid': 'foyer-recovery-strength', 'aria-live': 'polite', 'aria-atomic': 'true' })
  const meter = h(doc, 'div', { class: 'foyer-strength', 'data-level': '0', 'data-testid': 'foyer-recovery-strength-meter' }, h(doc, 'div', { class: 'foyer-meter', 'aria-hidden': 'true' }, h(doc, 'span'), h(doc, 'span'), h(doc, 'span')), label)
  const set = (strength: keyof typeof LEVELS | null) => {
    const wanted = strength ? `Strength: ${strength}` : ''
    meter.dataset.level = strength ? LEVELS[strength] : '0'
    // Only a change is written, so a screen reader hears each new level once, not every keystroke.
    if (label.textContent !== wanted) label.textContent = wanted
  }
  return { meter, set }
}

/** What the password setup flow does with the finished password: stores the encrypted recovery share. */
export interface PasswordSetupOptions {
  /** The app's name, for the downloaded file ('{app}-foyer-wallet-recovery.txt'). */
  appName: string
  /** Sets the password on the wallet; rejects when that failed. */
  finalize(password: string): Promise<void>
}

/** The file name the password is downloaded as (spec §9, with our product name). */
export const recoveryFileName = (appName: string) => `${appName.replace(/[^\w.-]+/g, '-') || 'app'}-foyer-wallet-recovery.txt`

/**
 * The password flow (spec §2, §4): create → save (copy, download) → confirm → 'I understand…' → finalize → result
 * ('Success' / 'Something went wrong', Close). Back goes one step. Resolves when the user closes the result: true
 * when the password was set.
 */
export function runPasswordSetup(doc: Document, options: PasswordSetupOptions): Promise<boolean> {
  let password = ''
  return new Promise<boolean>((done) => {
    const create = () => {
      const box = page(doc, 'Create a password', 'foyer-recovery-create')
      const strength = strengthMeter(doc, 'foyer-recovery-strength')
      const { field, input, error, show } = passwordField(doc, 'foyer-recovery-password', 'Password', 'new-password', ['foyer-recovery-strength'])
      input.value = password
      const generate = button(doc, 'Generate a password', 'foyer-recovery-generate', false)
      const next = button(doc, 'Continue', 'foyer-recovery-continue')
      const update = () => {
        const value = input.value
        const problem = passwordError(value)
        error.textContent = problem ?? ''
        input.setAttribute('aria-invalid', String(problem !== null))
        strength.set(value ? passwordStrength(value) : null)
        next.disabled = !passwordValid(value)
      }
      input.oninput = update
      input.onkeydown = (event) => {
        if (event.key === 'Enter') next.click()
      }
      generate.onclick = () => {
        input.value = generatePassword()
        show(true)
        update()
      }
      next.onclick = () => {
        if (!passwordValid(input.value)) return
        password = input.value
        save()
      }
      // The meter sits between the field's input row and its error line.
      field.insertBefore(strength.meter, error)
      box.append(field, actions(doc, next, generate))
      update()
      input.focus()
    }
    const save = () => {
      const box = page(doc, 'Save your password', 'foyer-recovery-save')
      const note = text(doc, 'Keep it somewhere safe: with it you can recover your wallet on a new device.', { id: 'foyer-recovery-save-note' })
      const shown = h(doc, 'input', { id: 'foyer-recovery-saved-password', class: 'foyer-input', readonly: '', spellcheck: 'false', 'data-testid': 'foyer-recovery-saved-password', 'aria-describedby': 'foyer-recovery-save-note' })
      shown.value = password
      const status = h(doc, 'span', { class: 'foyer-visually-hidden', role: 'status' })
      const copy = copyButton(doc, 'foyer-recovery-copy', () => password, shown, (copied) => (status.textContent = copied ? 'Password copied' : ''))
      const field = h(doc, 'div', { class: 'foyer-field' }, h(doc, 'label', { class: 'foyer-label', for: 'foyer-recovery-saved-password' }, 'Your password'), h(doc, 'div', { class: 'foyer-input-row' }, shown, copy), status)
      const download = button(doc, 'Download', 'foyer-recovery-download', false)
      download.onclick = () => {
        const url = URL.createObjectURL(new Blob([password], { type: 'text/plain' }))
        const link = h(doc, 'a', { href: url, download: recoveryFileName(options.appName) })
        doc.body.append(link)
        link.click()
        link.remove()
        setTimeout(() => URL.revokeObjectURL(url), 1_000)
      }
      const next = button(doc, 'Continue', 'foyer-recovery-continue')
      next.onclick = confirm
      const back = button(doc, 'Back', 'foyer-recovery-back', false)
      back.onclick = create
      box.append(note, field, actions(doc, next, download, back))
    }
    const confirm = () => {
      const box = page(doc, 'Confirm your password', 'foyer-recovery-confirm')
      const { field, input, error } = passwordField(doc, 'foyer-recovery-confirmation', 'Confirm password', 'new-password')
      const next = button(doc, 'Continue', 'foyer-recovery-continue')
      const update = () => {
        const problem = confirmationError(password, input.value)
        error.textContent = problem ?? ''
        input.setAttribute('aria-invalid', String(problem !== null))
        next.disabled = input.value !== password
      }
      input.oninput = update
      input.onkeydown = (event) => {
        if (event.key === 'Enter') next.click()
      }
      next.onclick = () => input.value === password && acknowledge()
      const back = button(doc, 'Back', 'foyer-recovery-back', false)
      back.onclick = save
      box.append(field, actions(doc, next, back))
      update()
      input.focus()
    }
    const acknowledge = () => {
      const box = page(doc, 'Confirm you have saved your password', 'foyer-recovery-acknowledge')
      const tick = h(doc, 'input', { type: 'checkbox', id: 'foyer-recovery-ack', 'data-testid': 'foyer-recovery-ack' })
      const label = h(doc, 'label', { for: 'foyer-recovery-ack' }, passwordTexts.acknowledgement)
      const row = h(doc, 'div', { class: 'foyer-check' }, tick, label)
      const error = errorLine(doc, 'foyer-recovery-error')
      const submit = button(doc, 'Set password', 'foyer-recovery-submit')
      submit.disabled = true
      tick.onchange = () => (submit.disabled = !tick.checked)
      const back = button(doc, 'Back', 'foyer-recovery-back', false)
      back.onclick = confirm
      submit.onclick = async () => {
        if (!tick.checked) return
        // Finalizing: no way back while the share is being stored.
        submit.disabled = back.disabled = tick.disabled = true
        submit.textContent = 'Setting password…'
        submit.setAttribute('aria-busy', 'true')
        let ok = true
        try {
          await options.finalize(password)
        } catch {
          ok = false
        }
        password = ''
        result(ok)
      }
      box.append(row, error, actions(doc, submit, back))
    }
    const result = (ok: boolean) => {
      const box = page(doc, ok ? 'Success' : 'Something went wrong', ok ? 'foyer-recovery-success' : 'foyer-recovery-failed')
      const line = text(doc, ok ? 'Your wallet is now secured by your password.' : 'Your password was not set. Please try again.', ok ? { role: 'status' } : { role: 'alert' })
      const close = button(doc, 'Close', 'foyer-recovery-close')
      close.onclick = () => {
        doc.body.replaceChildren()
        done(ok)
      }
      box.append(line, actions(doc, close))
      close.focus()
    }
    create()
  })
}

/** Recovers with the password: rejects with the message to show under the field, or resolves once recovered. */
export type PasswordRecovery = (password: string) => Promise<void>

/**
 * 'Enter your password' (spec §2): submit is disabled until a password is typed; a refusal shows its message (a wrong
 * password: 'Invalid recovery password, please try again.') and the user tries again. Resolves once recovered.
 */
export function runPasswordEntry(doc: Document, recover: PasswordRecovery): Promise<void> {
  return new Promise<void>((done) => {
    const box = page(doc, '', 'foyer-recovery-enter', 'Enter your password')
    const { field, input, error } = passwordField(doc, 'foyer-recovery-password', 'Password', 'current-password')
    const submit = button(doc, 'Recover your wallet', 'foyer-recovery-submit')
    const update = () => {
      submit.disabled = input.value.length === 0
    }
    input.oninput = () => {
      error.textContent = ''
      input.setAttribute('aria-invalid', 'false')
      update()
    }
    const go = async () => {
      if (!input.value) return
      submit.disabled = input.disabled = true
      submit.textContent = 'Recovering…'
      submit.setAttribute('aria-busy', 'true')
      try {
        await recover(input.value)
        input.value = ''
        doc.body.replaceChildren()
        done()
      } catch (failure) {
        error.textContent = failure instanceof Error ? failure.message : String(failure)
        input.setAttribute('aria-invalid', 'true')
        submit.removeAttribute('aria-busy')
        input.disabled = false
        submit.textContent = 'Recover your wallet'
        update()
        input.focus()
      }
    }
    submit.onclick = go
    input.onkeydown = (event) => {
      if (event.key === 'Enter') void go()
    }
    box.append(field, actions(doc, submit))
    update()
    input.focus()
  })
}
