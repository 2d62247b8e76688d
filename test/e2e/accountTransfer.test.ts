import type { Page } from 'playwright-core'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DISCLOSED_WALLET } from '../kit/walletDisclosurePlugin.js'
import { openPhoneInput } from './kit/landing.js'
import { enterOutboxCode, expectSignedOut, signInByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

// The asset check needs a disclosed embedded wallet. Embedded wallets are a later issue, so the stack loads a
// test plugin (FOYER_SERVER_PLUGINS) that discloses one through the real hook for users of 'rich…' accounts.
const disclosurePlugin = fileURLToPath(new URL('../kit/walletDisclosurePlugin.ts', import.meta.url))

const e2e = useStack({
  FOYER_DEV_APP: JSON.stringify({ sms_auth: true, sms: { allowed_countries: ['US'] } }),
  FOYER_SERVER_PLUGINS: disclosurePlugin,
})

async function signInWithPhone(page: Page, national: string, e164: string) {
  await page.goto(e2e.stack.appUrl)
  const { input, country } = await openPhoneInput(page)
  await country.selectOption('US')
  await input.pressSequentially(national, { delay: 20 })
  await input.press('Enter')
  await enterOutboxCode(page, e2e.stack.apiUrl, e164)
  await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
}

/** B (on `pageB`) asks to link `email`, which A signed in with (by `codeA`), and types the code sent to it. */
async function linkEmailOfA(pageB: Page, email: string, codeA: string) {
  await pageB.getByTestId('link-email').click()
  const dialog = pageB.getByRole('dialog')
  const input = dialog.locator('input[type="email"]')
  await input.waitFor({ timeout: 30_000 })
  await input.fill(email)
  await input.press('Enter')
  await enterOutboxCode(pageB, e2e.stack.apiUrl, email, { seen: new Set([codeA]) })
  await dialog.getByRole('heading', { name: 'Email is associated with another account' }).waitFor({ timeout: 30_000 })
  return dialog
}

describe('account transfer in Chromium against the real server', () => {
  it("B links A's e-mail → the prompt → 'Transfer and delete account' → B has it, A's session is gone", async () => {
    const { context: contextA, page: pageA } = await e2e.newPage()
    const { context: contextB, page: pageB } = await e2e.newPage()
    const email = 'transfer.a@example.com'

    const codeA = await signInByEmail(pageA, e2e.stack, email)
    // One e-mail per user: B signs up by SMS, so linking A's e-mail is a transfer, not 'cannot link more'.
    await signInWithPhone(pageB, '2025550147', '+12025550147')

    const dialog = await linkEmailOfA(pageB, email, codeA)
    expect(await dialog.textContent()).toContain(`Do you want to transfer ${email} to this account instead? This will delete your other account.`)
    expect(await dialog.getByRole('button', { name: 'Continue' }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
    await dialog.getByRole('button', { name: 'Success!' }).waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })

    const linked = await pageB.getByTestId('linked-accounts').textContent()
    expect(linked).toContain(`email: ${email}`)
    expect(linked).toContain('phone: +12025550147')
    expect(await pageB.getByTestId('account-message').textContent()).toBe('Done: email')

    // A was deleted with its sessions: after a reload its refresh token no longer restores anything.
    await pageA.reload()
    await expectSignedOut(pageA)

    await contextA.close()
    await contextB.close()
  })

  it("with a disclosed embedded wallet: 'Continue' → 'Check assets before transfer' → copy the address → transfer", async () => {
    const { context: contextA, page: pageA } = await e2e.newPage()
    const { context: contextB, page: pageB } = await e2e.newPage({ permissions: ['clipboard-read', 'clipboard-write'] })
    const email = 'rich.a@example.com'

    const codeA = await signInByEmail(pageA, e2e.stack, email)
    await signInWithPhone(pageB, '2025550148', '+12025550148')

    const dialog = await linkEmailOfA(pageB, email, codeA)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('heading', { name: 'Check assets before transfer' }).waitFor({ timeout: 15_000 })
    expect(await dialog.textContent()).toContain('Assets in your other account will not be transferred and may be lost.')
    expect(await dialog.textContent()).toContain(DISCLOSED_WALLET)

    await dialog.getByRole('button', { name: 'Copy address' }).click()
    await dialog.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 5_000 })
    expect(await pageB.evaluate(() => navigator.clipboard.readText())).toBe(DISCLOSED_WALLET)
    // The confirmation lasts 1.5 s.
    await dialog.getByRole('button', { name: 'Copy address' }).waitFor({ timeout: 5_000 })

    await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 30_000 })
    expect(await pageB.getByTestId('linked-accounts').textContent()).toContain(`email: ${email}`)

    await pageA.reload()
    await expectSignedOut(pageA)

    await contextA.close()
    await contextB.close()
  })
})
