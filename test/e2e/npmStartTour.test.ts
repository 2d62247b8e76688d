import type { BrowserContext, Locator, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { BATCH_DEMO_RECIPIENTS, BATCH_DEMO_VALUE } from '../../examples/react-app/src/SendBatchDemo.js'
import { describe, expect, it } from 'vitest'
import { clickClosingButton } from './kit/clickClosingButton.js'
import { enterOutboxCode, signUpByEmail, submitEmail } from './kit/signIn.js'
import { authenticator } from './kit/authenticator.js'
import { useStack } from './kit/useStack.js'
import { setPasswordInFrame } from './kit/walletFrame.js'

// Issue 24's tour: `npm start` exactly as a newcomer runs it (scripts/start.mjs with its own local stack, the example
// apps in Vite's dev server, the dev app as configured there: no test settings), then, in Chromium, what the showcase
// offers out of the box. Each step needs the ones before it (one user, one page), so a failure names the first broken one.
const e2e = useStack({}, { devServer: true, outOfTheBox: true })

const MESSAGE = 'Hello from the Foyer demo'
const PASSWORD = 'Quiet-Harbor-Lamp-42'
const EMAIL = 'newcomer@example.com'
/** The example's fixed recipients (SendTransactionCard, SolanaTransactionsCard, SmartWalletCard). */
const SOLANA_RECIPIENT = 'GsXLvGuBGw2mqNLA2XSP2SEUbk4x1cJhw3LXSkLwqBX7'

/** The URLs the banner printed ('Local chain:   http://…'). */
const bannerUrl = (label: string) => new RegExp(`${label}: +(http://\\S+)`).exec(e2e.stack.log())![1]!
const evm = () => createPublicClient({ transport: http(bannerUrl('Local chain')) })
const solanaRpc = async (method: string, params: unknown[]) => {
  const res = await fetch(bannerUrl('Solana RPC'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await res.json()) as { result: unknown }).result
}

let nextCode: () => Promise<string>

const typeCode = async (page: Page, dialog: Locator, code: string) => {
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

/** 'Sign a message' → 'Sign and continue' on `page`; answers the signature once the page shows it. */
async function signDemoMessage(page: Page, between?: (dialog: Locator) => Promise<void>): Promise<`0x${string}`> {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
  await between?.(dialog)
  const result = page.getByTestId('embedded-result')
  await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
}

describe('npm start out of the box: the whole product on a fresh clone, in Chromium', () => {
  let context: BrowserContext
  let page: Page
  let address: `0x${string}`
  let other: BrowserContext
  let newcomer: Page

  it('signs up by e-mail and ends with an embedded wallet (the dev app creates one at login)', async () => {
    ;({ context, page } = await e2e.newPage())
    // Vite's dev server compiles each module on its first request: the first load gets time to spare (the page's
    // load event waits for every module, which on a busy machine takes longer than a navigation's 30 s).
    await page.goto(e2e.stack.appUrl, { waitUntil: 'commit', timeout: 120_000 })
    await page.getByRole('button', { name: 'Log in', exact: true }).click({ timeout: 120_000 })
    await page.getByRole('dialog').locator('input[type="email"]').waitFor({ timeout: 120_000 })
    await signUpByEmail(page, e2e.stack, EMAIL)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 60_000 })
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    await page.getByTestId('signed-in').waitFor()
    address = (await page.getByTestId('embedded-wallet').locator('code').first().textContent({ timeout: 30_000 })) as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it("funds the wallet from the dev faucet and sends ETH on the local chain (receipt)", async () => {
    const card = page.getByTestId('send-transaction')
    await card.getByRole('button', { name: 'Get test funds' }).click()
    await expect.poll(() => card.getByTestId('faucet-result-ethereum').textContent(), { timeout: 20_000 }).toMatch(/Balance on local chain 31337: 1 ETH/)
    await card.getByRole('button', { name: 'Send transaction' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 60_000 })
    expect(await dialog.getByTestId('foyer-tx-network').textContent()).toContain('Local 31337')
    const approve = dialog.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 30_000 }).toBe(true)
    await approve.click()
    await dialog.getByRole('heading', { name: 'Transaction complete!' }).waitFor({ timeout: 60_000 })
    await dialog.getByRole('button', { name: 'All Done' }).click()
    const receipt = JSON.parse((await page.getByTestId('send-transaction-receipt').textContent({ timeout: 20_000 }))!) as { status: string; transactionHash: `0x${string}` }
    expect(receipt.status).toBe('success')
    expect((await evm().getTransactionReceipt({ hash: receipt.transactionHash })).from.toLowerCase()).toBe(address.toLowerCase())
  })

  it('sends a user operation from the smart wallet through the bundler, its gas sponsored by the paymaster', async () => {
    const card = page.getByTestId('smart-wallet')
    const shown = card.getByTestId('smart-wallet-address')
    await shown.waitFor({ timeout: 60_000 })
    await card.getByRole('button', { name: 'Get test funds' }).click()
    await expect.poll(() => card.getByTestId('faucet-result-ethereum').textContent(), { timeout: 20_000 }).toMatch(/: 1 ETH/)
    await card.getByTestId('smart-wallet-send').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('foyer-tx-fee').waitFor({ timeout: 30_000 })
    expect(await dialog.getByTestId('foyer-tx-fee').textContent()).toContain('Sponsored')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByText('Transaction complete!').waitFor({ timeout: 90_000 })
    await dialog.getByRole('button', { name: 'All Done' }).click()
    const hash = (await card.getByTestId('smart-wallet-result').locator('code').textContent({ timeout: 20_000 })) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await evm().getTransactionReceipt({ hash })).status).toBe('success')
    // Deployed by the user operation.
    expect(await evm().getCode({ address: (await shown.textContent()) as `0x${string}` })).toBeTruthy()
  })

  it('sends an EIP-5792 batch (viem sendCalls) on one confirmation, as one user operation of the smart wallet (atomic)', async () => {
    const before = await Promise.all(BATCH_DEMO_RECIPIENTS.map((address) => evm().getBalance({ address })))
    await page.getByTestId('embedded-provider').getByRole('button', { name: 'Send a batch' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 30_000 })
    expect(await dialog.getByRole('list', { name: 'Calls' }).getByRole('listitem').count()).toBe(2)
    expect(await dialog.getByTestId('foyer-tx-fee').textContent({ timeout: 30_000 })).toContain('Sponsored')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByText('Transaction complete!').waitFor({ timeout: 90_000 })
    await dialog.getByRole('button', { name: 'All Done' }).click()
    const result = page.getByTestId('provider-batch-result')
    await result.getByTestId('provider-batch-status').waitFor({ timeout: 30_000 })
    expect(await result.getByTestId('provider-batch-status').textContent()).toBe('200')
    expect(await result.getByTestId('provider-batch-atomic').textContent()).toBe('true')
    const hashes = (await result.getByTestId('provider-batch-hash').allTextContents()) as Hex[]
    expect(hashes).toHaveLength(1)
    expect((await evm().getTransactionReceipt({ hash: hashes[0]! })).status).toBe('success')
    expect(await Promise.all(BATCH_DEMO_RECIPIENTS.map((address) => evm().getBalance({ address })))).toEqual(before.map((b) => b + BATCH_DEMO_VALUE))
  })

  it("sends the same batch with wagmi's sendCalls: the login connected wagmi, and the batch goes as one user operation (atomic)", async () => {
    const card = page.getByTestId('wagmi')
    await expect.poll(() => card.getByTestId('wagmi-status').textContent(), { timeout: 20_000 }).toBe(`Connected: ${address}`)
    const before = await Promise.all(BATCH_DEMO_RECIPIENTS.map((recipient) => evm().getBalance({ address: recipient })))
    await card.getByRole('button', { name: 'Send calls with wagmi' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 30_000 })
    expect(await dialog.getByRole('list', { name: 'Calls' }).getByRole('listitem').count()).toBe(2)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByText('Transaction complete!').waitFor({ timeout: 90_000 })
    await dialog.getByRole('button', { name: 'All Done' }).click()
    const result = card.getByTestId('wagmi-result')
    await expect.poll(() => result.textContent(), { timeout: 60_000 }).toMatch(/^(Calls|Error)/)
    const [, status, atomic, hashes] = /^Calls: (\w+), atomic (\w+), transactions (.*)$/.exec((await result.textContent())!) ?? []
    expect({ status, atomic }).toEqual({ status: 'success', atomic: 'true' })
    expect(hashes!.split(' ')).toHaveLength(1)
    expect((await evm().getTransactionReceipt({ hash: hashes as Hex })).status).toBe('success')
    expect(await Promise.all(BATCH_DEMO_RECIPIENTS.map((recipient) => evm().getBalance({ address: recipient })))).toEqual(before.map((b) => b + BATCH_DEMO_VALUE))
  })

  it("links the second app's wallet (cross-app) and signs with it on the second app's own screen", async () => {
    expect(e2e.stack.log()).toContain(`Second app:    ${e2e.stack.providerAppUrl}`)
    const card = page.getByTestId('cross-app')
    const popupOpened = context.waitForEvent('page', { timeout: 30_000 })
    await card.getByRole('button', { name: 'Link Foyer demo wallet' }).click()
    const popup = await popupOpened
    await popup.waitForURL(/\/oauth\/authorize\?flow=/, { timeout: 60_000 })
    expect(new URL(popup.url()).origin).toBe(e2e.stack.providerAppUrl)
    await popup.getByText('Sign in to continue').waitFor({ timeout: 120_000 })
    const providerEmail = 'provider.user@example.com'
    await submitEmail(popup, providerEmail)
    await enterOutboxCode(popup, e2e.stack.apiUrl, providerEmail)
    await popup.getByRole('heading', { name: /^Connect to / }).waitFor({ timeout: 60_000 })
    await popup.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })
    await clickClosingButton(popup.getByRole('button', { name: 'Connect' }))
    const crossAddress = (await card.getByTestId('cross-app-address').textContent({ timeout: 30_000 })) as `0x${string}`
    expect(crossAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(crossAddress.toLowerCase()).not.toBe(address.toLowerCase())

    const signPopupOpened = context.waitForEvent('page', { timeout: 30_000 })
    await card.getByRole('button', { name: 'Sign with Foyer demo wallet' }).click()
    const signPopup = await signPopupOpened
    await signPopup.waitForURL(/\/oauth\/transact\?token=/, { timeout: 60_000 })
    const dialog = signPopup.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign message' }).waitFor({ timeout: 60_000 })
    await clickClosingButton(dialog.getByRole('button', { name: 'Sign and continue' }))
    const result = card.getByTestId('cross-app-result')
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
    const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
    expect(await verifyMessage({ address: crossAddress, message: 'Hello from a cross-app requester', signature })).toBe(true)
  })

  it('enables TOTP (Transaction protection) and sets a recovery password', async () => {
    await page.getByTestId('mfa-manage').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('foyer-mfa-enroll-totp').click()
    const secret = (await dialog.getByTestId('foyer-mfa-totp-secret').textContent({ timeout: 30_000 }))!.trim()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('heading', { name: 'Enter enrollment code' }).waitFor()
    nextCode = authenticator(secret)
    await typeCode(page, dialog, await nextCode())
    await dialog.getByRole('heading', { name: 'Authenticator app verification added' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('mfa-methods').textContent()).toContain('totp')

    await page.getByRole('button', { name: 'Secure your wallet' }).click()
    await dialog.getByRole('button', { name: 'Add password' }).click({ timeout: 30_000 })
    await setPasswordInFrame(page, PASSWORD)
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    await expect.poll(() => page.getByTestId('recovery-method').textContent()).toBe('Recovered with your password on a new device.')
  })

  it('on a new browser profile: the wallet asks for the authenticator code, then the password, and signs as the same wallet', async () => {
    const fresh = await e2e.newPage()
    try {
      await signUpByEmail(fresh.page, e2e.stack, EMAIL)
      await fresh.page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
      const signature = await signDemoMessage(fresh.page, async (dialog) => {
        await dialog.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 30_000 })
        await dialog.getByRole('button', { name: 'Authenticator App' }).click()
        await dialog.getByRole('heading', { name: 'Enter verification code' }).waitFor()
        await typeCode(fresh.page, dialog, await nextCode())
        await dialog.getByRole('heading', { name: 'Enter your password' }).waitFor({ timeout: 30_000 })
        const entry = dialog.getByTestId('foyer-recover-password-frame').frameLocator('iframe')
        await entry.getByTestId('foyer-recovery-password').fill(PASSWORD)
        await entry.getByTestId('foyer-recovery-submit').click()
      })
      expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    } finally {
      await fresh.context.close()
    }
  })

  it("a new user who reloads during 'Setting up your wallet' ends with a wallet that signs", async () => {
    ;({ context: other, page: newcomer } = await e2e.newPage())
    // The creation's call is held until the reload, so the reload surely cuts the creation off.
    let release: (() => void) | null = null
    const held = new Promise<void>((resolve) => {
      void other.route(/\/api\/v1\/embedded_wallets\/create$/, async (route) => {
        // The first call is held; the resumed creation's goes through.
        if (release) return route.continue()
        release = () => void route.abort('internetdisconnected').catch(() => {})
        resolve()
      })
    })
    await signUpByEmail(newcomer, e2e.stack, 'reloader@example.com')
    await newcomer.getByRole('dialog').getByText('Setting up your wallet').waitFor({ timeout: 60_000 })
    await held
    const reloaded = newcomer.reload()
    release!()
    await reloaded
    await newcomer.getByTestId('signed-in').waitFor({ timeout: 60_000 })
    const wallets = newcomer.getByTestId('embedded-wallet').locator('code')
    await wallets.first().waitFor({ timeout: 60_000 })
    const created = (await wallets.first().textContent()) as `0x${string}`
    expect(await verifyMessage({ address: created, message: MESSAGE, signature: await signDemoMessage(newcomer) })).toBe(true)
  })

  // A Solana wallet needs automatic recovery (the server refuses a password beside one): the second user's.
  it('creates a Solana wallet, funds it with test SOL and sends 0.5 SOL on the local Solana RPC (litesvm)', async () => {
    await newcomer.getByRole('button', { name: 'Create a Solana wallet' }).click()
    const card = newcomer.getByTestId('solana-transactions')
    await card.waitFor({ timeout: 30_000 })
    await card.getByRole('button', { name: 'Get 1 test SOL' }).click()
    await expect.poll(() => card.getByTestId('faucet-result-solana').textContent(), { timeout: 20_000 }).toBe('Balance on the local Solana RPC: 1 SOL')
    const before = ((await solanaRpc('getBalance', [SOLANA_RECIPIENT])) as { value: number }).value
    await card.getByRole('button', { name: 'Send 0.5 SOL' }).click()
    const dialog = newcomer.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 30_000 })
    await dialog.getByTestId('foyer-sol-fee').waitFor({ timeout: 20_000 })
    await dialog.getByTestId('foyer-sol-approve').click()
    await dialog.getByText('Transaction completed successfully.').waitFor({ timeout: 30_000 })
    await dialog.getByTestId('foyer-sol-close').click()
    await expect.poll(() => card.getByTestId('solana-tx-result').textContent(), { timeout: 20_000 }).toMatch(/^Signature: \w{64,88}$/)
    expect(((await solanaRpc('getBalance', [SOLANA_RECIPIENT])) as { value: number }).value).toBe(before + 500_000_000)
  })
})
