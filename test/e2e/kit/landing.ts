import type { Locator, Page } from 'playwright-core'

/**
 * Clicks the page's 'Log in', then the landing's `name` option, first opening the overflow row `more` when
 * the option is behind it; answers the dialog. Only an enabled row counts: while an entry's lazy chunk
 * loads, a disabled stand-in holds its place.
 */
export async function chooseLoginOption(page: Page, name: string, more: string | RegExp = 'More options'): Promise<Locator> {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const option = dialog.getByRole('button', { name, exact: true, disabled: false })
  const overflow = dialog.getByRole('button', { name: more })
  await option.or(overflow).first().waitFor()
  if (!(await option.isVisible())) await overflow.click()
  await option.click()
  return dialog
}

/** Resolves once the phone screen's country list is filled in (it waits for the lazily loaded phone metadata). */
export async function countriesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('select[aria-label="Country"]')?.children.length ?? 0) > 200, null, { timeout: 30_000 })
}

/** Clicks the page's 'Log in' and answers the modal's phone input and country list, expanding the SMS option when it is collapsed. */
export async function openPhoneInput(page: Page): Promise<{ dialog: Locator; input: Locator; country: Locator }> {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const input = dialog.getByLabel('Phone number')
  // An enabled row: while a landing entry's code loads, a disabled placeholder with the same label holds its place.
  const option = dialog.getByRole('button', { name: 'SMS', exact: true, disabled: false })
  await input.or(option).first().waitFor()
  if (!(await input.isVisible())) await option.click()
  await input.waitFor()
  await countriesLoaded(page)
  return { dialog, input, country: dialog.getByLabel('Country') }
}
