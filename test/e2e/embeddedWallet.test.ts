import type { Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { recoverTypedDataAddress, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEMO_TYPED_DATA } from '../../examples/react-app/src/EmbeddedWalletsCard.js'
import { describe, expect, it } from 'vitest'
import { signUpByEmail } from './kit/signIn.js'
import { custodyCalls, recordPortMessages } from './kit/walletFrame.js'
import { useStack } from './kit/useStack.js'

const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets' } }) })


// Counts the randomness every frame of the page draws: the sizes of crypto.getRandomValues draws and Math.random calls.
const countEntropy = () => {
  const seen = { draws: [] as number[], mathRandom: 0 }
  ;(window as unknown as { __foyerEntropy: typeof seen }).__foyerEntropy = seen
  const draw = Crypto.prototype.getRandomValues
  Crypto.prototype.getRandomValues = function <T extends ArrayBufferView>(this: Crypto, array: T): T {
    seen.draws.push(array.byteLength)
    return draw.call(this, array) as T
  }
  const random = Math.random
  Math.random = () => (seen.mathRandom++, random())
}


const signUp = (page: Page, email: string, query = '') => signUpByEmail(page, e2e.stack, email, query)

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
    await context.addInitScript(recordPortMessages)
    await context.addInitScript(countEntropy)
    // Every screen title the modal shows, in order (a second success screen after 'All set!' was a bug).
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __foyerTitles: string[] }).__foyerTitles = [])
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('[role=dialog] h2')) if (seen.at(-1) !== h.textContent) seen.push(h.textContent ?? '')
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    const calls = custodyCalls(page)
    await signUp(page, email)

    // Created in the frame at login: the modal says so, then closes by itself.
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId('signed-in').waitFor()
    // One success: 'Welcome' / 'All set!' ends the sign-up, with no 'Success!' after it.
    const titles = await page.evaluate(() => (window as unknown as { __foyerTitles: string[] }).__foyerTitles)
    expect(titles).toContain('Welcome')
    expect(titles.slice(titles.indexOf('Welcome'))).toEqual(['Welcome'])
    const [address] = await addresses(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // On a phone the address wraps inside its card: nothing in a card reaches past the card's edge.
    const viewport = page.viewportSize()
    await page.setViewportSize({ width: 360, height: 800 })
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('.card')].flatMap((card) => {
        const edge = card.getBoundingClientRect().right
        return [...card.querySelectorAll('code, .mono')].filter((el) => el.getBoundingClientRect().right > edge + 0.5).map((el) => el.textContent)
      }),
    )
    expect(overflowing).toEqual([])
    if (viewport) await page.setViewportSize(viewport)
    expect(calls).toEqual(['custody_nonce', 'create'])
    // Every draw of the creation came from crypto.getRandomValues in the frame: the 16 bytes of entropy, then the
    // split's coefficients; nothing there called Math.random.
    const walletFrame = page.frames().find((f) => f.url().startsWith(`${e2e.stack.walletUrl}/apps/`))!
    const entropy = await walletFrame.evaluate(() => (window as unknown as { __foyerEntropy: { draws: number[]; mathRandom: number } }).__foyerEntropy)
    expect(entropy.mathRandom).toBe(0)
    expect(entropy.draws).toContain(16)
    // (shamir-secret-sharing draws one coefficient byte per secret byte, and the x coordinates.)
    expect(entropy.draws.filter((n) => n === 1).length).toBeGreaterThanOrEqual(16)

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

    // A new device (fresh browser context, no device share): automatic recovery gives the same wallet.
    const fresh = await e2e.newPage()
    const freshCalls = custodyCalls(fresh.page)
    await signUp(fresh.page, email)
    await fresh.page.getByTestId('signed-in').waitFor()
    expect(await addresses(fresh.page)).toEqual([first, second])
    const recovered = await signMessageOnScreen(fresh.page)
    expect(await verifyMessage({ address: address!, message: 'Hello from the Foyer demo', signature: recovered as `0x${string}` })).toBe(true)
    expect(freshCalls).toEqual(['auth_share', 'recover'])
    // Recovered once, that device then unlocks with its own share, and the first device still unlocks with its
    // share: a recovery changes nothing the other devices hold.
    await fresh.page.reload()
    await fresh.page.getByTestId('signed-in').waitFor()
    freshCalls.length = 0
    await signMessageOnScreen(fresh.page)
    expect(freshCalls).toEqual(['auth_share'])
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    calls.length = 0
    const back = await signMessageOnScreen(page)
    expect(await verifyMessage({ address: address!, message: 'Hello from the Foyer demo', signature: back as `0x${string}` })).toBe(true)
    expect(calls).toEqual(['auth_share'])
    await fresh.context.close()
    await context.close()
  })

  it('signs typed data on the sign screen; a Solana wallet through useSolanaWallets (first in the list, signs, in the wallet-standard registry, exports in the frame); imports a key for a user without a wallet', async () => {
    const { context, page } = await e2e.newPage()
    const address = await signUpWithWallet(page, 'wallet.more@example.com')

    await page.getByRole('button', { name: 'Sign typed data' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign typed data' }).waitFor()
    // Fields, not JSON: the message's 'text' field reads Hello.
    expect(await dialog.getByTestId('foyer-sign-message').locator('[data-field="text"] dd').textContent()).toBe('Hello')
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

    // useSolanaWallets().createWallet(): the wallet is then first in useSolanaWallets() (the card shows [0]).
    await page.getByRole('button', { name: 'Create a Solana wallet' }).click()
    await expect.poll(async () => (await addresses(page)).length, { timeout: 20_000 }).toBe(2)
    const solana = (await addresses(page)).find((a) => !a.startsWith('0x'))!
    expect(bs58.decode(solana)).toHaveLength(32)
    await expect.poll(() => page.getByTestId('solana-first').textContent(), { timeout: 20_000 }).toBe(solana)
    expect(await page.getByTestId('solana-first-type').textContent()).toBe('embedded privy')

    // The listed wallet's signMessage(bytes): an ed25519 signature by the address, made in the frame.
    await page.getByRole('button', { name: 'Sign with the Solana wallet' }).click()
    await expect.poll(() => page.getByTestId('embedded-result').textContent(), { timeout: 20_000 }).toMatch(/^Solana signature: /)
    const solanaSignature = Buffer.from((await page.getByTestId('embedded-result').textContent())!.replace('Solana signature: ', ''), 'base64')
    expect(ed25519.verify(solanaSignature, new TextEncoder().encode('Hello from the Foyer demo'), bs58.decode(solana))).toBe(true)

    // A dapp on the page finds it in the wallet-standard registry (it announces itself as an app, per the protocol) as
    // 'Foyer Wallet', with the account and only the features it has, and signs through it.
    const registered = await page.evaluate(async (message) => {
      type Account = { address: string; publicKey: Uint8Array }
      type Found = { name: string; icon: string; chains: string[]; accounts: Account[]; features: Record<string, any> }
      const found: Found[] = []
      const register = (...wallets: Found[]) => (found.push(...wallets), () => {})
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register } }))
      const wallet = found.find((w) => w.name === 'Foyer Wallet')
      if (!wallet) return { names: found.map((w) => w.name) }
      const [output] = await wallet.features['solana:signMessage'].signMessage({ account: wallet.accounts[0], message: new TextEncoder().encode(message) })
      return {
        names: found.map((w) => w.name),
        icon: wallet.icon,
        chains: [...wallet.chains],
        features: Object.keys(wallet.features).sort(),
        accounts: wallet.accounts.map((a) => a.address),
        signature: btoa(String.fromCharCode(...(output.signature as Uint8Array))),
      }
    }, 'Hello, dapp')
    expect(registered).toMatchObject({
      names: ['Foyer Wallet'],
      chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet'],
      features: ['solana:signAndSendTransaction', 'solana:signIn', 'solana:signMessage', 'solana:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events'],
      accounts: [solana],
    })
    expect(registered.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(ed25519.verify(Buffer.from(registered.signature!, 'base64'), new TextEncoder().encode('Hello, dapp'), bs58.decode(solana))).toBe(true)
    // The page's own Solana discovery doesn't list it as an external wallet to connect.
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const list = page.getByRole('dialog')
    await list.getByRole('button', { name: /Phantom/ }).first().waitFor()
    expect(await list.getByText('Foyer Wallet').count()).toBe(0)
    await list.getByRole('button', { name: 'Close' }).click()
    await list.waitFor({ state: 'detached' })

    // useSolanaWallets().exportWallet(): 'Transfer wallet' shows, inside the frame, the base58 64-byte secret key
    // (Phantom's and Solflare's import form) whose public half is the address; the page never holds it.
    await page.getByRole('button', { name: 'Export Solana wallet' }).click()
    await dialog.getByRole('heading', { name: 'Transfer wallet' }).waitFor()
    expect(await dialog.getByTestId('foyer-export-address').textContent()).toBe(solana)
    const exportFrame = page.frameLocator('[data-testid="foyer-export-frame"] iframe')
    const exportKey = exportFrame.locator('#foyer-export-key')
    await exportKey.waitFor({ timeout: 30_000 })
    const secretKey = await exportKey.inputValue()
    const keyBytes = bs58.decode(secretKey)
    expect(keyBytes).toHaveLength(64)
    expect(bs58.encode(keyBytes.slice(32))).toBe(solana)
    expect(bs58.encode(ed25519.getPublicKey(keyBytes.slice(0, 32)))).toBe(solana)
    expect(await page.content()).not.toContain(secretKey)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByTestId('embedded-result').textContent()).toBe('Export: closed')
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
