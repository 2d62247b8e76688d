import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { openEmailInput } from '../../e2e/kit/browser.js'
import { enterOutboxCode, expectSignedInAs } from '../../e2e/kit/signIn.js'

/** A fresh page that records page errors and console errors. */
export async function openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; pageErrors: string[]; consoleErrors: string[] }> {
  const context = await browser.newContext()
  // The suite shares two cores with builds and a server: states get time to arrive, never a fixed wait.
  context.setDefaultTimeout(60_000)
  const page = await context.newPage()
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(String(e)))
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  return { context, page, pageErrors, consoleErrors }
}

/** What a caller does on the page along the way of signInByEmail. */
export interface SignInSteps {
  /** Before the reload: waits for what the sign-in still does (an embedded wallet being made). */
  settle?: (page: Page) => Promise<void>
  /** Once signed in again after the reload: goes on with the page. */
  signedIn?: (page: Page, context: BrowserContext) => Promise<void>
}

/**
 * Opens `url`, signs `address` in through Foyer's modal (styled with no CSS from the host) with the dev outbox's code,
 * reloads and waits for the signed-in page (the session restored); then `steps.signedIn` goes on with it. No page or
 * console error (but 404s) on the way.
 */
export async function signInByEmail(browser: Browser, url: string, address: string, steps: SignInSteps = {}) {
  const { context, page, pageErrors, consoleErrors } = await openPage(browser)
  try {
    await page.goto(url)
    const { dialog, input } = await openEmailInput(page)
    const styled = await dialog.evaluate((el) => ({
      sheet: document.getElementById('foyer-styles') instanceof HTMLStyleElement,
      background: getComputedStyle(el).getPropertyValue('--foyer-background').trim(),
      backdrop: getComputedStyle(document.querySelector('.foyer-backdrop')!).position,
    }))
    expect(styled.sheet).toBe(true)
    expect(styled.background).not.toBe('')
    expect(styled.backdrop).toBe('absolute')
    await input.fill(address)
    await input.press('Enter')
    await enterOutboxCode(page, inject('apiUrl'), address, { timeoutMs: 60_000 })
    await expectSignedInAs(page, address)
    await steps.settle?.(page)
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
    await steps.signedIn?.(page, context)
    expect(pageErrors).toEqual([])
    expect(consoleErrors.filter((e) => !/^Failed to load resource: .*404/.test(e))).toEqual([])
  } finally {
    await context.close()
  }
}
