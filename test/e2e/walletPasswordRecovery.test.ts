import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { FrameLocator, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { signUpByEmail } from './kit/signIn.js'
import { custodyCalls, recordPortMessages } from './kit/walletFrame.js'
import { useStack } from './kit/useStack.js'

const e2e = useStack({
  FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets', user_owned_recovery_options: ['user-passcode'] } }),
})

const PASSWORD = 'Quiet-Harbor-Lamp-42'
const MESSAGE = 'Hello from the Foyer demo'


const addresses = async (page: Page) => (await page.getByTestId('embedded-wallet').locator('code').allTextContents()) as `0x${string}`[]
const recoveryFrame = (page: Page, testId: string): FrameLocator => page.getByRole('dialog').getByTestId(testId).frameLocator('iframe')

/** Clicks 'Sign a message', 'Sign and continue'; answers once the modal closed with a signature. */
async function signAndWait(page: Page): Promise<`0x${string}`> {
  const result = page.getByTestId('embedded-result')
  await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
}

/** argon2id with the wallet's parameters (m = 19456 KiB, t = 2, p = 1), in Chromium: hash-wasm's own build, median of 5 (ms). */
async function argon2idMsInChromium(page: Page): Promise<number> {
  const script = readFileSync(createRequire(import.meta.url).resolve('hash-wasm/dist/argon2.umd.min.js'), 'utf8')
  await page.setContent('<!doctype html><title>argon2id</title>')
  await page.addScriptTag({ content: script })
  return page.evaluate(async () => {
    const { argon2id } = (window as unknown as { hashwasm: { argon2id(o: object): Promise<Uint8Array> } }).hashwasm
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const salt = crypto.getRandomValues(new Uint8Array(16))
      const start = performance.now()
      await argon2id({ password: 'Quiet-Harbor-Lamp-42', salt, memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32, outputType: 'binary' })
      times.push(performance.now() - start)
    }
    return times.sort((a, b) => a - b)[2]!
  })
}

describe('password recovery of the embedded wallet in Chromium (password screens in the wallet frame, real server)', () => {
  it('sets a password through the splash and the screens; a new device is asked for it, refuses a wrong one and recovers the same wallet with the right one; then back to automatic recovery', async () => {
    const email = 'password.recovery@example.com'
    const { context, page } = await e2e.newPage()
    await context.addInitScript(recordPortMessages)
    const calls = custodyCalls(page)
    await signUpByEmail(page, e2e.stack, email)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId('signed-in').waitFor()
    const [address] = await addresses(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.getByTestId('recovery-method').textContent()).toBe('Recovered automatically on a new device.')

    // A password is the app's only method: the splash first, then the password flow inside the wallet frame.
    await page.getByRole('button', { name: 'Secure your wallet' }).click()
    await dialog.getByRole('heading', { name: 'Secure Your Account' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Add password' }).click()
    const frame = recoveryFrame(page, 'foyer-set-recovery-frame')
    await frame.getByRole('heading', { name: 'Create a password' }).waitFor({ timeout: 20_000 })
    const input = frame.getByTestId('foyer-recovery-password')
    const next = frame.getByTestId('foyer-recovery-continue')
    expect(await next.isDisabled()).toBe(true)
    await input.fill('abc')
    expect(await frame.getByTestId('foyer-recovery-error').textContent()).toBe('Password must be at least 8 characters')
    expect(await next.isDisabled()).toBe(true)
    await input.fill('abc def')
    expect(await frame.getByTestId('foyer-recovery-error').textContent()).toBe('Invalid characters used ( SPACE )')
    expect(await frame.getByTestId('foyer-recovery-strength').textContent()).toBe('Strength: Weak')
    await input.fill(PASSWORD)
    expect(await frame.getByTestId('foyer-recovery-error').textContent()).toBe('')
    expect(await frame.getByTestId('foyer-recovery-strength').textContent()).toBe('Strength: Strong')
    await next.click()

    // Save: the password shown, downloaded as a text file named after the app.
    await frame.getByRole('heading', { name: 'Save your password' }).waitFor()
    expect(await frame.getByTestId('foyer-recovery-saved-password').inputValue()).toBe(PASSWORD)
    const [download] = await Promise.all([page.waitForEvent('download'), frame.getByTestId('foyer-recovery-download').click()])
    expect(download.suggestedFilename()).toMatch(/^[\w.-]+-foyer-wallet-recovery\.txt$/)
    expect(readFileSync((await download.path())!, 'utf8')).toBe(PASSWORD)
    // Back goes one step, keeping the password.
    await frame.getByTestId('foyer-recovery-back').click()
    await frame.getByRole('heading', { name: 'Create a password' }).waitFor()
    expect(await input.inputValue()).toBe(PASSWORD)
    await next.click()
    await frame.getByTestId('foyer-recovery-continue').click()

    // Confirm: a different password is refused with the spec's text.
    await frame.getByRole('heading', { name: 'Confirm your password' }).waitFor()
    const confirmation = frame.getByTestId('foyer-recovery-confirmation')
    await confirmation.fill(`${PASSWORD}x`)
    expect(await frame.getByTestId('foyer-recovery-error').textContent()).toBe('Passwords do not match')
    expect(await frame.getByTestId('foyer-recovery-continue').isDisabled()).toBe(true)
    await confirmation.fill(PASSWORD)
    await frame.getByTestId('foyer-recovery-continue').click()

    // The acknowledgement, then finalize.
    await frame.getByText('I understand that if I lose my password and device, I will lose access to my account and my assets.').waitFor()
    const submit = frame.getByTestId('foyer-recovery-submit')
    expect(await submit.isDisabled()).toBe(true)
    await frame.getByTestId('foyer-recovery-ack').check()
    calls.length = 0
    await submit.click()
    await frame.getByRole('heading', { name: 'Success' }).waitFor({ timeout: 30_000 })
    expect(calls).toEqual(['auth_share', 'recovery_key', 'custody_nonce', 'set_recovery'])
    await frame.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => page.getByTestId('recovery-method').textContent()).toBe('Recovered with your password on a new device.')

    // This device still signs with its own share.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    expect(await verifyMessage({ address: address!, message: MESSAGE, signature: await signAndWait(page) })).toBe(true)

    // The password never reached the host page: not in its DOM, not on any port it holds.
    const recorded = await page.evaluate(() => (window as unknown as { __foyerMessages: unknown[] }).__foyerMessages)
    expect(JSON.stringify(recorded)).not.toContain(PASSWORD)
    expect(await page.content()).not.toContain(PASSWORD)

    // A new device: sign in, sign → 'Enter your password'.
    const fresh = await e2e.newPage()
    const freshCalls = custodyCalls(fresh.page)
    await signUpByEmail(fresh.page, e2e.stack, email)
    await fresh.page.getByTestId('signed-in').waitFor()
    expect(await addresses(fresh.page)).toEqual([address])
    await fresh.page.getByRole('button', { name: 'Sign a message' }).click()
    const freshDialog = fresh.page.getByRole('dialog')
    await freshDialog.getByRole('button', { name: 'Sign and continue' }).click()
    await freshDialog.getByRole('heading', { name: 'Enter your password' }).waitFor({ timeout: 20_000 })
    const entry = recoveryFrame(fresh.page, 'foyer-recover-password-frame')
    const recoverButton = entry.getByTestId('foyer-recovery-submit')
    await recoverButton.waitFor({ timeout: 20_000 })
    // Submit is disabled until a password is typed.
    expect(await recoverButton.isDisabled()).toBe(true)
    await entry.getByTestId('foyer-recovery-password').fill('Wrong-Password-1')
    expect(await recoverButton.isDisabled()).toBe(false)
    await recoverButton.click()
    await expect.poll(() => entry.getByTestId('foyer-recovery-error').textContent(), { timeout: 20_000 }).toBe('Invalid recovery password, please try again.')
    await entry.getByTestId('foyer-recovery-password').fill(PASSWORD)
    await recoverButton.click()
    const recovered = await signAndWait(fresh.page)
    expect(await verifyMessage({ address: address!, message: MESSAGE, signature: recovered })).toBe(true)
    await freshDialog.waitFor({ state: 'detached', timeout: 10_000 })
    // Each try fetched the encrypted share once (they count against the per-user limit); then the device share unlocks.
    expect(freshCalls.filter((c) => c === 'recovery_share')).toHaveLength(2)
    expect(freshCalls).not.toContain('recover')

    // Recovered once, the new device unlocks with the share it kept: no password after a reload.
    await fresh.page.reload()
    await fresh.page.getByTestId('signed-in').waitFor()
    freshCalls.length = 0
    await fresh.page.getByRole('button', { name: 'Sign a message' }).click()
    await fresh.page.getByRole('dialog').getByRole('button', { name: 'Sign and continue' }).click()
    expect(await verifyMessage({ address: address!, message: MESSAGE, signature: await signAndWait(fresh.page) })).toBe(true)
    expect(freshCalls).toEqual(['auth_share'])

    // Back to automatic recovery from this device: 'Update backup method' → 'Automatically secure your account'.
    await fresh.page.getByRole('button', { name: 'Change the backup method' }).click()
    const update = fresh.page.getByRole('dialog')
    await update.getByRole('heading', { name: 'Update backup method' }).waitFor({ timeout: 20_000 })
    expect(await update.getByTestId('foyer-recovery-option-user-passcode').textContent()).toContain('Password · Current')
    await update.getByRole('button', { name: 'Why do I need to secure my account?' }).click()
    await update.getByTestId('foyer-recovery-why').waitFor()
    await update.getByRole('button', { name: 'Automatic recovery' }).click()
    await update.getByRole('heading', { name: 'Automatically secure your account' }).waitFor()
    freshCalls.length = 0
    await update.getByRole('button', { name: 'Confirm' }).click()
    await update.waitFor({ state: 'detached', timeout: 20_000 })
    await expect.poll(() => fresh.page.getByTestId('recovery-method').textContent()).toBe('Recovered automatically on a new device.')
    expect(freshCalls).toEqual(['auth_share', 'custody_nonce', 'set_automatic_recovery'])

    // A third device recovers automatically now: no password asked, the same wallet signs.
    const third = await e2e.newPage()
    const thirdCalls = custodyCalls(third.page)
    await signUpByEmail(third.page, e2e.stack, email)
    await third.page.getByTestId('signed-in').waitFor()
    await third.page.getByRole('button', { name: 'Sign a message' }).click()
    await third.page.getByRole('dialog').getByRole('button', { name: 'Sign and continue' }).click()
    expect(await verifyMessage({ address: address!, message: MESSAGE, signature: await signAndWait(third.page) })).toBe(true)
    expect(thirdCalls).toContain('recover')
    expect(thirdCalls).not.toContain('recovery_share')
    await third.context.close()

    // The KDF's cost in this Chromium (a measurement, printed; the target is ≤ 300 ms).
    const bench = await e2e.newPage()
    const ms = await argon2idMsInChromium(bench.page)
    console.info(`[bench] argon2id m=19456 KiB t=2 p=1 in Chromium (hash-wasm): median of 5 = ${ms.toFixed(0)} ms`)
    expect(ms).toBeGreaterThan(0)
    await bench.context.close()
    await fresh.context.close()
    await context.close()
  })
})
