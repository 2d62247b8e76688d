import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { codeFromOutbox, openEmailInput } from './browser.js'
import type { Stack } from './startStack.js'

/** Opens the modal's e-mail input and submits `email`; answers the dialog, on whatever the server answered. */
export async function submitEmail(page: Page, email: string): Promise<Locator> {
  const { dialog, input } = await openEmailInput(page)
  await input.fill(email)
  await input.press('Enter')
  return dialog
}

/** Waits for the open code screen; on a timeout the error carries what the dialog shows instead. */
export async function codeScreen(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog')
  await dialog
    .getByText('Enter confirmation code')
    .waitFor()
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe dialog shows: ${await dialog.innerText({ timeout: 2_000 }).catch(() => '(nothing)')}`)
    })
  return dialog
}

/** Submits `email` in the modal (see submitEmail) and waits for the code screen; answers the dialog. */
export async function requestEmailCode(page: Page, email: string): Promise<Locator> {
  await submitEmail(page, email)
  return codeScreen(page)
}

/** Options of enterOutboxCode. */
export interface OutboxCodeOptions {
  /** Codes already used: the one typed is newer. */
  seen?: Set<string>
  /** How long the code may take to reach the dev outbox. */
  timeoutMs?: number
}

/** Types the code the dev outbox holds for `to` into the open code screen; answers the code. */
export async function enterOutboxCode(page: Page, apiUrl: string, to: string, { seen = new Set(), timeoutMs = 30_000 }: OutboxCodeOptions = {}): Promise<string> {
  const dialog = await codeScreen(page)
  const code = await codeFromOutbox(apiUrl, to, seen, timeoutMs)
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
  return code
}

/** Loads the stack's app and signs in by e-mail: the modal, the code from the dev outbox, the signed-in page. Answers the code. */
export async function signInByEmail(page: Page, stack: Pick<Stack, 'appUrl' | 'apiUrl'>, email: string): Promise<string> {
  await page.goto(stack.appUrl)
  await requestEmailCode(page, email)
  const code = await enterOutboxCode(page, stack.apiUrl, email)
  await page.getByTestId('signed-in').waitFor()
  return code
}

/** Waits for the signed-in page and checks that its user is `email`'s. */
export async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await page.getByTestId('signed-in').waitFor()
  expect(await page.getByTestId('user-email').textContent()).toBe(email)
}

/** Waits for the page's 'Log in' and checks that nobody is signed in. */
export async function expectSignedOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log in' }).waitFor()
  expect(await page.getByTestId('signed-in').count()).toBe(0)
}

/** Loads the app (with `query`), asks for an e-mail code and types it from the dev outbox: a sign-up or a sign-in. */
export async function signUpByEmail(page: Page, stack: Pick<Stack, 'appUrl' | 'apiUrl'>, email: string, query = ''): Promise<void> {
  await page.goto(`${stack.appUrl}${query}`)
  await requestEmailCode(page, email)
  await enterOutboxCode(page, stack.apiUrl, email)
}
