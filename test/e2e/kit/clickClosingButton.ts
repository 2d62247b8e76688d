import type { Locator } from 'playwright-core'

/** What Playwright throws when the page an action runs on went away under it. */
const PAGE_CLOSED = /Target page, context or browser has been closed|Target closed|has been closed/

/**
 * Clicks a button whose handler closes its own page (a popup that answers and calls window.close() in the same task),
 * and resolves once the page is closed. Playwright's click may then fail with "Target page, context or browser has been
 * closed": that error alone is tolerated, and only when the page did close; any other failure (the button never
 * showed, stayed disabled, the page stayed open) is thrown.
 */
export async function clickClosingButton(button: Locator, { timeout = 30_000 }: { timeout?: number } = {}): Promise<void> {
  const page = button.page()
  await button.waitFor({ state: 'visible', timeout })
  const closed = page.waitForEvent('close', { timeout })
  // Settled either way below; keep an early rejection (another error first) from being reported as unhandled.
  closed.catch(() => undefined)
  try {
    await button.click({ timeout })
  } catch (error) {
    if (!PAGE_CLOSED.test(String((error as Error).message))) throw error
    await closed.catch(() => undefined)
    if (!page.isClosed()) throw error
    return
  }
  await closed
}
