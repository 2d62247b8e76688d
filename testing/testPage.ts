// The part of a Playwright page the kit drives, written out so `foyer/testing` imports nothing from Playwright (not
// even types): playwright-core's `Page` and @playwright/test's (the same type) fit it structurally.

/** What signIn waits for: an element appearing or going. */
export interface FoyerTestWaitOptions {
  state?: 'attached' | 'detached' | 'visible' | 'hidden'
  timeout?: number
}

/** The part of a Playwright `Locator` the kit uses. */
export interface FoyerTestLocator {
  click(options?: { timeout?: number }): Promise<void>
  fill(value: string, options?: { timeout?: number }): Promise<void>
  press(key: string, options?: { timeout?: number }): Promise<void>
  isVisible(): Promise<boolean>
  waitFor(options?: FoyerTestWaitOptions): Promise<void>
  first(): FoyerTestLocator
  or(locator: FoyerTestLocator): FoyerTestLocator
  locator(selector: string): FoyerTestLocator
  getByRole(role: 'button' | 'dialog', options?: { name?: string | RegExp; exact?: boolean; disabled?: boolean }): FoyerTestLocator
  getByText(text: string | RegExp, options?: { exact?: boolean }): FoyerTestLocator
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): FoyerTestLocator
}

/** The part of a Playwright `Page` the kit uses (pass the page itself). */
export interface FoyerTestPage {
  getByRole(role: 'button' | 'dialog', options?: { name?: string | RegExp; exact?: boolean; disabled?: boolean }): FoyerTestLocator
}
