import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startGithubStandin } from '../standins/githubStandin.js'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

// The server's login flags and the method each one turns on in the example app (which loads every plugin).
const flagToMethod: Record<string, string> = {
  email_auth: 'email', sms_auth: 'sms', passkey: 'passkey', wallet_auth: 'wallet', solana_wallet_auth: 'solana_wallet',
  telegram: 'telegram', farcaster: 'farcaster', google: 'google', twitter: 'twitter', discord: 'discord', github: 'github',
  linkedin: 'linkedin', spotify: 'spotify', instagram: 'instagram', tiktok: 'tiktok', apple: 'apple',
}
// The link method of each login method where the names differ (useLinkAccount's names).
const linkName: Record<string, string> = { sms: 'phone', solana_wallet: 'solanaWallet' }

const github = useStandin(() => startGithubStandin(), (standin) => standin.close())
// SMS and Solana sign-in off although their plugins are loaded; GitHub on (a real OAuth config against the
// stand-in) although no other provider is: the page must follow the server, not the plugin list.
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({ sms_auth: false, solana_wallet_auth: false, oauth: { github: github().githubConfig(), redirect_urls: [] } }),
}))

/** The login methods the server's public app config has on. */
async function serverMethods(): Promise<string[]> {
  const config = (await (await fetch(`${e2e.stack.apiUrl}/api/v1/apps/${e2e.stack.appId}`)).json()) as Record<string, unknown>
  return Object.entries(flagToMethod).filter(([flag]) => config[flag] === true).map(([, method]) => method)
}

/** A fresh context with `options` and a page on the app, once it shows 'Log in'. */
async function openApp(options: BrowserContextOptions) {
  const { context, page } = await e2e.newPage(options)
  await page.goto(e2e.stack.appUrl)
  await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 60_000 })
  return { context, page }
}

/** Signs in on the open page (without reloading it) by e-mail code, and waits for the modal to go. */
async function signIn(page: Page, email: string) {
  const dialog = await requestEmailCode(page, email)
  await enterOutboxCode(page, e2e.stack.apiUrl, email)
  await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 15_000 })
}

/** Every axe violation on the whole page, of any impact. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document)
    return result.violations.map((v: any) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`)
  })
}

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth)

/**
 * The dialog's look: the relative luminance of its computed background (0 black … 1 white), its
 * --foyer-background and --foyer-accent. Luminance, not exact colours: the modal's palette may be retuned.
 */
const modalLook = (page: Page) =>
  page.getByRole('dialog').evaluate((dialog) => {
    const style = getComputedStyle(dialog)
    const [r, g, b] = style.backgroundColor.match(/[\d.]+/g)!.map(Number).map((c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return {
      luminance: 0.2126 * r + 0.7152 * g + 0.0722 * b,
      background: style.getPropertyValue('--foyer-background').trim(),
      accent: style.getPropertyValue('--foyer-accent').trim(),
    }
  })

describe('the example app as a showcase, in Chromium against the real server', () => {
  it('signed out: lists exactly the methods the server has on, not every loaded plugin, and is axe clean', async () => {
    const expected = await serverMethods()
    // The stack really has loaded-but-off methods, so the check below can fail.
    expect(expected).toContain('github')
    expect(expected).not.toContain('sms')
    expect(expected).not.toContain('solana_wallet')

    const { context, page } = await openApp({ viewport: { width: 1280, height: 900 } })
    const listed = await page.getByTestId('login-methods').locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-method')))
    expect([...listed].sort()).toEqual([...expected].sort())
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Foyer')
    await page.getByRole('button', { name: 'Continue as guest' }).waitFor()

    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('signed in by e-mail: the user card, linked accounts, a link menu of server-enabled methods only, copyable code, axe clean', async () => {
    const { context, page } = await openApp({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] })
    const email = `showcase.${Date.now()}@example.com`
    const before = Math.floor(Date.now() / 1000)
    await signIn(page, email)

    // User card: the e-mail as handle, the did, the creation time, no guest badge.
    expect(await page.getByTestId('user-email').textContent()).toBe(email)
    expect(await page.getByTestId('user-id').textContent()).toMatch(/^did:foyer:/)
    expect(await page.getByTestId('user-guest').count()).toBe(0)
    const created = Date.parse((await page.locator('[data-testid="signed-in"] time').getAttribute('datetime'))!) / 1000
    expect(created).toBeGreaterThanOrEqual(before - 5)
    expect(created).toBeLessThanOrEqual(Date.now() / 1000 + 5)

    // Linked accounts: the e-mail with Update and Unlink.
    const row = page.getByTestId('account-email')
    expect(await row.textContent()).toContain(`email: ${email}`)
    await row.getByTestId('update-email').waitFor()
    await row.getByTestId('unlink-email').waitFor()

    // Link menu: every server-enabled method a plugin links, nothing the server has off.
    const expected = (await serverMethods()).map((m) => linkName[m] ?? m)
    const offered = await page.getByTestId('link-method').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    expect([...offered].sort()).toEqual([...expected].sort())
    expect(offered).not.toContain('phone')
    expect(offered).not.toContain('google')
    // One e-mail per user, and SMS is off: neither quick link button shows.
    expect(await page.getByTestId('link-email').count()).toBe(0)
    expect(await page.getByTestId('link-phone').count()).toBe(0)

    // The code behind the link buttons is copyable, and names the calls on screen.
    const card = page.getByRole('region', { name: 'Linked accounts' })
    await card.locator('summary').click()
    const code = (await card.locator('pre').textContent())!
    expect(code).toContain('useLinkAccount')
    expect(code).toContain('linkGithub')
    expect(code).not.toContain('linkPhone')
    await docsShot(card, 'showcase-linked-accounts-code')
    await card.getByRole('button', { name: 'Copy code' }).click()
    await card.getByText('Copied to the clipboard').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)

    // Every place for later plugins has been filled: the 'Coming next' section is gone.
    expect(await page.getByTestId('coming-smart-wallets').count()).toBe(0)

    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('the theme switch restyles the modal (config.appearance → its CSS variables), the page and the variables shown', async () => {
    const { context, page } = await openApp({ viewport: { width: 1280, height: 900 } })

    await page.getByRole('radio', { name: 'Light' }).check()
    await page.getByRole('radio', { name: 'Indigo' }).check()
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('dialog').waitFor()
    const light = await modalLook(page)
    expect(light.luminance).toBeGreaterThan(0.8)
    expect(light.accent).toBe('#5b5bd6')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    await page.getByRole('radio', { name: 'Dark' }).check()
    await page.getByRole('radio', { name: 'Teal' }).check()
    // The choice keeps the focus: the provider applies the new appearance in place.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('#0f766e')
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('dialog').waitFor()
    const dark = await modalLook(page)
    expect(dark.luminance).toBeLessThan(0.1)
    expect(dark.accent).toBe('#0f766e')
    expect(dark.background).not.toBe(light.background)
    // The panel shows the values the open modal uses.
    const variables = page.getByTestId('modal-variables')
    await variables.locator('[data-variable="--foyer-background"] td').getByText(dark.background).waitFor()
    expect(await variables.locator('[data-variable="--foyer-accent"] td').textContent()).toBe('#0f766e')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Dark and axe clean (contrast included); the choice survives a reload.
    expect(await axeViolations(page)).toEqual([])
    await page.reload()
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('dialog').waitFor()
    expect(await modalLook(page)).toEqual(dark)
    await context.close()
  })

  it('at 390 px nothing overflows sideways and axe is clean, signed out or signed in, light or dark', async () => {
    const { context, page } = await openApp({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    expect(await pageWidth(page)).toBeLessThanOrEqual(390)
    await page.getByRole('radio', { name: 'Dark' }).check()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(390)

    await signIn(page, `showcase.phone.${Date.now()}@example.com`)
    // Open every code sample too: long lines wrap instead of widening the page.
    for (const summary of await page.locator('summary').all()) await summary.click()
    expect(await pageWidth(page)).toBeLessThanOrEqual(390)
    // Dark, signed in, code open: contrast of the highlighted code included.
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('radio', { name: 'Light' }).check()
    await page.getByTestId('signed-in').waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(390)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
