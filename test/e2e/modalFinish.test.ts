import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useStack } from './kit/useStack.js'

// The modal's finish, measured in Chromium against the real stack: aligned rows, one wording, the header's
// back arrow for the landing's views, a dialog that doesn't move when an error or a spinner appears, a
// 'Resend code' the size of its sentence, the phone drawer's handle, and the passkey benefit list.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const e2e = useStack({
  FOYER_DEV_APP: JSON.stringify({
    // Enough methods for a full landing list plus an overflow view. Nothing here is clicked, so the
    // providers need no real credentials (and no stand-in answers them).
    oauth: {
      google: { client_id: 'finish-test', client_secret: 'finish-test' },
      github: { client_id: 'finish-test', client_secret: 'finish-test' },
      redirect_urls: ['http://localhost/'],
    },
    telegram: { bot_token: '123456:finishTestTokenFinishTestToken', bot_name: 'foyer_finish_bot' },
  }),
})

/** A page at `width` × `height` with the modal open on its landing screen, entrance animation done. */
async function openModal(width = 1024, height = 800): Promise<{ page: Page; dialog: Locator; close: () => Promise<void> }> {
  const { context, page } = await e2e.newPage({ viewport: { width, height } })
  await page.goto(e2e.stack.appUrl)
  // The first load compiles the app in Vite: generous on a shared machine.
  await page.getByRole('button', { name: 'Log in' }).first().click({ timeout: 120_000 })
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'More options' }).waitFor({ timeout: 30_000 })
  // Every lazy entry has loaded: the e-mail input is there and no row is its disabled stand-in any more.
  await dialog.locator('input[type="email"]').waitFor({ timeout: 30_000 })
  await expect.poll(() => dialog.locator('.foyer-button[data-variant="option"]:disabled').count(), { timeout: 30_000 }).toBe(0)
  await settled(page)
  return { page, dialog, close: () => context.close() }
}

/** Waits until every finite animation on the page (dialog entrance, screen fade) has finished. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/** Records the dialog's box on every frame from now on; `stop()` answers the distinct boxes seen. */
async function watchDialogBox(page: Page): Promise<{ stop: () => Promise<string[]> }> {
  await page.evaluate(() => {
    const seen = new Set<string>()
    const w = window as unknown as { __foyerBoxes: Set<string>; __foyerBoxWatch: boolean }
    w.__foyerBoxes = seen
    w.__foyerBoxWatch = true
    const sample = () => {
      const dialog = document.querySelector('[role="dialog"]')
      if (dialog) {
        const r = dialog.getBoundingClientRect()
        seen.add([r.x, r.y, r.width, r.height].map((n) => n.toFixed(1)).join(' '))
      }
      if (w.__foyerBoxWatch) requestAnimationFrame(sample)
    }
    sample()
  })
  return {
    stop: () =>
      page.evaluate(() => {
        const w = window as unknown as { __foyerBoxes: Set<string>; __foyerBoxWatch: boolean }
        w.__foyerBoxWatch = false
        return [...w.__foyerBoxes]
      }),
  }
}

/**
 * Each option row of a list: its visible text, where that text starts (measured on the text itself, so
 * it holds whatever the markup), and what sits in its icon slot.
 */
const labelEdges = (list: Locator) =>
  list.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('.foyer-button[data-variant="option"]')].map((button) => {
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT, {
        acceptNode: (n) => (n.textContent?.trim() && !n.parentElement?.closest('[aria-hidden="true"]') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
      })
      const text = walker.nextNode()!
      const range = document.createRange()
      range.selectNodeContents(text)
      const icon = button.querySelector<HTMLElement>('.foyer-button-icon')
      return {
        text: button.textContent?.trim(),
        left: range.getBoundingClientRect().left,
        // 'svg': an icon or glyph, 'initial': the neutral initial tile, 'none': no icon slot at all.
        icon: !icon ? 'none' : icon.hasAttribute('data-placeholder') ? 'initial' : icon.querySelector('img, svg') ? 'svg' : 'empty',
      }
    }),
  )

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const result = await (window as any).axe.run('[role="dialog"]')
    return result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.help}: ${v.nodes.map((n: any) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join('; ')}`)
  })
}

/** Switches the open modal's theme the way the modal does (its root's data attribute), colour transitions done. */
async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    ;(document.querySelector('.foyer-root') as HTMLElement).dataset.foyerTheme = t
  }, theme)
  await settled(page)
}

describe("the modal's finish in Chromium", () => {
  it('lines up every row label, whether the row has a plugin icon, a glyph or none, on the landing and the wallet list', async () => {
    const { page, dialog, close } = await openModal()
    const list = dialog.getByRole('list', { name: 'Login methods' })

    // Default view: login rows with their plugin's icon, and the spec's rows (no plugin behind them).
    const landing = await labelEdges(list)
    expect(landing).toHaveLength(4)
    expect(new Set(landing.map((r) => r.left)).size).toBe(1)
    // Every row keeps its icon slot: the plugin's icon, or the landing's glyph for the spec's rows.
    expect(landing.map((r) => r.icon)).toEqual(['svg', 'svg', 'svg', 'svg'])

    // The overflow view: same edge.
    await dialog.getByRole('button', { name: 'More options' }).click()
    await dialog.getByRole('button', { name: 'Google' }).waitFor()
    // Measured at rest: the new view settles in (a few px of movement), and a box read mid-way is a frame of it.
    await settled(page)
    const overflow = await labelEdges(list)
    expect(new Set(overflow.map((r) => r.left))).toEqual(new Set(landing.map((r) => r.left)))

    // The wallet list: wallets with an icon (Coinbase) and without one (MetaMask, Rainbow: a neutral initial).
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
    await dialog.getByRole('button', { name: 'Ethereum wallet' }).click()
    const walletList = dialog.getByRole('list', { name: 'Wallets' })
    await walletList.getByText('MetaMask').waitFor()
    await settled(page)
    const rows = await walletList.locator('.foyer-wallet-row').evaluateAll((els) =>
      els.map((el) => ({
        name: el.querySelector('.foyer-wallet-name')!.textContent,
        left: el.querySelector('.foyer-wallet-name')!.getBoundingClientRect().left,
        placeholder: !!el.querySelector('[data-placeholder]'),
        height: el.getBoundingClientRect().height,
      })),
    )
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['MetaMask', 'Rainbow']))
    expect(new Set(rows.map((r) => r.left)).size).toBe(1)
    expect(rows.filter((r) => r.placeholder).map((r) => r.name)).toContain('MetaMask')
    expect(rows.some((r) => !r.placeholder)).toBe(true)
    // Wallet rows are as tall as the landing's rows, and their names start where the landing's labels do.
    const rowHeight = await page.evaluate(() => getComputedStyle(document.querySelector('.foyer-root')!).getPropertyValue('--foyer-row-height').trim())
    expect(new Set(rows.map((r) => `${r.height}px`))).toEqual(new Set([rowHeight]))
    expect(rows[0]!.left).toBe(landing[0]!.left)
    await close()
  })

  it("names login rows by their method alone ('SMS' beside 'Telegram'); only the spec's fixed rows say more", async () => {
    const { dialog, close } = await openModal()
    const list = dialog.getByRole('list', { name: 'Login methods' })
    const landing = (await labelEdges(list)).map((r) => r.text)
    expect(landing).toEqual(['SMS', 'Telegram', 'Continue with a wallet', 'More options'])
    await dialog.getByRole('button', { name: 'More options' }).click()
    await dialog.getByRole('button', { name: 'Google' }).waitFor()
    const overflow = (await labelEdges(list)).map((r) => r.text)
    expect(overflow).toEqual(['Google', 'GitHub'])
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
    await dialog.getByRole('button', { name: 'Ethereum wallet' }).waitFor()
    const wallets = (await labelEdges(list)).map((r) => r.text)
    expect(wallets.sort()).toEqual(['Ethereum wallet', 'Solana wallet'])
    // No login row says 'Continue with …': that is the spec's 'Continue with a wallet' alone.
    const all = [...landing, ...overflow, ...wallets].map((l) => l ?? '')
    expect(all.filter((l) => /^continue with/i.test(l))).toEqual(['Continue with a wallet'])
    await close()
  })

  it("shows the landing's views under the header's back arrow, with no Back link in the body, and goes back", async () => {
    const { page, dialog, close } = await openModal()
    expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(0)

    for (const row of ['More options', 'Continue with a wallet']) {
      await dialog.getByRole('button', { name: row }).click()
      await dialog.getByRole('button', { name: 'Back' }).waitFor()
      // Exactly one Back: the header's arrow, nothing in the screen itself.
      expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(1)
      expect(await dialog.locator('.foyer-header').getByRole('button', { name: 'Back' }).count()).toBe(1)
      expect(await dialog.locator('.foyer-screen').getByRole('button', { name: 'Back' }).count()).toBe(0)
      expect(await dialog.locator('.foyer-screen').getByRole('link', { name: 'Back' }).count()).toBe(0)
      expect(await dialog.getByRole('button', { name: row }).count()).toBe(0)
      await settled(page)
      expect(await axeViolations(page)).toEqual([])

      await dialog.locator('.foyer-header').getByRole('button', { name: 'Back' }).click()
      await dialog.getByRole('button', { name: row }).waitFor()
      expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(0)
    }
    await close()
  })

  it('keeps the dialog still when an e-mail error, a submit spinner, the verifying spinner or a wrong-code error appears', async () => {
    const { page, dialog, close } = await openModal()
    const input = dialog.locator('input[type="email"]')
    const email = `finish.${Date.now()}@example.com`

    // An invalid address, submitted: the error line appears under the field.
    let watch = await watchDialogBox(page)
    await input.fill('not-an-address')
    await input.press('Enter')
    await dialog.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' }).waitFor()
    // A valid one while the send is held: the submit button shows its spinner.
    let releaseInit!: () => void
    const initHeld = new Promise<void>((resolve) => (releaseInit = resolve))
    await page.route('**/api/v1/passwordless/init', async (route) => {
      await initHeld
      await route.continue()
    })
    await input.fill(email)
    await input.press('Enter')
    await dialog.locator('button[aria-busy="true"]').waitFor()
    expect(await watch.stop()).toHaveLength(1)

    // The code screen: a wrong code shows the verifying spinner, then the error, without a move.
    releaseInit()
    await dialog.getByText('Enter confirmation code').waitFor({ timeout: 30_000 })
    await settled(page)
    let releaseAuth!: () => void
    const authHeld = new Promise<void>((resolve) => (releaseAuth = resolve))
    await page.route('**/api/v1/passwordless/authenticate', async (route) => {
      await authHeld
      await route.continue()
    })
    watch = await watchDialogBox(page)
    await dialog.getByLabel('Digit 1').click()
    // Not a code the server sent: it is 6 digits, and the server only sends codes of its own.
    await page.keyboard.type('000000')
    await dialog.getByRole('status', { name: 'Verifying code' }).waitFor()
    // The spinner covers none of the digits: it sits below the boxes.
    const overlap = await dialog.getByRole('status', { name: 'Verifying code' }).evaluate((spinner) => {
      const s = spinner.getBoundingClientRect()
      return [...document.querySelectorAll('.foyer-code-box')].some((box) => {
        const b = box.getBoundingClientRect()
        return s.left < b.right && b.left < s.right && s.top < b.bottom && b.top < s.bottom
      })
    })
    expect(overlap).toBe(false)
    releaseAuth()
    await dialog.getByRole('alert').filter({ hasText: 'Invalid or expired verification code' }).waitFor({ timeout: 30_000 })
    await dialog.getByRole('status', { name: 'Verifying code' }).waitFor({ state: 'detached' })
    expect(await watch.stop()).toHaveLength(1)
    await close()
  })

  it("sets 'Resend code' in its sentence's size, on the same line", async () => {
    const { page, dialog, close } = await openModal()
    const input = dialog.locator('input[type="email"]')
    await input.fill(`resend.${Date.now()}@example.com`)
    await input.press('Enter')
    const resend = dialog.getByRole('button', { name: 'Resend code' })
    await resend.waitFor({ timeout: 30_000 })
    const sentence = dialog.getByText("Didn't get a code?")
    // Measured once the code screen's entrance has ended: mid-transition the two boxes can sit 1.6 px apart.
    await settled(page)
    const measure = (l: Locator) =>
      l.evaluate((el) => {
        const s = getComputedStyle(el)
        const r = el.getBoundingClientRect()
        return { fontSize: s.fontSize, lineHeight: s.lineHeight, middle: r.top + r.height / 2 }
      })
    const [a, b] = [await measure(sentence), await measure(resend)]
    expect(b.fontSize).toBe(a.fontSize)
    expect(b.lineHeight).toBe(a.lineHeight)
    expect(Math.abs(a.middle - b.middle)).toBeLessThanOrEqual(1)
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme)
      expect(await axeViolations(page)).toEqual([])
    }
    await close()
  })

  it('is a full-width bottom drawer with a handle at 390 px, and a centred card without one at 1024 px', async () => {
    const phone = await openModal(390, 844)
    const handle = phone.dialog.getByTestId('foyer-drawer-handle')
    expect(await handle.isVisible()).toBe(true)
    const box = (await phone.dialog.boundingBox())!
    expect(box.x).toBe(0)
    expect(box.width).toBe(390)
    expect(box.y + box.height).toBeCloseTo(844, 0)
    const grip = (await handle.boundingBox())!
    expect(grip.x + grip.width / 2).toBeCloseTo(195, 0)
    expect(grip.y).toBeGreaterThanOrEqual(box.y)
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(phone.page, theme)
      expect(await axeViolations(phone.page)).toEqual([])
    }
    await phone.close()

    const desktop = await openModal(1024, 800)
    expect(await desktop.dialog.getByTestId('foyer-drawer-handle').isVisible()).toBe(false)
    const card = (await desktop.dialog.boundingBox())!
    expect(card.width).toBe(360)
    expect(card.x + card.width / 2).toBeCloseTo(512, 0)
    expect(card.y + card.height).toBeLessThan(800)
    await desktop.close()
  })

  it('lists the passkey benefits without browser bullets or stray margins', async () => {
    const { page, dialog, close } = await openModal()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable', { enableUI: false })
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    })
    await dialog.getByRole('button', { name: 'I have a passkey' }).click()
    await dialog.getByRole('button', { name: 'New here? Sign up with a passkey' }).click()
    await page.getByRole('button', { name: 'Manage passkeys' }).click({ timeout: 60_000 })
    const manage = page.getByRole('dialog')
    await manage.getByTestId('passkey-list').waitFor({ timeout: 30_000 })
    await settled(page)

    const layout = await manage.locator('.foyer-passkey-benefits').evaluate((ul) => {
      const s = getComputedStyle(ul)
      const items = [...ul.children].map((li) => getComputedStyle(li).listStyleType)
      const body = ul.parentElement!
      const next = ul.nextElementSibling!
      return {
        items,
        margin: s.margin,
        paddingLeft: s.paddingLeft,
        listStyle: s.listStyleType,
        // The space to the next block is the body's own gap, nothing more.
        gapAfter: next.getBoundingClientRect().top - ul.getBoundingClientRect().bottom,
        bodyGap: parseFloat(getComputedStyle(body).rowGap),
        // Each item's text starts at the same indent as the list's own text.
        textLeft: [...ul.children].map((li) => li.getBoundingClientRect().left + parseFloat(getComputedStyle(li).paddingLeft)),
      }
    })
    expect(layout.items).toHaveLength(3)
    expect(new Set([layout.listStyle, ...layout.items])).toEqual(new Set(['none']))
    expect(layout.margin).toBe('0px')
    expect(layout.gapAfter).toBeCloseTo(layout.bodyGap, 0)
    expect(new Set(layout.textLeft).size).toBe(1)
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme)
      expect(await axeViolations(page)).toEqual([])
    }
    await close()
  })
})
