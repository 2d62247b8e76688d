import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startTelegramStandin, widgetResult } from '../standins/telegramStandin.js'
import { chooseLoginOption } from './kit/landing.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const telegram = useStandin(() => startTelegramStandin(), (standin) => standin.close())
const e2e = useStack(() => {
  const { botToken, botName, widgetUrl } = telegram()
  return { FOYER_DEV_APP: JSON.stringify({ telegram: { bot_token: botToken, bot_name: botName, widget_script_url: widgetUrl } }) }
})

/** Loads the app and opens the modal's Telegram option (behind 'More options' or 'Other socials' when the list overflows). */
async function openTelegram(page: Page) {
  await page.goto(e2e.stack.appUrl)
  return chooseLoginOption(page, 'Telegram', /more options|other socials/i)
}

describe('Telegram login in Chromium against the real server', () => {
  it('the Login Widget (stand-in) sends the browser back with signed parameters; the user is signed in and the URL is clean', async () => {
    const { context, page } = await e2e.newPage()
    const dialog = await openTelegram(page)
    await dialog.getByText('Log in with Telegram').first().waitFor()
    await docsShot(dialog, 'telegram-login')
    // The widget script loaded from the configured host renders its button inside the screen.
    await dialog.getByTestId('telegram-widget-button').click()
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain(`telegram: ${telegram().user.id}`)
    const url = new URL(page.url())
    for (const key of ['id', 'hash', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url']) expect(url.searchParams.has(key)).toBe(false)
    // A reload stays signed in and sends nothing to Telegram routes again.
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    await context.close()
  }, 120_000)

  it('a forged hash in the return parameters is refused with the spec text and nobody is signed in', async () => {
    const { context, page } = await e2e.newPage()
    const forged = { ...widgetResult(telegram().user, telegram().botToken), hash: '0'.repeat(64) }
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/telegram/authenticate'), { timeout: 30_000 })
    await page.goto(`${e2e.stack.appUrl}/?${new URLSearchParams(forged)}`)
    expect((await answer).status()).toBe(401)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Something went wrong. Try again.').waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Try again' }).waitFor()
    expect(new URL(page.url()).searchParams.has('hash')).toBe(false)
    expect(await page.getByTestId('signed-in').count()).toBe(0)
    await context.close()
  }, 120_000)

  it('the same signed parameters replayed in a fresh browser are refused', async () => {
    const result = widgetResult({ id: 777001, first_name: 'Replay' }, telegram().botToken)
    const { context: first, page: p1 } = await e2e.newPage()
    await p1.goto(`${e2e.stack.appUrl}/?${new URLSearchParams(result)}`)
    await p1.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    await first.close()
    const { context: second, page: p2 } = await e2e.newPage()
    await p2.goto(`${e2e.stack.appUrl}/?${new URLSearchParams(result)}`)
    await p2.getByRole('dialog').getByText('Something went wrong. Try again.').waitFor({ timeout: 20_000 })
    expect(await p2.getByTestId('signed-in').count()).toBe(0)
    await second.close()
  }, 120_000)
})
