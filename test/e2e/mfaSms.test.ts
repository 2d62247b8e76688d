import type { Locator, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { codeFromOutbox } from './kit/browser.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'
import { setPasswordInFrame } from './kit/walletFrame.js'
import { docsShot } from './kit/docsShot.js'

// A short MFA window (15 minutes in production) so the test sees the enrollment's verification lapse. The password set
// after a verification (argon2id in the frame) must end inside it on a loaded machine, so it is 20 s; each lapse is
// waited for from the moment the UI showed that verification's outcome (pastWindow), not as a fixed guess.
const WINDOW_SECONDS = 20
/** Resolves once the MFA window of a verification whose outcome the page showed at `shownAt` (Date.now()) has ended. */
const pastWindow = (shownAt: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, shownAt + WINDOW_SECONDS * 1000 + 500 - Date.now())))
const e2e = useStack({
  FOYER_MFA_WINDOW_SECONDS: String(WINDOW_SECONDS),
  FOYER_DEV_APP: JSON.stringify({ mfa_methods: ['totp', 'sms'], 'embedded-wallet': { create_on_login: 'users-without-wallets', user_owned_recovery_options: ['user-passcode'] } }),
})

const MESSAGE = 'Hello from the Foyer demo'
const PHONE = '+447400123457'

const typeCode = async (page: Page, dialog: Locator, code: string) => {
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

/** Types the number on 'Add SMS verification' and sends it; waits for 'Enter enrollment code'. */
async function sendEnrollmentCode(dialog: Locator) {
  await dialog.getByRole('heading', { name: 'Add SMS verification' }).waitFor()
  const input = dialog.getByLabel('Phone number')
  await dialog.getByLabel('Country').selectOption('GB')
  await input.fill('')
  await input.pressSequentially('07400123457', { delay: 10 })
  await dialog.getByRole('button', { name: 'Send code' }).click()
  await dialog.getByRole('heading', { name: 'Enter enrollment code' }).waitFor({ timeout: 20_000 })
  // Before any digit is typed.
  await docsShot(dialog, 'mfa-sms-enrollment-code')
}

describe('MFA by SMS in Chromium, real server', () => {
  it('enrolls a phone (code from the dev outbox), then a lapsed window makes signing ask: SMS → code → signature verifies; removal asks too', async () => {
    const { page } = await e2e.newPage()
    const seen = new Set<string>()
    // How verifications start (§7): SMS by passwordless_sms/init {action: 'verify'}, never the kernel's mfa/init.
    const starts: { path: string; body: unknown }[] = []
    page.on('request', (request) => {
      const match = /\/api\/v1\/mfa\/(init|passwordless_sms\/init)$/.exec(request.url())
      if (match) starts.push({ path: match[1]!, body: request.postDataJSON() })
    })
    await signUpByEmail(page, e2e.stack, 'mfa.sms@example.com')
    await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId('signed-in').waitFor()
    const address = (await page.getByTestId('embedded-wallet').locator('code').first().textContent()) as `0x${string}`

    // 'Transaction Protection' → SMS → phone → 'Enter enrollment code'; back returns to the phone entry.
    await page.getByTestId('mfa-manage').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Choose a verification method').waitFor()
    await dialog.getByTestId('foyer-mfa-enroll-sms').click()
    await sendEnrollmentCode(dialog)
    seen.add(await codeFromOutbox(e2e.stack.apiUrl, PHONE, seen))
    expect(await dialog.textContent()).toContain('*3457')
    await dialog.getByRole('button', { name: 'Use another number' }).click()
    await sendEnrollmentCode(dialog)
    const enrollCode = await codeFromOutbox(e2e.stack.apiUrl, PHONE, seen)
    seen.add(enrollCode)
    await typeCode(page, dialog, enrollCode)
    await dialog.getByRole('heading', { name: 'SMS verification added' }).waitFor({ timeout: 20_000 })
    // Enrolling verified this session: no prompt until the window ends, and the screen says so — the server's window
    // (its app config's mfa_window_seconds), not the production default.
    await dialog.getByText(`This device is verified for the next ${WINDOW_SECONDS} seconds, so you won't be asked to verify again until then.`).waitFor()
    const enrolledAt = Date.now()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.getByRole('heading', { name: 'Transaction Protection' }).waitFor()
    expect(await dialog.getByTestId('foyer-mfa-enroll-sms').isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('mfa-methods').textContent()).toContain('sms')

    // Past the window, on a fresh frame: 'Verify your identity' → SMS → a new code texted → the signature verifies.
    await pastWindow(enrolledAt)
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await dialog.getByRole('heading', { name: 'Sign message' }).waitFor()
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await dialog.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'SMS', exact: true }).click()
    await dialog.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    const signCode = await codeFromOutbox(e2e.stack.apiUrl, PHONE, seen)
    seen.add(signCode)
    await typeCode(page, dialog, signCode)
    const result = page.getByTestId('embedded-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
    const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    const signVerifiedAt = Date.now()
    expect(starts.filter((s) => s.body && (s.body as { action?: unknown }).action !== 'enroll')).toEqual([{ path: 'passwordless_sms/init', body: { action: 'verify' } }])

    // Setting recovery needs a fresh verification too: past the window, 'Secure your wallet' asks for one first, then
    // the password page's own set_recovery passes within it.
    await pastWindow(signVerifiedAt)
    await page.getByRole('button', { name: 'Secure your wallet' }).click()
    await dialog.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'SMS', exact: true }).click()
    await dialog.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    const recoveryCode = await codeFromOutbox(e2e.stack.apiUrl, PHONE, seen)
    seen.add(recoveryCode)
    await typeCode(page, dialog, recoveryCode)
    await dialog.getByRole('button', { name: 'Add password' }).waitFor({ timeout: 20_000 })
    const verifiedAt = Date.now()
    await dialog.getByRole('button', { name: 'Add password' }).click()
    await setPasswordInFrame(page, 'Quiet-Harbor-Lamp-42')
    await expect.poll(() => page.getByTestId('recovery-method').textContent()).toBe('Recovered with your password on a new device.')

    // Removal past that verification's window: the confirmation asks for a verification; 'Not now' brings
    // 'Verification canceled' back to the confirmation, and nothing is removed. Asked again, the code removes SMS.
    await pastWindow(verifiedAt)
    await page.getByTestId('mfa-manage').click()
    await dialog.getByTestId('foyer-mfa-remove-sms').click()
    await dialog.getByRole('heading', { name: 'Remove SMS verification?' }).waitFor()
    await dialog.getByTestId('foyer-mfa-remove-confirm').click()
    await dialog.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Not now' }).click()
    await dialog.getByText('Verification canceled').waitFor()
    expect(await dialog.getByRole('heading', { name: 'Remove SMS verification?' }).count()).toBe(1)
    await dialog.getByTestId('foyer-mfa-remove-confirm').click()
    await dialog.getByRole('button', { name: 'SMS', exact: true }).click()
    await dialog.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    await typeCode(page, dialog, await codeFromOutbox(e2e.stack.apiUrl, PHONE, seen))
    await dialog.getByRole('heading', { name: 'Transaction Protection' }).waitFor({ timeout: 20_000 })
    expect(await dialog.getByTestId('foyer-mfa-enroll-sms').isDisabled()).toBe(false)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('mfa-methods').textContent()).toContain('No verification method yet')
  })
})
