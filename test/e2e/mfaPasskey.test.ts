import type { Locator, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// A short MFA window (15 minutes in production) so the test sees the sign's verification lapse before the removal. Long
// enough that the sign after 'Try again' passes inside it on a loaded machine; the lapse is waited for from the moment
// the signature showed (after the server's verification), never as a fixed guess.
const WINDOW_SECONDS = 10
const e2e = useStack({
  FOYER_MFA_WINDOW_SECONDS: String(WINDOW_SECONDS),
  FOYER_DEV_APP: JSON.stringify({ passkey: true, mfa_methods: ['passkey'], 'embedded-wallet': { create_on_login: 'users-without-wallets' } }),
})

const MESSAGE = 'Hello from the Foyer demo'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** 'Verify your identity' → Passkey: the virtual authenticator answers at once ('Verifying with passkey' meanwhile). */
async function verifyWithPasskey(dialog: Locator) {
  await dialog
    .getByRole('heading', { name: 'Verify your identity' })
    .waitFor({ timeout: 20_000 })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe dialog shows: ${await dialog.innerText({ timeout: 2_000 }).catch(() => '(no dialog)')}`)
    })
  await dialog.getByTestId('foyer-mfa-method-passkey').click()
}

/** A /api/v1/mfa call the page or one of its frames made: which, from which frame, and the assertion's client data. */
interface MfaCall {
  path: string
  frameOrigin: string
  clientData?: Record<string, unknown>
}

/** Records the MFA calls that leave the page or its frames (the wallet frame's included). */
function recordMfaCalls(page: Page): MfaCall[] {
  const calls: MfaCall[] = []
  page.on('request', (request) => {
    const match = /\/api\/v1\/mfa\/(init|verify|passkeys\/init)$/.exec(request.url())
    if (!match) return
    const body = request.postDataJSON() as { code?: { response?: { client_data_json?: string } } } | null
    const clientData = body?.code?.response?.client_data_json
    calls.push({
      path: match[1]!,
      frameOrigin: new URL(request.frame().url()).origin,
      ...(clientData ? { clientData: JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as Record<string, unknown> } : {}),
    })
  })
  return calls
}

async function signature(page: Page) {
  const result = page.getByTestId('embedded-result')
  await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
}

describe('MFA by passkey in Chromium (CDP virtual authenticator), real server', () => {
  it('adds and enrolls a passkey, refuses unlinking it, verifies a signature with it in the wallet frame, and guards its removal', async () => {
    const { page } = await e2e.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable', { enableUI: false })
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    })
    await signUpByEmail(page, e2e.stack, 'mfa.passkey@example.com')
    await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId('signed-in').waitFor()
    const address = (await page.getByTestId('embedded-wallet').locator('code').first().textContent()) as `0x${string}`

    // 'Transaction Protection' → Passkey → 'Set up passkey verification' → 'Add a new passkey' (the link ceremony) →
    // 'Enable your passkeys for verification' (the new one ticked) → Enable → 'Passkey verification added'.
    await page.getByTestId('mfa-manage').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Choose a verification method').waitFor()
    await dialog.getByTestId('foyer-mfa-enroll-passkey').click()
    await dialog.getByRole('heading', { name: 'Set up passkey verification' }).waitFor()
    await docsShot(dialog, 'mfa-passkey-setup')
    await dialog.getByRole('button', { name: 'Add a new passkey' }).click()
    await dialog.getByRole('heading', { name: 'Enable your passkeys for verification' }).waitFor({ timeout: 20_000 })
    const rows = dialog.getByTestId('foyer-mfa-passkey-list').getByRole('checkbox')
    expect(await rows.count()).toBe(1)
    expect(await rows.first().isChecked()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Add new passkey' }).count()).toBe(1)
    await dialog.getByRole('button', { name: 'Enable' }).click()
    await dialog.getByRole('heading', { name: 'Passkey verification added' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.getByRole('heading', { name: 'Transaction Protection' }).waitFor()
    expect(await dialog.getByTestId('foyer-mfa-enroll-passkey').isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('mfa-methods').textContent()).toContain('passkey')

    // The enrolled passkey can't be unlinked.
    await page.getByRole('button', { name: 'Manage passkeys' }).click()
    await dialog.getByTestId('passkey-list').waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: /^Unlink / }).first().click()
    await dialog.getByTestId('foyer-passkey-unlink-confirm').click()
    await dialog.getByText('Cannot unlink a passkey enrolled in MFA').waitFor({ timeout: 10_000 })
    expect(await dialog.getByTestId('passkey-list').locator('li').count()).toBe(1)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // Enrolling verified nothing: on a fresh frame, signing asks. The first prompt fails (the authenticator can't
    // verify the user): 'Verifying with passkey' stays with the failure and 'Try again', which then succeeds.
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    const mfaCalls = recordMfaCalls(page)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await dialog.getByRole('heading', { name: 'Sign message' }).waitFor()
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
    await verifyWithPasskey(dialog)
    await dialog.getByRole('heading', { name: 'Verifying with passkey' }).waitFor()
    await dialog.getByText('Something went wrong.').waitFor({ timeout: 20_000 })
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true })
    await dialog.getByRole('button', { name: 'Try again' }).click()
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signature(page) })).toBe(true)
    const verifiedAt = Date.now()

    // The ceremony ran in the wallet frame's origin, inside the app's page: the frame started it (the spec's
    // passkeys/init, twice) and submitted the assertion, made at the wallet origin with the app as its top origin.
    const walletOrigin = new URL(e2e.stack.walletUrl).origin
    const appOrigin = new URL(e2e.stack.appUrl).origin
    expect(mfaCalls.map((c) => [c.path, c.frameOrigin])).toEqual([
      ['passkeys/init', walletOrigin],
      ['passkeys/init', walletOrigin],
      ['verify', walletOrigin],
    ])
    expect(mfaCalls[2]!.clientData).toMatchObject({ type: 'webauthn.get', origin: walletOrigin, crossOrigin: true, topOrigin: appOrigin })

    // Removal after the window: the confirmation, a passkey verification, then the method is gone.
    await sleep(Math.max(0, verifiedAt + WINDOW_SECONDS * 1000 + 500 - Date.now()))
    await page.getByTestId('mfa-manage').click()
    await dialog.getByTestId('foyer-mfa-remove-passkey').click()
    await dialog.getByRole('heading', { name: 'Remove passkey verification?' }).waitFor()
    await dialog.getByTestId('foyer-mfa-remove-confirm').click()
    await verifyWithPasskey(dialog)
    await dialog.getByRole('heading', { name: 'Transaction Protection' }).waitFor({ timeout: 20_000 })
    expect(await dialog.getByTestId('foyer-mfa-enroll-passkey').isDisabled()).toBe(false)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('mfa-methods').textContent()).toContain('No verification method yet')
  })
})
