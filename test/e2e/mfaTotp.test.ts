import type { Locator, Page } from 'playwright-core'
import { generate } from 'otplib'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

// A short MFA window (15 minutes in production) so the test can see a verification lapse.
const WINDOW_SECONDS = 15
const e2e = useStack({
  FOYER_MFA_WINDOW_SECONDS: String(WINDOW_SECONDS),
  FOYER_DEV_APP: JSON.stringify({ mfa_methods: ['totp'], 'embedded-wallet': { create_on_login: 'users-without-wallets' } }),
})

const MESSAGE = 'Hello from the Foyer demo'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * TOTP codes the way an authenticator app makes them, each of a later 30-second step than the last one used (the
 * server takes a step once): the current step or the next (within the server's tolerance), waiting when both are spent.
 */
function authenticator(secret: string) {
  let last = 0
  return async () => {
    for (;;) {
      const current = Math.floor(Date.now() / 30_000)
      const step = Math.max(last + 1, current)
      if (step <= current + 1) {
        last = step
        return generate({ secret, epoch: step * 30 })
      }
      await sleep(1_000)
    }
  }
}

const typeCode = async (page: Page, dialog: Locator, code: string) => {
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

async function signUpWithWallet(page: Page, email: string) {
  await signUpByEmail(page, e2e.stack, email)
  await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  return (await page.getByTestId('embedded-wallet').locator('code').first().textContent()) as `0x${string}`
}

/** Opens the sign screen and presses 'Sign and continue'; answers the dialog. */
async function startSigning(page: Page) {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Sign message' }).waitFor()
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
  return dialog
}

async function signature(page: Page) {
  const result = page.getByTestId('embedded-result')
  await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
}

/** 'Verify your identity' → Authenticator App → 'Enter verification code'. */
async function chooseAuthenticator(dialog: Locator) {
  await dialog
    .getByRole('heading', { name: 'Verify your identity' })
    .waitFor({ timeout: 20_000 })
    .catch(async (error: Error) => {
      const page = dialog.page()
      const shows = await dialog.innerText({ timeout: 2_000 }).catch(() => '(no dialog)')
      const result = await page.getByTestId('embedded-result').textContent({ timeout: 1_000 }).catch(() => '(no result)')
      throw new Error(`${error.message}\nThe dialog shows: ${shows}\nThe page's result: ${result}`)
    })
  await dialog.getByRole('button', { name: 'Authenticator App' }).click()
  await dialog.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  expect(await dialog.getByRole('button', { name: 'Choose another method' }).count()).toBe(1)
  expect(await dialog.getByRole('button', { name: 'Not now' }).count()).toBe(1)
}

describe('MFA with an authenticator app (TOTP) in Chromium, real server', () => {
  it('enrolls, guards signing with a verification (wrong codes blocked after 4), lasts the window, and guards removal', async () => {
    const { page } = await e2e.newPage()
    const address = await signUpWithWallet(page, 'mfa.totp@example.com')

    // Enrollment: 'Transaction Protection' → Authenticator app → 'Scan QR code' (QR 200 px + secret) → code → added.
    await page.getByTestId('mfa-manage').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Transaction Protection' }).waitFor()
    await dialog.getByText('Choose a verification method').waitFor()
    await dialog.getByTestId('foyer-mfa-enroll-totp').click()
    await dialog.getByRole('heading', { name: 'Scan QR code' }).waitFor()
    const secret = (await dialog.getByTestId('foyer-mfa-totp-secret').textContent({ timeout: 20_000 }))!.trim()
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' })
    await qr.waitFor()
    expect((await qr.boundingBox())?.width).toBe(200)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('heading', { name: 'Enter enrollment code' }).waitFor()
    const nextCode = authenticator(secret)
    await typeCode(page, dialog, await nextCode())
    await dialog.getByRole('heading', { name: 'Authenticator app verification added' }).waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    // Enabled methods can't be chosen again.
    expect(await dialog.getByTestId('foyer-mfa-enroll-totp').isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('mfa-methods').textContent()).toContain('totp')

    // Past the enrollment's verification window, on a fresh frame (it holds no unlocked key), signing asks first.
    await sleep(WINDOW_SECONDS * 1000 + 500)
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    await startSigning(page)
    await chooseAuthenticator(dialog)

    // Four wrong codes: the first three say so and clear; the fourth blocks input with the spec's text.
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const right = await generate({ secret, epoch: Math.floor(Date.now() / 1000) })
    for (let i = 0; i < 3; i++) {
      await typeCode(page, dialog, wrong(right))
      await dialog.getByText('The code you entered is not valid').waitFor()
    }
    await typeCode(page, dialog, wrong(right))
    await dialog.getByText('You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.').waitFor()
    expect(await dialog.getByLabel('Digit 1').isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('embedded-result').textContent()).toMatch(/^Error: /)

    // After the 10-second block: the right code, and the signature verifies.
    await sleep(10_500)
    await startSigning(page)
    await chooseAuthenticator(dialog)
    await typeCode(page, dialog, await nextCode())
    const signed = await signature(page)
    expect(await verifyMessage({ address, message: MESSAGE, signature: signed })).toBe(true)

    // Within the window a reloaded page signs without asking again.
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    await page.getByTestId('embedded-result').waitFor({ state: 'detached' }).catch(() => undefined)
    await startSigning(page)
    const again = await signature(page)
    expect(await verifyMessage({ address, message: MESSAGE, signature: again })).toBe(true)

    // Removal after the window: the confirmation, then a verification, then the method is gone.
    await sleep(WINDOW_SECONDS * 1000 + 500)
    await page.getByTestId('mfa-manage').click()
    await dialog.getByTestId('foyer-mfa-remove-totp').click()
    await dialog.getByRole('heading', { name: 'Remove authenticator app verification?' }).waitFor()
    await dialog.getByTestId('foyer-mfa-remove-confirm').click()
    await chooseAuthenticator(dialog)
    await typeCode(page, dialog, await nextCode())
    await dialog.getByRole('heading', { name: 'Transaction Protection' }).waitFor({ timeout: 20_000 })
    expect(await dialog.getByTestId('foyer-mfa-enroll-totp').isDisabled()).toBe(false)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('mfa-methods').textContent()).toContain('No verification method yet')
  })
})
