import type { FrameLocator, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { startCloudKitStandin } from '../standins/cloudKitStandin.js'
import { startGoogleDriveStandin } from '../standins/googleDriveStandin.js'
import { signUpByEmail } from './kit/signIn.js'
import { custodyCalls, recordPortMessages } from './kit/walletFrame.js'
import { useStack, useStandin } from './kit/useStack.js'

// Google Drive and iCloud recovery of the embedded wallet: the backup and the recovery run in the wallet frame's
// recovery page, which opens the provider's sign-in popup itself and keeps the key in the user's Drive appDataFolder
// or CloudKit private database (both stand-ins here, started for this file only).
const drive = useStandin(() => startGoogleDriveStandin(), (standin) => standin.close())
const cloudKit = useStandin(() => startCloudKitStandin(), (standin) => standin.close())
const e2e = useStack(() => ({
  ...drive().env(),
  ...cloudKit().env(),
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets', user_owned_recovery_options: ['user-passcode', 'google-drive', 'icloud'] },
  }),
}))

const MESSAGE = 'Hello from the Foyer demo'
const addresses = async (page: Page) => (await page.getByTestId('embedded-wallet').locator('code').allTextContents()) as `0x${string}`[]
const recoveryFrame = (page: Page, testId: string): FrameLocator => page.getByRole('dialog').getByTestId(testId).frameLocator('iframe')

async function signAndWait(page: Page, timeout = 30_000): Promise<`0x${string}`> {
  const result = page.getByTestId('embedded-result')
  await expect.poll(() => result.textContent(), { timeout }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
}

/** Signs up (a wallet is created at login), then backs up through 'Secure your wallet' → the method's row → the frame's Confirm. */
async function signUpAndBackUp(page: Page, email: string, method: 'google-drive' | 'icloud', provider: string) {
  await signUpByEmail(page, e2e.stack, email)
  const dialog = page.getByRole('dialog')
  await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  const [address] = await addresses(page)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await page.getByRole('button', { name: 'Secure your wallet' }).click()
  await dialog.getByTestId(`foyer-recovery-option-${method}`).click({ timeout: 20_000 })
  const frame = recoveryFrame(page, 'foyer-set-recovery-frame')
  await frame.getByRole('heading', { name: `Back up with ${provider}` }).waitFor({ timeout: 20_000 })
  const calls = custodyCalls(page)
  // The popup (the provider's sign-in) opens from the frame's own button and closes itself.
  await frame.getByRole('button', { name: 'Confirm' }).click()
  await frame.getByRole('heading', { name: 'Success' }).waitFor({ timeout: 30_000 })
  expect(calls).toEqual(['auth_share', 'custody_nonce', 'set_recovery'])
  await frame.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  return address!
}

/** A new device: sign in, sign → the method's recovery in the frame. */
async function signOnNewDevice(page: Page, email: string) {
  await signUpByEmail(page, e2e.stack, email)
  await page.getByTestId('signed-in').waitFor()
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
  await dialog.getByRole('heading', { name: 'Recover your wallet' }).waitFor({ timeout: 20_000 })
  return recoveryFrame(page, 'foyer-recover-password-frame')
}

describe('cloud recovery of the embedded wallet in Chromium (frame popup, Drive and CloudKit stand-ins, real server)', () => {
  it("Google Drive: backs up to the appDataFolder; a new device: a refused consent ('Recovery OAuth failed') and another Google account ('Recovery with Google Drive unsuccessful') each offer Try again, then it recovers and signs", async () => {
    const email = 'drive.recovery@example.com'
    const { context, page } = await e2e.newPage()
    await context.addInitScript(recordPortMessages)
    drive().account = 'drive.owner@example.com'
    const address = await signUpAndBackUp(page, email, 'google-drive', 'Google Drive')
    await expect.poll(() => page.getByTestId('recovery-method').textContent()).toBe('Recovered with your Google Drive backup on a new device.')
    const [file] = drive().files('drive.owner@example.com')
    expect(file?.name).toMatch(/^foyer-recovery-key-[0-9a-f]{32}$/)
    // PKCE and the client secret went to the token endpoint from the server.
    const token = drive().tokenRequests.at(-1)!
    expect(token.get('client_secret')).toBe(drive().clientSecret)
    expect(token.get('code_verifier')).toMatch(/^[\w-]{43}$/)
    // The key and the Drive token never reached the host page.
    const recorded = JSON.stringify(await page.evaluate(() => (window as unknown as { __foyerMessages: unknown[] }).__foyerMessages))
    expect(recorded).not.toContain(file!.content)
    expect(await page.content()).not.toContain(file!.content)

    const fresh = await e2e.newPage()
    const freshCalls = custodyCalls(fresh.page)
    // The user refuses Google's consent: the popup's PRIVY_OAUTH_ERROR → 'Recovery OAuth failed', Try again.
    drive().mode = 'deny'
    const frame = await signOnNewDevice(fresh.page, email)
    await frame.getByRole('heading', { name: 'Recover with Google Drive' }).waitFor({ timeout: 20_000 })
    await frame.getByRole('button', { name: 'Continue' }).click()
    await frame.getByRole('heading', { name: 'Recovery OAuth failed' }).waitFor({ timeout: 30_000 })
    drive().mode = 'approve'
    // The wrong Google account: its appDataFolder has no key.
    drive().account = 'someone.else@example.com'
    await frame.getByRole('button', { name: 'Try again' }).click()
    await frame.getByRole('heading', { name: 'Recover with Google Drive' }).waitFor({ timeout: 20_000 })
    await frame.getByRole('button', { name: 'Continue' }).click()
    await frame.getByRole('heading', { name: 'Recovery with Google Drive unsuccessful' }).waitFor({ timeout: 30_000 })
    expect(await frame.getByTestId('foyer-cloud-error').textContent()).toContain('account your backup was made with')
    drive().account = 'drive.owner@example.com'
    await frame.getByRole('button', { name: 'Try again' }).click()
    // Back on the method's screen before Continue (its click opens the sign-in popup, which needs the click's own
    // user activation): on a loaded machine a click on the screen still leaving could open nothing.
    await frame.getByRole('heading', { name: 'Recover with Google Drive' }).waitFor({ timeout: 20_000 })
    await frame.getByRole('button', { name: 'Continue' }).click()
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signAndWait(fresh.page, 60_000) })).toBe(true)
    expect(freshCalls).toContain('recovery_share')
    expect(freshCalls).not.toContain('recover')
    await fresh.context.close()
    await context.close()
  })

  it('iCloud: backs up to the CloudKit private database; a new device recovers through the iCloud sign-in and signs', async () => {
    const email = 'icloud.recovery@example.com'
    const { context, page } = await e2e.newPage()
    const address = await signUpAndBackUp(page, email, 'icloud', 'iCloud')
    await expect.poll(() => page.getByTestId('recovery-method').textContent()).toBe('Recovered with your iCloud backup on a new device.')
    const records = [...cloudKit().records(cloudKit().account).values()]
    expect(records).toHaveLength(1)
    expect(records[0]!.recordType).toBe('FoyerRecoveryKey')

    const fresh = await e2e.newPage()
    const frame = await signOnNewDevice(fresh.page, email)
    await frame.getByRole('heading', { name: 'Recover with iCloud' }).waitFor({ timeout: 20_000 })
    await frame.getByRole('button', { name: 'Continue' }).click()
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signAndWait(fresh.page) })).toBe(true)
    await fresh.context.close()
    await context.close()
  })
})
