import type { Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { recoverTypedDataAddress, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEMO_TYPED_DATA } from '../../examples/react-app/src/EmbeddedWalletsCard.js'
import { describe, expect, it } from 'vitest'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets' } }) })

// Records every message the host page receives from the frame's MessagePort and every one it sends, so the test can
// check that none carries key material (the frame answers addresses and signatures only).
const recordMessages = () => {
  const seen: unknown[] = []
  ;(window as unknown as { __foyerMessages: unknown[] }).__foyerMessages = seen
  const send = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, ...rest: never[]) {
    seen.push({ out: message })
    return send.call(this, message, ...rest)
  }
  const descriptor = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    set(listener: ((event: MessageEvent) => void) | null) {
      descriptor.set!.call(this, listener && ((event: MessageEvent) => (seen.push({ in: event.data }), listener.call(this, event))))
    },
    get() {
      return descriptor.get!.call(this)
    },
  })
}

/** The frame's custody calls the page made (they show as requests of the page's frames). */
function custodyCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const match = /\/api\/v1\/embedded_wallets\/(\w+)$/.exec(request.url())
    if (match) calls.push(match[1]!)
  })
  return calls
}

async function signUp(page: Page, email: string, query = '') {
  await page.goto(`${e2e.stack.appUrl}${query}`)
  await requestEmailCode(page, email)
  await enterOutboxCode(page, e2e.stack.apiUrl, email)
}

async function signMessageOnScreen(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Sign message' }).waitFor()
  expect(await dialog.getByText('Signing this message will not cost you any fees.').count()).toBe(1)
  expect(await dialog.getByTestId('foyer-sign-message').textContent()).toBe('Hello from the Foyer demo')
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
  await dialog.waitFor({ state: 'detached', timeout: 20_000 })
  const result = page.getByTestId('embedded-result')
  await expect.poll(() => result.textContent()).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return (await result.textContent())!.replace('Signature: ', '')
}

/** Signs up a new user, whose wallet is made at login ('All set!'), and answers its address. */
async function signUpWithWallet(page: Page, email: string): Promise<`0x${string}`> {
  await signUp(page, email)
  await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
  // The created screen closes by itself and ends the login; what the test opens next starts after that.
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  return (await addresses(page))[0]!
}

const addresses = async (page: Page) => (await page.getByTestId('embedded-wallet').locator('code').allTextContents()) as `0x${string}`[]

describe('embedded wallets in Chromium (host and frame on two origins of one site, real server)', () => {
  it('a new user gets a wallet at sign-up, signs, keeps it across a reload, recovers it on a new device, and adds another', async () => {
    const email = 'wallet.user@example.com'
    const { context, page } = await e2e.newPage()
    await context.addInitScript(recordMessages)
    const calls = custodyCalls(page)
    await signUp(page, email)

    // Created in the frame at login: the modal says so, then closes by itself.
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId('signed-in').waitFor()
    const [address] = await addresses(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(calls).toEqual(['create'])

    const signature = await signMessageOnScreen(page)
    expect(await verifyMessage({ address: address!, message: 'Hello from the Foyer demo', signature: signature as `0x${string}` })).toBe(true)

    // A reload unlocks with this device's share: no recovery.
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    calls.length = 0
    const again = await signMessageOnScreen(page)
    expect(await verifyMessage({ address: address!, message: 'Hello from the Foyer demo', signature: again as `0x${string}` })).toBe(true)
    expect(calls).toEqual(['auth_share'])

    // An additional wallet: walletIndex 1, another address.
    await page.getByRole('button', { name: 'Create another wallet' }).click()
    await expect.poll(async () => (await addresses(page)).length, { timeout: 20_000 }).toBe(2)
    const [first, second] = await addresses(page)
    expect(first).toBe(address)
    expect(second).not.toBe(address)
    expect(await page.getByTestId('embedded-wallet').nth(1).textContent()).toContain('#1')

    // No message between page and frame carried a share, a mnemonic or a key.
    const recorded = await page.evaluate(() => (window as unknown as { __foyerMessages: unknown[] }).__foyerMessages)
    // (The page's scheduler posts null messages on MessagePorts too: only the frame's channel carries objects.)
    const messages = JSON.stringify(recorded.filter((m) => Object.values(m as object)[0] !== null)).toLowerCase()
    expect(messages).toContain(address!.toLowerCase().slice(2, 10))
    expect(messages).not.toMatch(/share|mnemonic|privateKey|secret/i)
    expect(JSON.stringify(recorded)).not.toMatch(/"[A-Za-z0-9+/]{22}[AEIMQUYcgkosw048]="/)
    await context.close()

    // A new device (fresh browser context, no device share): automatic recovery gives the same wallet.
    const fresh = await e2e.newPage()
    const freshCalls = custodyCalls(fresh.page)
    await signUp(fresh.page, email)
    await fresh.page.getByTestId('signed-in').waitFor()
    expect(await addresses(fresh.page)).toEqual([first, second])
    const recovered = await signMessageOnScreen(fresh.page)
    expect(await verifyMessage({ address: address!, message: 'Hello from the Foyer demo', signature: recovered as `0x${string}` })).toBe(true)
    expect(freshCalls).toEqual(['auth_share', 'recover', 'rotate'])
    await fresh.context.close()
  })

  it('signs typed data on the sign screen, makes and signs with a Solana wallet, and imports a key for a user without a wallet', async () => {
    const { context, page } = await e2e.newPage()
    const address = await signUpWithWallet(page, 'wallet.more@example.com')

    await page.getByRole('button', { name: 'Sign typed data' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign message' }).waitFor()
    expect(await dialog.getByTestId('foyer-sign-message').textContent()).toContain('"text": "Hello"')
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
    await expect.poll(() => page.getByTestId('embedded-result').textContent()).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
    const typedSignature = (await page.getByTestId('embedded-result').textContent())!.replace('Signature: ', '') as `0x${string}`
    expect(await recoverTypedDataAddress({ ...DEMO_TYPED_DATA, signature: typedSignature })).toBe(address)

    // Closing the sign screen rejects (the user rejected the request) and signs nothing.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await dialog.getByRole('heading', { name: 'Sign message' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByTestId('embedded-result').textContent()).toBe('Error: The user rejected the request.')

    await page.getByRole('button', { name: 'Create a Solana wallet' }).click()
    await expect.poll(async () => (await addresses(page)).length, { timeout: 20_000 }).toBe(2)
    const solana = (await addresses(page)).find((a) => !a.startsWith('0x'))!
    expect(bs58.decode(solana)).toHaveLength(32)
    await page.getByRole('button', { name: 'Sign with the Solana wallet' }).click()
    await expect.poll(() => page.getByTestId('embedded-result').textContent(), { timeout: 20_000 }).toMatch(/^Solana signature: /)
    const solanaSignature = Buffer.from((await page.getByTestId('embedded-result').textContent())!.replace('Solana signature: ', ''), 'base64')
    expect(ed25519.verify(solanaSignature, new TextEncoder().encode('Hello from the Foyer demo'), bs58.decode(solana))).toBe(true)
    await context.close()

    // A user who gets no wallet at login imports a key: the same address as the key's, signing as it.
    const other = await e2e.newPage()
    await signUp(other.page, 'wallet.import@example.com', '?create_on_login=off')
    await other.page.getByTestId('signed-in').waitFor()
    expect(await addresses(other.page)).toEqual([])
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
    await other.page.getByLabel('Private key to import').fill(key)
    await other.page.getByRole('button', { name: 'Import a key' }).click()
    await expect.poll(() => addresses(other.page), { timeout: 20_000 }).toEqual([privateKeyToAccount(key).address])
    expect(await other.page.getByTestId('linked-accounts').textContent()).toBeTruthy()
    await other.context.close()
  })

  it("export shows the key inside the frame's origin only: the host page cannot read it, and it is the wallet's key", async () => {
    const { context, page } = await e2e.newPage()
    const address = await signUpWithWallet(page, 'wallet.export@example.com')

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Transfer wallet' }).waitFor()
    expect(await dialog.getByTestId('foyer-export-address').textContent()).toBe(address)
    expect(await dialog.textContent()).toContain('Never share your private key or seed phrase')
    expect(await dialog.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toMatch(/^https:/)

    // Located afresh on each try: the screen may mount its frame again while the modal settles.
    const frame = page.frameLocator('[data-testid="foyer-export-frame"] iframe')
    const key = frame.locator('#foyer-export-key')
    await key.waitFor({ timeout: 30_000 })
    const shown = (await key.inputValue()) as `0x${string}`
    expect(privateKeyToAccount(shown).address).toBe(address)
    expect((await frame.locator('#foyer-export-phrase').inputValue()).split(' ')).toHaveLength(12)
    // The page that embeds it can't reach into the frame's document or its storage.
    expect(await page.evaluate(() => (document.querySelector('[data-testid="foyer-export-frame"] iframe') as HTMLIFrameElement).contentDocument)).toBeNull()
    expect(await page.content()).not.toContain(shown.slice(2))

    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByTestId('embedded-result').textContent()).toBe('Export: closed')
    await context.close()
  })
})
