import {
  confirmationError,
  generatePassword,
  passwordError,
  passwordStrength,
  passwordTexts,
  passwordValid,
} from './passwordRules.js'

// The password screens, drawn inside the wallet frame's own page (its origin, its DOM): the password is typed, shown,
// copied and downloaded here and never reaches the host page. Styles are set through the CSSOM (the page's CSP allows
// no inline style or <style>).

type Attrs = Record<string, string>
export const css = <E extends HTMLElement>(el: E, style: Partial<CSSStyleDeclaration>): E => (Object.assign(el.style, style), el)

export function h<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  el.append(...children)
  return el
}

export function page(doc: Document, title: string, testId: string) {
  const body = doc.body
  body.replaceChildren()
  css(body, { margin: '0', padding: '4px', font: '14px system-ui, sans-serif', color: '#111', background: 'transparent' })
  const box = h(doc, 'div', { 'data-testid': testId })
  // The host screen around 'Enter your password' carries its title; the setup steps title themselves.
  if (title) body.append(css(h(doc, 'h2', { 'data-testid': 'foyer-recovery-title' }, title), { fontSize: '17px', margin: '0 0 12px' }))
  body.append(box)
  return box
}
export const button = (doc: Document, label: string, testId: string, primary = true) => {
  const b = h(doc, 'button', { type: 'button', 'data-testid': testId }, label)
  return css(b, { display: 'block', width: '100%', margin: '8px 0 0', padding: '10px', borderRadius: '8px', border: primary ? '0' : '1px solid #ccc', background: primary ? '#111' : '#fff', color: primary ? '#fff' : '#111', cursor: 'pointer' })
}
const passwordInput = (doc: Document, id: string, label: string) => {
  const input = h(doc, 'input', { id, type: 'password', autocomplete: 'new-password', 'data-testid': id, 'aria-label': label })
  css(input, { width: '100%', boxSizing: 'border-box', padding: '10px', border: '1px solid #ccc', borderRadius: '8px', fontSize: '14px' })
  return input
}
export const errorLine = (doc: Document, testId: string) => css(h(doc, 'p', { role: 'alert', 'data-testid': testId }), { color: '#b00020', minHeight: '18px', margin: '6px 0 0', fontSize: '13px' })

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
      const input = passwordInput(doc, 'foyer-recovery-password', 'Password')
      input.value = password
      const strength = css(h(doc, 'p', { 'data-testid': 'foyer-recovery-strength' }), { margin: '6px 0 0', fontSize: '13px' })
      const error = errorLine(doc, 'foyer-recovery-error')
      const generate = button(doc, 'Generate a password', 'foyer-recovery-generate', false)
      const next = button(doc, 'Continue', 'foyer-recovery-continue')
      const update = () => {
        const value = input.value
        error.textContent = passwordError(value) ?? ''
        strength.textContent = value ? `Strength: ${passwordStrength(value)}` : ''
        next.disabled = !passwordValid(value)
      }
      input.oninput = update
      generate.onclick = () => {
        input.value = generatePassword()
        input.type = 'text'
        update()
      }
      next.onclick = () => {
        if (!passwordValid(input.value)) return
        password = input.value
        save()
      }
      box.append(input, strength, error, generate, next)
      update()
      input.focus()
    }
    const save = () => {
      const box = page(doc, 'Save your password', 'foyer-recovery-save')
      const shown = h(doc, 'input', { readonly: '', 'data-testid': 'foyer-recovery-saved-password', 'aria-label': 'Your password' })
      shown.value = password
      css(shown, { width: '100%', boxSizing: 'border-box', padding: '10px', fontFamily: 'ui-monospace, monospace', border: '1px solid #ccc', borderRadius: '8px' })
      const note = css(h(doc, 'p', {}, 'Keep it somewhere safe: with it you can recover your wallet on a new device.'), { fontSize: '13px', color: '#555' })
      const copy = button(doc, 'Copy', 'foyer-recovery-copy', false)
      copy.onclick = () => {
        void navigator.clipboard?.writeText(password).then(() => (copy.textContent = 'Copied'), () => {
          shown.select()
          doc.execCommand('copy')
        })
      }
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
      box.append(shown, note, copy, download, next, back)
    }
    const confirm = () => {
      const box = page(doc, 'Confirm your password', 'foyer-recovery-confirm')
      const input = passwordInput(doc, 'foyer-recovery-confirmation', 'Confirm password')
      const error = errorLine(doc, 'foyer-recovery-error')
      const next = button(doc, 'Continue', 'foyer-recovery-continue')
      const update = () => {
        error.textContent = confirmationError(password, input.value) ?? ''
        next.disabled = input.value !== password
      }
      input.oninput = update
      next.onclick = () => input.value === password && acknowledge()
      const back = button(doc, 'Back', 'foyer-recovery-back', false)
      back.onclick = save
      box.append(input, error, next, back)
      update()
      input.focus()
    }
    const acknowledge = () => {
      const box = page(doc, 'Confirm you have saved your password', 'foyer-recovery-acknowledge')
      const tick = h(doc, 'input', { type: 'checkbox', id: 'foyer-recovery-ack', 'data-testid': 'foyer-recovery-ack' })
      const label = h(doc, 'label', { for: 'foyer-recovery-ack' }, passwordTexts.acknowledgement)
      const row = css(h(doc, 'div', {}, tick, label), { display: 'flex', gap: '8px', alignItems: 'flex-start' })
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
        let ok = true
        try {
          await options.finalize(password)
        } catch {
          ok = false
        }
        password = ''
        result(ok)
      }
      box.append(row, error, submit, back)
    }
    const result = (ok: boolean) => {
      const box = page(doc, ok ? 'Success' : 'Something went wrong', ok ? 'foyer-recovery-success' : 'foyer-recovery-failed')
      const text = h(doc, 'p', {}, ok ? 'Your wallet is now secured by your password.' : 'Your password was not set. Please try again.')
      const close = button(doc, 'Close', 'foyer-recovery-close')
      close.onclick = () => {
        doc.body.replaceChildren()
        done(ok)
      }
      box.append(text, close)
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
    const box = page(doc, '', 'foyer-recovery-enter')
    const input = passwordInput(doc, 'foyer-recovery-password', 'Password')
    input.autocomplete = 'current-password'
    const error = errorLine(doc, 'foyer-recovery-error')
    const submit = button(doc, 'Recover your wallet', 'foyer-recovery-submit')
    const update = () => {
      submit.disabled = input.value.length === 0
    }
    input.oninput = () => {
      error.textContent = ''
      update()
    }
    const go = async () => {
      if (!input.value) return
      submit.disabled = input.disabled = true
      submit.textContent = 'Recovering…'
      try {
        await recover(input.value)
        input.value = ''
        doc.body.replaceChildren()
        done()
      } catch (failure) {
        error.textContent = failure instanceof Error ? failure.message : String(failure)
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
    box.append(input, error, submit)
    update()
    input.focus()
  })
}
