import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Frame, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const e2e = useStack({
  FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets', user_owned_recovery_options: ['user-passcode'] } }),
})

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
// The example app's 'Rose' accent, in dark mode: the host's choice the frame's pages must take.
const ACCENT = '#be123c'
const ACCENT_RGB = 'rgb(190, 18, 60)'

/** The wallet frame page whose path ends with `page` (export, recovery), once its content is drawn. */
async function framePage(page: Page, path: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => new URL(f.url()).pathname.endsWith(path)), { timeout: 30_000 }).toBe(true)
  return page.frames().find((f) => new URL(f.url()).pathname.endsWith(path))!
}

/**
 * axe-core run inside the frame's own document, with its CSP in force (the page's script-src 'self' refuses an added
 * <script>; the debugger's evaluation is not a page script). Answers every violation, whatever its impact.
 */
async function axeViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(axeSource)
  return frame.evaluate(async () => {
    const result = await (window as any).axe.run(document)
    return result.violations.map((v: any) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`)
  })
}

const primaryBackground = (frame: Frame) => frame.locator(".foyer-button[data-variant='primary']").first().evaluate((el) => getComputedStyle(el).backgroundColor)

describe("the wallet frame's pages look like the modal (theme, accent from the host) and pass axe", () => {
  it('export and set-password pages: the stylesheet loads under the CSP, the accent and dark theme are applied, axe finds nothing; Copy says Copied; the meter reads the strength', async () => {
    const appOrigin = new URL(e2e.stack.appUrl).origin
    const { context, page } = await e2e.newPage()
    for (const origin of [appOrigin, new URL(e2e.stack.walletUrl).origin]) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    await context.addInitScript(
      ([origin, accent]) => {
        if (location.origin === origin) localStorage.setItem('example:theme', JSON.stringify({ theme: 'dark', accentColor: accent }))
      },
      [appOrigin, ACCENT] as const,
    )
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })

    await signUpByEmail(page, e2e.stack, 'frame.look@example.com')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId('signed-in').waitFor()

    // Export: the keys in the frame, styled; the iframe as tall as its content.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await dialog.getByRole('heading', { name: 'Transfer wallet' }).waitFor()
    const exporting = await framePage(page, '/export')
    await exporting.locator('#foyer-export-key').waitFor({ timeout: 30_000 })
    expect(new URL(exporting.url()).searchParams.get('foyer_accent')).toBe(ACCENT)
    expect(await exporting.evaluate(() => document.documentElement.dataset.foyerTheme)).toBe('dark')
    const look = await exporting.evaluate(() => {
      const body = getComputedStyle(document.body)
      const copy = document.querySelector('[data-testid="foyer-export-key-copy"]')!
      return { background: body.backgroundColor, radius: getComputedStyle(copy).borderTopLeftRadius, font: body.fontFamily, sheets: document.styleSheets.length }
    })
    expect(look).toMatchObject({ background: 'rgb(30, 31, 39)', sheets: 1 })
    expect(look.font).toContain('system-ui')
    expect(await axeViolations(exporting)).toEqual([])
    const iframe = dialog.getByTestId('foyer-export-frame').locator('iframe')
    await expect.poll(async () => Math.abs((await iframe.boundingBox())!.height - (await exporting.evaluate(() => document.body.getBoundingClientRect().height))), { timeout: 5_000 }).toBeLessThanOrEqual(1)
    // The private key and the recovery phrase in the frame: covered.
    await docsShot(dialog, 'wallet-frame-export', { mask: [exporting.locator('#foyer-export-key, #foyer-export-phrase')] })
    const copy = exporting.getByTestId('foyer-export-key-copy')
    await copy.click()
    await expect.poll(() => copy.textContent()).toBe('Copied')
    expect(await exporting.getByTestId('foyer-export-key-status').textContent()).toBe('Private key copied')
    // The clipboard API itself (the iframe is allowed clipboard-write), read back here by the test.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await exporting.locator('#foyer-export-key').inputValue())
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByTestId('embedded-result').textContent()).toBe('Export: closed')

    // Set a password: the create step, its meter, the accent on the primary button, axe.
    await page.getByRole('button', { name: 'Secure your wallet' }).click()
    await dialog.getByRole('heading', { name: 'Secure Your Account' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Add password' }).click()
    const recovery = await framePage(page, '/recovery')
    await recovery.getByRole('heading', { name: 'Create a password' }).waitFor({ timeout: 20_000 })
    const input = recovery.getByLabel('Password', { exact: true })
    await input.fill('Password123!')
    const strength = recovery.getByTestId('foyer-recovery-strength')
    expect([await strength.textContent(), await strength.getAttribute('aria-live')]).toEqual(['Strength: Weak', 'polite'])
    expect(await recovery.getByTestId('foyer-recovery-strength-meter').getAttribute('data-level')).toBe('1')
    await input.fill('Quiet-Harbor-Lamp-42')
    expect(await strength.textContent()).toBe('Strength: Strong')
    expect(await recovery.getByTestId('foyer-recovery-strength-meter').getAttribute('data-level')).toBe('3')
    expect(await primaryBackground(recovery)).toBe(ACCENT_RGB)
    expect(await axeViolations(recovery)).toEqual([])
    // Focus is visible: the accent ring on a button reached by the keyboard.
    await input.press('Tab')
    expect(await recovery.evaluate(() => document.activeElement?.textContent)).toBe('Show')
    expect(await recovery.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid')

    // The save step: its own axe run (the password shown with Copy, Download, Back).
    await recovery.getByTestId('foyer-recovery-continue').click()
    await recovery.getByRole('heading', { name: 'Save your password' }).waitFor()
    expect(await axeViolations(recovery)).toEqual([])
    expect(refused).toEqual([])
    await context.close()
  })
})
