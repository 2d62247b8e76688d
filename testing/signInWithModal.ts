import type { TestOutbox } from './testOutbox.js'
import type { FoyerTestLocator, FoyerTestPage } from './testPage.js'

/** Options of `signIn`. */
export interface SignInOptions {
  /** The e-mail address to sign in with (a new one signs up, as in the real modal). */
  email: string
  /**
   * How the host page opens the Foyer modal: the accessible name of its button (default 'Log in', matched exactly),
   * or a function that opens it (clicks a menu first, calls your own UI).
   */
  open?: string | RegExp | (() => Promise<void>)
  /** How long each step may take: the modal, the code, the modal closing (default 10 s). */
  timeoutMs?: number
}

/**
 * Signs in through the real modal on a host page that is already loaded: opens it with the host's own button, picks
 * e-mail when the modal lists several methods, types `email`, reads the code from the dev outbox, types it and waits
 * for the modal to close.
 */
export async function signInWithModal(page: FoyerTestPage, outbox: TestOutbox, { email, open = 'Log in', timeoutMs = 10_000 }: SignInOptions): Promise<void> {
  if (typeof open === 'function') await open()
  else await page.getByRole('button', { name: open, exact: typeof open === 'string' }).click({ timeout: timeoutMs })
  const dialog = page.getByRole('dialog')
  const input = dialog.locator('input[type="email"]')
  // With several methods the e-mail one may be a button first; while a method's code loads, a disabled stand-in
  // holds its place: only the enabled one counts.
  const option = dialog.getByRole('button', { name: /email/i, disabled: false })
  await input.or(option).first().waitFor({ timeout: timeoutMs })
  if (!(await input.isVisible())) await option.click({ timeout: timeoutMs })
  await input.fill(email, { timeout: timeoutMs })
  await input.press('Enter', { timeout: timeoutMs })
  await codeScreen(dialog, timeoutMs)
  // The code screen shows once the server sent the code: the newest one no earlier call returned is this one.
  const code = await outbox.waitForCode(email, { timeoutMs })
  // The whole code into the first box at once, as the browser's one-time-code autofill (or a paste) puts it there.
  await dialog.getByLabel('Digit 1').fill(code, { timeout: timeoutMs })
  await dialog.waitFor({ state: 'hidden', timeout: timeoutMs })
}

/** Waits for the code screen; when it doesn't come, the error says what the dialog shows instead. */
async function codeScreen(dialog: FoyerTestLocator, timeoutMs: number): Promise<void> {
  try {
    await dialog.getByText('Enter confirmation code').waitFor({ timeout: timeoutMs })
  } catch (error) {
    throw new Error(`foyer/testing signIn: the modal did not ask for the code (${(error as Error).message.split('\n')[0]})`)
  }
}
