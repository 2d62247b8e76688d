import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTelegramStandin, widgetResult, type TelegramStandin } from '../standins/telegramStandin.js'
import { launchChromium } from './kit/browser.js'
import { startStack, type Stack } from './kit/startStack.js'

let tg: TelegramStandin
let stack: Stack
let browser: Browser

beforeAll(async () => {
  tg = await startTelegramStandin()
  stack = await startStack({
    FOYER_DEV_APP: JSON.stringify({ telegram: { bot_token: tg.botToken, bot_name: tg.botName, widget_script_url: tg.widgetUrl } }),
  })
  browser = await launchChromium()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await tg?.close()
})

/** Opens the modal and clicks the Telegram option (behind 'More options' when the list overflows). */
async function openTelegram(page: Page) {
  await page.goto(stack.appUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const option = dialog.getByRole('button', { name: 'Telegram', exact: true, disabled: false })
  const more = dialog.getByRole('button', { name: /more options|other socials/i })
  await option.or(more).first().waitFor({ timeout: 20_000 })
  if (!(await option.isVisible())) await more.click()
  await option.click()
  return dialog
}

describe('Telegram login in Chromium against the real server', () => {
  it('the Login Widget (stand-in) sends the browser back with signed parameters; the user is signed in and the URL is clean', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const dialog = await openTelegram(page)
    await dialog.getByText('Log in with Telegram').first().waitFor()
    // The widget script loaded from the configured host renders its button inside the screen.
    await dialog.getByTestId('telegram-widget-button').click()
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain(`telegram: ${tg.user.id}`)
    const url = new URL(page.url())
    for (const key of ['id', 'hash', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url']) expect(url.searchParams.has(key)).toBe(false)
    // A reload stays signed in and sends nothing to Telegram routes again.
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    await context.close()
  }, 120_000)

  it('a forged hash in the return parameters is refused with the spec text and nobody is signed in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const forged = { ...widgetResult(tg.user, tg.botToken), hash: '0'.repeat(64) }
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/telegram/authenticate'), { timeout: 30_000 })
    await page.goto(`${stack.appUrl}/?${new URLSearchParams(forged)}`)
    expect((await answer).status()).toBe(401)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Something went wrong. Try again.').waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Try again' }).waitFor()
    expect(new URL(page.url()).searchParams.has('hash')).toBe(false)
    expect(await page.getByTestId('signed-in').count()).toBe(0)
    await context.close()
  }, 120_000)

  it('the same signed parameters replayed in a fresh browser are refused', async () => {
    const result = widgetResult({ id: 777001, first_name: 'Replay' }, tg.botToken)
    const first = await browser.newContext()
    const p1 = await first.newPage()
    await p1.goto(`${stack.appUrl}/?${new URLSearchParams(result)}`)
    await p1.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    await first.close()
    const second = await browser.newContext()
    const p2 = await second.newPage()
    await p2.goto(`${stack.appUrl}/?${new URLSearchParams(result)}`)
    await p2.getByRole('dialog').getByText('Something went wrong. Try again.').waitFor({ timeout: 20_000 })
    expect(await p2.getByTestId('signed-in').count()).toBe(0)
    await second.close()
  }, 120_000)
})
