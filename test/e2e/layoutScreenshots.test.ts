import type { Locator, Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { animationsSettled, codeFromOutbox, openEmailInput } from './kit/browser.js'
import { codeScreen } from './kit/signIn.js'
import { expectScreenshot } from './kit/expectScreenshot.js'
import { dynamicParts, shotOptions } from './kit/shotOptions.js'
import { useStack, useStandin } from './kit/useStack.js'

// Screenshots of the showcase and of the modal screens that once had layout defects, at a phone's width and a
// desktop's, compared with the baselines in test/e2e/screenshots (FOYER_UPDATE_SCREENSHOTS=1 writes them again).
// Each screen also gets a measurement that would have caught its old defect without pixels.

const anvil = useStandin(() => startAnvil({ chainId: 31337 }), (node) => node.stop())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    funding: { methods: ['external', 'manual'], default_recommended_amount: '0.05', default_recommended_currency: { chain: 'eip155:31337' } },
  }),
}))

// One user for every width: signed up at the first, signed in again (a new device) at the next.
const EMAIL = 'layout.shots@example.com'
/** The codes the dev outbox already gave (each sign-in waits for a new one). */
const usedCodes = new Set<string>()
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const

/** Takes `target` (the page's viewport, or an element) and compares it with `<name>-<width>.png`. */
async function shoot(page: Page, target: Page | Locator, name: string, mask: Locator[] = []): Promise<void> {
  // No hover on whatever the last click left the pointer over.
  await page.mouse.move(0, 0)
  await animationsSettled(page)
  const png = await target.screenshot(shotOptions(mask))
  expectScreenshot(`${name}-${page.viewportSize()!.width}`, png)
}

/** How far the page reaches past the viewport's right edge (0 when nothing overflows sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth)

/**
 * Signs in by e-mail, first sending a code that is not the user's ('000000', else '111111') while the server's answer
 * is held: the code screen with its 'Verifying code' spinner is photographed then (digits that are no secret), and
 * the spinner measured against the boxes; after the refusal, the real code from the dev outbox.
 */
async function signInThroughVerifying(page: Page): Promise<void> {
  const { dialog, input } = await openEmailInput(page)
  await input.fill(EMAIL)
  await input.press('Enter')
  await codeScreen(page)
  const code = await codeFromOutbox(e2e.stack.apiUrl, EMAIL, usedCodes, 30_000)
  usedCodes.add(code)
  const wrong = code === '000000' ? '111111' : '000000'
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const hold = async (route: Route) => {
    await held
    await route.continue()
  }
  await page.route('**/api/v1/passwordless/authenticate', hold, { times: 1 })
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(wrong)
  const spinner = dialog.getByRole('status', { name: 'Verifying code' })
  await spinner.waitFor()
  // The old defect: the spinner drawn over the digits. Its box meets none of theirs.
  const overlapping = await spinner.evaluate((s) => {
    const a = s.getBoundingClientRect()
    return [...document.querySelectorAll('.foyer-code-box')].filter((box) => {
      const b = box.getBoundingClientRect()
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    }).length
  })
  expect(overlapping).toBe(0)
  await shoot(page, dialog, 'code-verifying')
  release()
  await dialog.getByRole('alert').filter({ hasText: 'Invalid or expired verification code' }).waitFor({ timeout: 30_000 })
  // The refused code leaves the boxes (FAILED_CODE_RESET_MS), then the real one goes in.
  await expect.poll(() => dialog.getByLabel('Digit 1').inputValue(), { timeout: 10_000 }).toBe('')
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
  await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 30_000 })
}

describe('layout screenshots of the showcase and the modal screens that had defects, at 390 and 1280 px', () => {
  it('signed out, the code being verified, signed in, the wallet card, Sign typed data, Add funds and the manual transfer match their baselines and measure right', async () => {
    for (const viewport of WIDTHS) {
      const { context, page } = await e2e.newPage({ viewport, reducedMotion: 'reduce' })
      try {
        const chains = encodeURIComponent(`31337:${anvil().rpcUrl}`)
        await page.goto(`${e2e.stack.appUrl}/?price_display=native&chains=${chains}`)
        await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 60_000 })
        await page.getByTestId('login-methods').locator('li').first().waitFor()
        expect(await sidewaysOverflow(page)).toBe(0)
        await shoot(page, page, 'landing')

        await signInThroughVerifying(page)
        const dashboard = page.getByTestId('signed-in')
        const card = page.getByTestId('embedded-wallets')
        const address = card.getByTestId('embedded-wallet').locator('code')
        await address.first().waitFor({ timeout: 30_000 })
        expect(await sidewaysOverflow(page)).toBe(0)
        await shoot(page, page, 'dashboard', dynamicParts(page))

        // The wallet card: the address wraps inside it (it once ran past the card's edge).
        const overflow = await card.evaluate((c) => {
          const edge = c.getBoundingClientRect().right
          return [...c.querySelectorAll('code')].map((code) => Math.max(code.scrollWidth - c.clientWidth, code.getBoundingClientRect().right - edge))
        })
        expect(overflow.every((px) => px <= 0.5)).toBe(true)
        await shoot(page, card, 'wallet-card', dynamicParts(card))

        // Sign typed data: named fields (it was a JSON dump), none reaching past the message's box.
        const dialog = page.getByRole('dialog')
        await card.getByRole('button', { name: 'Sign typed data' }).click()
        await dialog.getByRole('heading', { name: 'Sign typed data' }).waitFor({ timeout: 30_000 })
        const message = dialog.getByTestId('foyer-sign-message')
        expect(await message.locator('[data-field="text"] dd').textContent()).toBe('Hello')
        const typedOverflow = await message.evaluate((box) => {
          const edge = box.getBoundingClientRect().right
          return [box.scrollWidth - box.clientWidth, ...[...box.querySelectorAll('dd')].map((dd) => dd.getBoundingClientRect().right - edge)]
        })
        expect(typedOverflow.every((px) => px <= 0.5)).toBe(true)
        await shoot(page, dialog, 'sign-typed-data')
        await dialog.getByRole('button', { name: 'Close' }).click()
        await dialog.waitFor({ state: 'detached', timeout: 10_000 })

        // Add funds: every method row has its own icon (no letter tile), in one column of equal slots.
        await card.getByRole('button', { name: 'Fund wallet', exact: true }).click()
        await dialog.getByRole('heading', { name: 'Add funds to your Local 31337 wallet' }).waitFor({ timeout: 30_000 })
        const external = dialog.getByTestId('foyer-funding-method-external')
        await expect.poll(() => external.isEnabled(), { timeout: 15_000 }).toBe(true)
        const icons = await dialog.locator('.foyer-button[data-variant="option"]').evaluateAll((rows) =>
          rows.map((row) => {
            const icon = row.querySelector('.foyer-button-icon')
            const box = icon?.getBoundingClientRect()
            return { svg: Boolean(icon?.querySelector('svg')) && !icon?.hasAttribute('data-placeholder'), slot: box ? `${Math.round(box.left)} ${Math.round(box.width)}×${Math.round(box.height)}` : null }
          }),
        )
        expect(icons.map((i) => i.svg)).toEqual([true, true])
        expect(new Set(icons.map((i) => i.slot)).size).toBe(1)
        await shoot(page, dialog, 'funding-methods')

        // Send funds manually with its QR code: every line centred on the body, like the title (some were left).
        await dialog.getByTestId('foyer-funding-method-manual').click()
        await dialog.getByRole('button', { name: 'Scan QR code' }).click()
        await dialog.getByRole('img', { name: 'QR code of your wallet address' }).waitFor()
        await dialog.getByTestId('foyer-funding-balance').waitFor({ timeout: 15_000 })
        const offCentre = await dialog.locator('.foyer-body').evaluate((body) => {
          const b = body.getBoundingClientRect()
          const middle = b.left + b.width / 2
          const ids = ['foyer-funding-address-row', 'foyer-funding-qr', 'foyer-funding-qr-toggle', 'foyer-funding-network', 'foyer-funding-balance', 'foyer-funding-manual-status']
          return ids
            .map((id) => {
              const range = document.createRange()
              range.selectNodeContents(body.querySelector(`[data-testid="${id}"]`)!)
              const r = range.getBoundingClientRect()
              return [id, Math.round(Math.abs(r.left + r.width / 2 - middle))] as const
            })
            .filter(([, off]) => off > 2)
        })
        expect(offCentre).toEqual([])
        await shoot(page, dialog, 'funding-manual', [dialog.getByTestId('foyer-funding-address'), dialog.getByTestId('foyer-funding-qr').locator('svg, img, canvas')])
      } finally {
        await context.close()
      }
    }
  })
})
