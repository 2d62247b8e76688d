import { execFile } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ADMIN_CONSOLE_PATH } from '../../plugins/admin-console/adminApi.js'
import { authenticator } from './kit/authenticator.js'
import { enterOutboxCode, expectSignedOut, signUpByEmail } from './kit/signIn.js'
import { freshDataDir } from './kit/startStack.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// The admin console at /admin (issue 27), in Chromium against the real server (examples/server with the admin-console
// plugin): an address nobody added can't sign up; an owner added with the CLI signs in with an e-mail code, enrols TOTP, verifies, sees the overview; turns on
// a login method of the example app, which its modal shows after a reload (no server restart); finds a user by wallet
// address and revokes their sessions; deletes a user after typing their id. Every console page is axe-clean.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const root = new URL('../..', import.meta.url).pathname
const OWNER = 'owner@example.com'

/**
 * The data folder the stack starts on, with an owner added by the CLI first (`foyer admin add <email> --role owner`;
 * PGlite has one process at a time, so before the server starts; the operator is matched by e-mail at sign-in).
 */
const dataDir = useStandin(
  async () => {
    const dir = await freshDataDir()
    await promisify(execFile)(process.execPath, ['--conditions=source', '--import', 'tsx', 'core/server/cli/main.ts', 'admin', 'add', OWNER, '--role', 'owner'], {
      cwd: root,
      env: { ...process.env, FOYER_DATA_DIR: dir, FOYER_LOG_LEVEL: 'warn' },
    })
    return dir
  },
  async (dir) => rmSync(dir, { recursive: true, force: true }),
)
// SMS login starts off on the example app: the test turns it on in the console. New users get an embedded wallet (the
// user the test finds by wallet address).
const e2e = useStack(() => ({
  FOYER_DATA_DIR: dataDir(),
  FOYER_DEV_APP: JSON.stringify({ sms_auth: false, 'embedded-wallet': { create_on_login: 'users-without-wallets' } }),
}))

const consoleUrl = () => `${e2e.stack.apiUrl}${ADMIN_CONSOLE_PATH}`

/** The page's serious and critical axe violations (axe goes in through DevTools: the console's CSP allows no inline script). */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document)
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id}: ${v.help}: ${v.nodes.map((n: any) => n.target.join(' ')).join('; ')}`)
  })
}

/**
 * Loads /admin, signs in with an e-mail code through the Foyer modal; answers the codes seen so far. `signedIn` false:
 * stops once the code is typed (the modal stays, e.g. on 'Account not found').
 */
async function signInToConsole(page: Page, email: string, seen = new Set<string>(), signedIn = true): Promise<Set<string>> {
  // The heading has the time to spare: a busy machine loads the console's page slower than a navigation's 30 s.
  await page.goto(consoleUrl(), { waitUntil: 'commit', timeout: 60_000 })
  await page.getByRole('heading', { name: 'Foyer admin console' }).waitFor({ timeout: 60_000 })
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const dialog = page.getByRole('dialog')
  const input = dialog.locator('input[type="email"]')
  const option = dialog.getByRole('button', { name: /email/i, disabled: false })
  await input.or(option).first().waitFor()
  if (!(await input.isVisible())) await option.click()
  await input.fill(email)
  await input.press('Enter')
  seen.add(await enterOutboxCode(page, e2e.stack.apiUrl, email, { seen }))
  if (signedIn) await dialog.waitFor({ state: 'detached', timeout: 20_000 })
  return seen
}

const typeCode = async (page: Page, dialog: Locator, code: string) => {
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

/** From the console's 'Set up an authenticator app': enrols TOTP in the Foyer modal; answers the authenticator's next code. */
async function enrolTotp(page: Page) {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Transaction Protection' }).waitFor()
  await dialog.getByTestId('foyer-mfa-enroll-totp').click()
  await dialog.getByRole('heading', { name: 'Scan QR code' }).waitFor()
  const secret = (await dialog.getByTestId('foyer-mfa-totp-secret').textContent({ timeout: 20_000 }))!.trim()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('heading', { name: 'Enter enrollment code' }).waitFor()
  const nextCode = authenticator(secret)
  await typeCode(page, dialog, await nextCode())
  await dialog.getByRole('heading', { name: 'Authenticator app verification added' }).waitFor()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  return nextCode
}

/** Goes to a console page by its navigation link and waits for its heading; checks it with axe. */
async function openPage(page: Page, link: string, heading = link) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link, exact: true }).click()
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
  expect(await axeViolations(page), `${link} page`).toEqual([])
}

/** Signs up on the example app by e-mail; answers the user's embedded wallet address. */
async function exampleUser(page: Page, email: string): Promise<string> {
  await signUpByEmail(page, e2e.stack, email)
  await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  const wallet = page.getByTestId('embedded-wallet').locator('code').first()
  await wallet.waitFor({ timeout: 30_000 })
  return (await wallet.textContent())!.trim()
}

/** Searches the example app's users for `query` and opens the only result. */
async function openUser(page: Page, query: string) {
  await openPage(page, 'Users')
  await page.getByLabel('App').selectOption(e2e.stack.appId)
  await page.getByLabel('Search users').fill(query)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const rows = page.getByTestId('users').getByRole('row')
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2)
  await rows.nth(1).getByRole('link').click()
  await page.getByRole('heading', { name: 'Linked accounts' }).waitFor()
  expect(await axeViolations(page), 'user page').toEqual([])
}

describe('the admin console in Chromium, real server', () => {
  it('takes no sign-ups: an address no operator added gets "Account not found" and stays signed out', async () => {
    const { page } = await e2e.newPage()
    await signInToConsole(page, 'not.an.operator@example.com', new Set(), false)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Account not found' }).waitFor({ timeout: 20_000 })
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
  })

  it('an owner enrols TOTP, verifies, edits an app live, finds a user by wallet, revokes their sessions and deletes a user; a viewer can change nothing', async () => {
    // Two example-app users: one with a wallet (found by its address, sessions revoked), one to delete.
    const { page: userPage } = await e2e.newPage()
    const address = await exampleUser(userPage, 'wallet.user@example.com')
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const { page: doomedPage } = await e2e.newPage()
    await exampleUser(doomedPage, 'doomed.user@example.com')

    // The owner signs in; no TOTP yet: the console asks for it and opens the MFA enrolment.
    const { page } = await e2e.newPage()
    const seen = await signInToConsole(page, OWNER)
    await page.getByRole('heading', { name: 'Set up an authenticator app' }).waitFor({ timeout: 20_000 })
    expect(await axeViolations(page)).toEqual([])
    const nextCode = await enrolTotp(page)
    const dialog = page.getByRole('dialog')
    // Enrolling verified this session: the admin session is verified at once, and the overview shows.
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 20_000 })
    await page.getByLabel('App').selectOption(e2e.stack.appId)
    const figures = page.getByTestId('stats-figures')
    await expect.poll(() => figures.innerText(), { timeout: 20_000 }).toMatch(/Users\s+2\b/)
    // The charts load lazily (recharts' own chunk), after the figures.
    await page.locator('.recharts-surface').first().waitFor({ timeout: 20_000 })
    await docsShot(page, 'admin-console-overview')
    expect(await axeViolations(page), 'overview').toEqual([])
    await page.getByRole('button', { name: 'Dark theme' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    // The tokens follow (light-dark() under color-scheme): the page's surface is the dark one.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(42, 43, 54)')
    expect(await axeViolations(page), 'overview, dark').toEqual([])

    // A new sign-in is a new session: the console asks for a TOTP code (the modal's 'Verify your identity').
    await page.getByRole('button', { name: 'Sign out' }).click()
    await signInToConsole(page, OWNER, seen)
    await page.getByRole('heading', { name: "Verify it's you" }).waitFor({ timeout: 20_000 })
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Verify with authenticator app' }).click()
    await dialog.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Authenticator App' }).click()
    await dialog.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    await typeCode(page, dialog, await nextCode())
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 20_000 })
    // The verification holds across a reload.
    await page.reload()
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 30_000 })

    // The example app has no SMS login; the console turns it on, and the app's modal offers it after a reload.
    const appPage = (await e2e.newPage()).page
    await appPage.goto(e2e.stack.appUrl)
    await appPage.getByRole('button', { name: 'Log in', exact: true }).click()
    await appPage.getByRole('dialog').locator('input[type="email"]').or(appPage.getByRole('dialog').getByRole('button', { name: /email/i })).first().waitFor()
    expect(await appPage.getByRole('dialog').getByRole('button', { name: 'SMS', exact: true }).count()).toBe(0)
    expect(await appPage.getByRole('dialog').getByLabel('Phone number').count()).toBe(0)
    await openPage(page, 'Apps')
    await page.locator(`a[href="#/apps/${encodeURIComponent(e2e.stack.appId)}"]`).click()
    await page.getByRole('heading', { name: 'App secrets' }).waitFor()
    expect(await axeViolations(page), 'app editor').toEqual([])
    // Before any secret is created (a new one is shown once).
    await docsShot(page.getByRole('region', { name: 'Webhooks' }), 'webhooks-panel')
    // An endpoint for every event gets its own creation: its delivery log lists it, and Replay sends it again.
    const webhooks = page.getByRole('region', { name: 'Webhooks' })
    await webhooks.getByLabel('Endpoint URL').fill('http://localhost:9/foyer-hooks')
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
    await webhooks.getByRole('button', { name: 'Deliveries of http://localhost:9/foyer-hooks' }).click()
    const created = webhooks.getByRole('row').filter({ hasText: 'app.webhook_endpoint_created' })
    await created.waitFor({ timeout: 20_000 })
    await created.getByRole('button', { name: 'Replay app.webhook_endpoint_created' }).click()
    await webhooks.getByRole('status').filter({ hasText: 'Sent app.webhook_endpoint_created again.' }).waitFor({ timeout: 20_000 })
    expect(await axeViolations(page), 'webhook deliveries').toEqual([])
    const sms = page.getByRole('checkbox', { name: 'SMS code' })
    expect(await sms.isChecked()).toBe(false)
    await sms.check()
    await page.getByRole('button', { name: 'Save app' }).click()
    await page.getByText('Saved. The app uses the new settings from now on.').waitFor({ timeout: 20_000 })
    await appPage.reload()
    await appPage.getByRole('button', { name: 'Log in', exact: true }).click()
    const appDialog = appPage.getByRole('dialog')
    await appDialog.getByRole('button', { name: 'SMS', exact: true }).or(appDialog.getByLabel('Phone number')).first().waitFor({ timeout: 20_000 })

    // A stale save (another operator saved first) says so, and offers to reload the app.
    const other = await page.context().newPage()
    await other.goto(`${consoleUrl()}#/apps/${encodeURIComponent(e2e.stack.appId)}`)
    await other.getByRole('heading', { name: 'App secrets' }).waitFor({ timeout: 30_000 })
    await other.getByRole('checkbox', { name: 'Discord' }).check()
    await other.getByRole('checkbox', { name: 'Discord' }).uncheck()
    await other.getByRole('button', { name: 'Save app' }).click()
    await other.getByText('Saved. The app uses the new settings from now on.').waitFor({ timeout: 20_000 })
    await other.close()
    await page.getByRole('checkbox', { name: 'GitHub' }).check()
    await page.getByRole('button', { name: 'Save app' }).click()
    await page.getByText('Someone else saved this app; reload it to see their changes, then edit again.').waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Reload the app' }).click()
    await expect.poll(() => page.getByRole('checkbox', { name: 'GitHub' }).isChecked()).toBe(false)
    expect(await page.getByRole('checkbox', { name: 'SMS code' }).isChecked()).toBe(true)
    // Creating an app secret shows it once, with a copy button.
    await page.getByRole('button', { name: 'Create secret' }).click()
    await expect.poll(() => page.getByTestId('new-secret').textContent(), { timeout: 10_000 }).toMatch(/^foyer_sk_/)
    expect(await axeViolations(page), 'app editor with a new secret').toEqual([])

    // The user with a wallet, found by its address: revoke their sessions; their page is signed out after a reload.
    await openUser(page, address)
    expect(await page.getByTestId('linked-accounts').innerText()).toContain(address)
    expect(await page.getByTestId('active-sessions').textContent()).not.toBe('0 active')
    await docsShot(page, 'management-user')
    await page.getByRole('button', { name: 'Revoke sessions' }).click()
    const confirm = page.getByRole('dialog')
    expect(await axeViolations(page), 'revoke dialog').toEqual([])
    await confirm.getByRole('button', { name: 'Revoke sessions' }).click()
    await confirm.waitFor({ state: 'detached' })
    await page.getByText('Sessions revoked: the user must sign in again.').waitFor()
    await expect.poll(() => page.getByTestId('active-sessions').textContent()).toBe('0 active')
    await expect
      .poll(
        async () => {
          await userPage.reload()
          return userPage.getByRole('button', { name: 'Log in', exact: true }).isVisible({ timeout: 5_000 }).catch(() => false)
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true)
    await expectSignedOut(userPage)

    // Deleting a user takes typing their id; Escape closes the dialog without deleting.
    await openUser(page, 'doomed.user@example.com')
    const userId = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/^User /, '')
    await page.getByRole('button', { name: 'Delete user' }).click()
    const remove = page.getByRole('dialog')
    const removeButton = remove.getByRole('button', { name: 'Delete user' })
    expect(await removeButton.isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    await remove.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Delete user' }).click()
    await remove.getByLabel(/Type .* to confirm/).fill('not-the-id')
    expect(await removeButton.isDisabled()).toBe(true)
    await remove.getByLabel(/Type .* to confirm/).fill(userId)
    expect(await axeViolations(page), 'delete dialog').toEqual([])
    await removeButton.click()
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()
    await page.getByLabel('App').selectOption(e2e.stack.appId)
    await page.getByLabel('Search users').fill('doomed.user@example.com')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByText('No users found.').waitFor()

    // The owner's Operators page: the owner listed, another added as a viewer.
    await openPage(page, 'Operators')
    await page.getByLabel('E-mail').fill('viewer@example.com')
    await page.getByLabel('Role').selectOption('viewer')
    await page.getByRole('button', { name: 'Add operator' }).click()
    await page.getByRole('cell', { name: 'viewer@example.com', exact: true }).waitFor()
    expect(await page.getByRole('cell', { name: OWNER, exact: true }).count()).toBe(1)
    expect(await axeViolations(page), 'operators').toEqual([])

    // The viewer signs in (TOTP too) and reads, with no way to change anything: the app editor's controls are
    // disabled, no secret can be made, a user has no revoke or delete button, and there is no Operators page. (The
    // API refuses a viewer's every write as well: plugins/admin-console/adminAccess.test.ts.)
    const { page: viewer } = await e2e.newPage()
    await signInToConsole(viewer, 'viewer@example.com')
    await viewer.getByRole('heading', { name: 'Set up an authenticator app' }).waitFor({ timeout: 20_000 })
    await enrolTotp(viewer)
    await viewer.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 20_000 })
    expect(await viewer.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators', exact: true }).count()).toBe(0)
    await openPage(viewer, 'Apps')
    await viewer.locator(`a[href="#/apps/${encodeURIComponent(e2e.stack.appId)}"]`).click()
    await viewer.getByRole('heading', { name: 'App secrets' }).waitFor()
    await viewer.getByText('You are a viewer: you can read everything here, but only an owner can change it.').first().waitFor()
    expect(await viewer.getByRole('checkbox', { name: 'SMS code' }).isChecked()).toBe(true)
    expect(await viewer.getByRole('checkbox', { name: 'SMS code' }).isDisabled()).toBe(true)
    expect(await viewer.getByRole('button', { name: 'Save app' }).isDisabled()).toBe(true)
    expect(await viewer.getByRole('button', { name: 'Create secret' }).count()).toBe(0)
    expect(await axeViolations(viewer), 'app editor, viewer').toEqual([])
    await openUser(viewer, address)
    expect(await viewer.getByRole('button', { name: 'Revoke sessions' }).count()).toBe(0)
    expect(await viewer.getByRole('button', { name: 'Delete user' }).count()).toBe(0)
    // One long story (152 s with two other e2e files beside it): room for a CI machine busier than that.
  }, 360_000)
})
