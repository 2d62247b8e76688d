// `npm run docs:screenshots`: writes docs/images/wallet-frame/*.png, one image per page (and state) of the wallet frame
// that a user sees, cropped to the frame's iframe: light theme at 390 px wide, and one dark example with the host's
// accent. It starts the e2e stack the way the e2e kit does (a temporary data folder, the example app built once, the
// Google Drive and CloudKit stand-ins) and drives the example app in Chromium. Every secret the pages show (the exported
// key and phrase, the saved password) is blanked with dots before the image is taken; no code, key or token is printed.
import { mkdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Frame, Page, Route } from 'playwright-core'
import { animationsSettled, launchChromium } from '../test/e2e/kit/browser.js'
import { signUpByEmail } from '../test/e2e/kit/signIn.js'
import { startStack, type Stack } from '../test/e2e/kit/startStack.js'
import { startCloudKitStandin } from '../test/standins/cloudKitStandin.js'
import { startGoogleDriveStandin } from '../test/standins/googleDriveStandin.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const OUT = join(root, 'docs/images/wallet-frame')
const VIEWPORT = { width: 390, height: 844 }
// A throwaway password for a throwaway wallet; it is blanked wherever a page shows it in clear.
const PASSWORD = 'Quiet-Harbor-Lamp-42'
// The example app's 'Rose' accent: the dark example shows the frame taking the host's accent.
const ROSE = '#be123c'

/** A page of the example app in a new context at 390 px, the host's theme set before the app loads. */
async function newPage(browser: Browser, stack: Stack, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce', colorScheme: theme })
  const appOrigin = new URL(stack.appUrl).origin
  if (theme === 'dark') {
    await context.addInitScript(
      ([origin, accent]) => {
        if (location.origin === origin) localStorage.setItem('example:theme', JSON.stringify({ theme: 'dark', accentColor: accent }))
      },
      [appOrigin, ROSE] as const,
    )
  }
  return context.newPage()
}

/** Signs up (or in) by e-mail and waits for the signed-in page with the modal gone (a new user's wallet: 'All set!'). */
async function signIn(page: Page, stack: Stack, email: string, newUser: boolean): Promise<void> {
  await signUpByEmail(page, stack, email)
  const dialog = page.getByRole('dialog')
  if (newUser) await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 30_000 })
  await page.getByTestId('signed-in').waitFor()
}

/** The wallet frame page in the iframe the modal holds in `holder` (its test id). */
async function framePage(page: Page, holder: string): Promise<Frame> {
  const iframe = await page.getByRole('dialog').getByTestId(holder).locator('iframe').elementHandle({ timeout: 30_000 })
  const frame = await iframe?.contentFrame()
  if (!frame) throw new Error(`no wallet frame page in ${holder}`)
  return frame
}

/**
 * Blanks the fields matched by `selector` with dots: a key or a password keeps only its length, a phrase only its word
 * count (each word five dots, not its own length), so the image tells nothing of the secret (and is the same each run).
 */
async function blank(frame: Frame, selector: string): Promise<void> {
  const left = await frame.evaluate((s) => {
    const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(s)]
    for (const field of fields) {
      const words = field.value.trim().split(/\s+/)
      field.value = words.length > 1 ? words.map(() => '•••••').join(' ') : '•'.repeat(field.value.length)
      // The export page's own rule for a field's height (exportView.ts), on the blanked text: not the secret's length.
      if (field instanceof HTMLTextAreaElement) field.rows = field.value.length > 80 ? 3 : 2
    }
    return fields.length === 0 ? ['nothing matched'] : fields.map((f) => f.value).filter((v) => /[^•\s]/.test(v))
  }, selector)
  if (left.length) throw new Error(`${selector} was not blanked: ${left.length} field(s)`)
}

/**
 * Writes `<name>.png`: the iframe inside the modal's `holder` (its test id), once the iframe is as tall as its page's
 * content and the page's animations are over; no caret, no animation.
 */
async function shoot(page: Page, holder: string, name: string): Promise<void> {
  const iframe = page.getByRole('dialog').getByTestId(holder).locator('iframe')
  const frame = await framePage(page, holder)
  const deadline = Date.now() + 10_000
  for (;;) {
    const content = await frame.evaluate(() => document.body.getBoundingClientRect().height)
    if (Math.abs((await iframe.boundingBox())!.height - content) <= 1) break
    if (Date.now() > deadline) throw new Error(`${name}: the iframe never took its content's height`)
    await new Promise((r) => setTimeout(r, 100))
  }
  // Off whatever the last click left the pointer over (the frame keeps its hover when the pointer leaves it): onto
  // the page's own top-left corner, which nothing hovers.
  const box = (await iframe.boundingBox())!
  await page.mouse.move(box.x + 1, box.y + 1)
  await animationsSettled(page)
  // Two of the frame's own animation frames: its new paint (hover gone, the blanked fields) reaches the screen.
  await frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  const path = join(OUT, `${name}.png`)
  await iframe.screenshot({ path, animations: 'disabled', caret: 'hide', scale: 'css' })
  console.log(`wrote ${relative(root, path)} (${(statSync(path).size / 1024).toFixed(1)} kB)`)
}

/** Holds the requests to `url` until the answer's `release()` (the cloud sign-in popup, to see the progress page). */
async function hold(page: Page, url: string): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.context().route(url, async (route: Route) => {
    await held
    await route.continue()
  })
  return release
}

/** Export: the private key and recovery phrase, blanked. */
async function exportPage(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const frame = await framePage(page, 'foyer-export-frame')
  await frame.locator('#foyer-export-key').waitFor({ timeout: 30_000 })
  await blank(frame, 'textarea')
  await shoot(page, 'foyer-export-frame', 'export')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** 'Secure your wallet' → `option` on the selection: the recovery page in the modal. */
async function openSetRecovery(page: Page, option: 'user-passcode' | 'google-drive'): Promise<Frame> {
  await page.getByRole('button', { name: 'Secure your wallet' }).click()
  await page.getByRole('dialog').getByTestId(`foyer-recovery-option-${option}`).click({ timeout: 20_000 })
  return framePage(page, 'foyer-set-recovery-frame')
}

/**
 * The password setup, each step photographed (set-password-create, -save, -confirm, -acknowledge), then the result:
 * 'failed' has the server refuse to store the share once ('Something went wrong'), 'success' is 'Success'. With
 * `steps` false only the result is photographed.
 */
async function setPassword(page: Page, result: 'success' | 'failed', steps = true): Promise<void> {
  const frame = await openSetRecovery(page, 'user-passcode')
  const holder = 'foyer-set-recovery-frame'
  await frame.getByRole('heading', { name: 'Create a password' }).waitFor({ timeout: 20_000 })
  await frame.getByTestId('foyer-recovery-password').fill(PASSWORD)
  await frame.getByText('Strength: Strong').waitFor()
  if (steps) await shoot(page, holder, 'set-password-create')
  await frame.getByTestId('foyer-recovery-continue').click()
  await frame.getByRole('heading', { name: 'Save your password' }).waitFor()
  if (steps) {
    // The blanked copy is the image's; Continue goes on with the password the page keeps.
    await blank(frame, '#foyer-recovery-saved-password')
    await shoot(page, holder, 'set-password-save')
  }
  await frame.getByTestId('foyer-recovery-continue').click()
  await frame.getByTestId('foyer-recovery-confirmation').fill(PASSWORD)
  if (steps) await shoot(page, holder, 'set-password-confirm')
  await frame.getByTestId('foyer-recovery-continue').click()
  await frame.getByTestId('foyer-recovery-ack').check()
  if (steps) await shoot(page, holder, 'set-password-acknowledge')
  if (result === 'failed') await page.route('**/api/v1/embedded_wallets/set_recovery', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 })
  await frame.getByTestId('foyer-recovery-submit').click()
  await frame.getByRole('heading', { name: result === 'success' ? 'Success' : 'Something went wrong' }).waitFor({ timeout: 30_000 })
  await shoot(page, holder, `set-password-${result}`)
  await frame.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
}

/** A new device signs: 'Sign a message' → 'Sign and continue' opens the recovery page. */
async function recoverOnNewDevice(page: Page): Promise<Frame> {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Sign and continue' }).click()
  return framePage(page, 'foyer-recover-password-frame')
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  const drive = await startGoogleDriveStandin()
  const cloudKit = await startCloudKitStandin()
  const recovery = { create_on_login: 'users-without-wallets', user_owned_recovery_options: ['user-passcode', 'google-drive'] }
  const stack = await startStack({ ...drive.env(), ...cloudKit.env(), FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': recovery }) })
  const browser = await launchChromium()
  try {
    // A password user: the export page, then the password setup refused once by the server and done again.
    let page = await newPage(browser, stack)
    await signIn(page, stack, 'docs.password@example.com', true)
    await exportPage(page)
    await setPassword(page, 'failed')
    await setPassword(page, 'success', false)
    await page.context().close()

    // The same user on a new device: 'Enter your password', empty, then after a wrong password.
    page = await newPage(browser, stack)
    await signIn(page, stack, 'docs.password@example.com', false)
    let frame = await recoverOnNewDevice(page)
    await frame.getByTestId('foyer-recovery-submit').waitFor({ timeout: 20_000 })
    await shoot(page, 'foyer-recover-password-frame', 'recover-password')
    await frame.getByTestId('foyer-recovery-password').fill('Not-The-Password-1')
    await frame.getByTestId('foyer-recovery-submit').click()
    await frame.getByText('Invalid recovery password, please try again.').waitFor({ timeout: 30_000 })
    await shoot(page, 'foyer-recover-password-frame', 'recover-password-wrong')
    await page.context().close()

    // A Google Drive user: confirm, the progress while the provider's sign-in is open, success.
    page = await newPage(browser, stack)
    drive.account = 'docs.drive@example.com'
    await signIn(page, stack, 'docs.drive@example.com', true)
    frame = await openSetRecovery(page, 'google-drive')
    await frame.getByRole('heading', { name: 'Back up with Google Drive' }).waitFor({ timeout: 20_000 })
    await shoot(page, 'foyer-set-recovery-frame', 'cloud-backup-confirm')
    const release = await hold(page, `${drive.url}/o/oauth2/v2/auth**`)
    await frame.getByRole('button', { name: 'Confirm' }).click()
    await frame.getByRole('heading', { name: 'Backing up with Google Drive…' }).waitFor({ timeout: 20_000 })
    await shoot(page, 'foyer-set-recovery-frame', 'cloud-backup-progress')
    release()
    await frame.getByRole('heading', { name: 'Success' }).waitFor({ timeout: 30_000 })
    await shoot(page, 'foyer-set-recovery-frame', 'cloud-backup-success')
    await page.context().close()

    // That user on a new device: 'Recover with Google Drive', then signed in to another Google account.
    page = await newPage(browser, stack)
    await signIn(page, stack, 'docs.drive@example.com', false)
    frame = await recoverOnNewDevice(page)
    await frame.getByRole('heading', { name: 'Recover with Google Drive' }).waitFor({ timeout: 20_000 })
    await shoot(page, 'foyer-recover-password-frame', 'cloud-recover-confirm')
    drive.account = 'someone.else@example.com'
    await frame.getByRole('button', { name: 'Continue' }).click()
    await frame.getByRole('heading', { name: 'Recovery with Google Drive unsuccessful' }).waitFor({ timeout: 30_000 })
    await shoot(page, 'foyer-recover-password-frame', 'cloud-recover-failed')
    await page.context().close()

    // Dark, with the host's Rose accent: 'Create a password'.
    page = await newPage(browser, stack, 'dark')
    await signIn(page, stack, 'docs.dark@example.com', true)
    frame = await openSetRecovery(page, 'user-passcode')
    await frame.getByRole('heading', { name: 'Create a password' }).waitFor({ timeout: 20_000 })
    await frame.getByTestId('foyer-recovery-password').fill(PASSWORD)
    await frame.getByText('Strength: Strong').waitFor()
    await shoot(page, 'foyer-set-recovery-frame', 'dark-set-password-create')
  } finally {
    await browser.close()
    await stack.stop()
    await Promise.all([drive.close(), cloudKit.close()])
  }
}

const started = Date.now()
await main()
console.log(`docs screenshots written in ${((Date.now() - started) / 1000).toFixed(1)} s`)
