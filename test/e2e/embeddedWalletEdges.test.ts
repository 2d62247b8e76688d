import type { Page, Route } from 'playwright-core'
import { recoverTypedDataAddress, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { DEMO_TYPED_DATA } from '../../examples/react-app/src/EmbeddedWalletsCard.js'
import { WALLET_CREATE_RETRY_WAITS_MS, WALLET_CREATE_TIMEOUT_MS } from '../../plugins/embedded-wallet/walletConstants.js'
import { expectSignedOut, signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'
import { custodyCalls, embedWalletFrame, frameAnswers, frameRequest, postOnPort, storedAccessToken } from './kit/walletFrame.js'

// The server's app creates no wallet at login: each test asks with ?create_on_login= when it wants one.
const e2e = useStack()

const MESSAGE = 'Hello from the Foyer demo'
/** Key material in any form a message could carry it: its words, 32-byte hex (a key), base64 (a share). */
const KEY_MATERIAL = /share|mnemonic|secret|seed|\b(0x)?[0-9a-f]{64}\b|"[A-Za-z0-9+/]{22,}={0,2}"/i

const signUp = (page: Page, email: string, query = '') => signUpByEmail(page, e2e.stack, email, query)

/** Signs up a new user whose wallet is made at login ('All set!'), with `query` on the app's URL; answers its address. */
async function signUpWithWallet(page: Page, email: string, query = ''): Promise<`0x${string}`> {
  await signUp(page, email, `?create_on_login=users-without-wallets${query}`)
  await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  return (await addresses(page))[0]!
}

const addresses = async (page: Page) => (await page.getByTestId('embedded-wallet').locator('code').allTextContents()) as `0x${string}`[]


/** The analytics events the page sent (foyer.track posts each to /api/v1/analytics_events). */
function analyticsEvents(page: Page): { event_name: string; payload: Record<string, unknown> }[] {
  const events: { event_name: string; payload: Record<string, unknown> }[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/analytics_events')) events.push(request.postDataJSON() as (typeof events)[number])
  })
  return events
}

/** Counts every modal dialog that appears in the page from now on. */
async function watchDialogs(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __dialogs: number }
    w.__dialogs = 0
    let open = false
    new MutationObserver(() => {
      const now = document.querySelector('[role="dialog"]') !== null
      if (now && !open) w.__dialogs++
      open = now
    }).observe(document.body, { childList: true, subtree: true })
  })
  return () => page.evaluate(() => (window as unknown as { __dialogs: number }).__dialogs)
}

/** Clicks `button` of the wallets card and waits for a result other than `before`; answers the signature. */
async function signedBy(page: Page, button: 'Sign a message' | 'Sign typed data', before: string | null, onScreen = false): Promise<`0x${string}`> {
  await page.getByRole('button', { name: button }).click()
  if (onScreen) {
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: button === 'Sign typed data' ? 'Sign typed data' : 'Sign message' }).waitFor()
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
  }
  const result = page.getByTestId('embedded-result')
  await expect.poll(async () => ((await result.count()) ? result.textContent() : null), { timeout: 20_000 }).not.toBe(before)
  const text = (await result.textContent())!
  expect(text).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return text.replace('Signature: ', '') as `0x${string}`
}

describe('embedded wallet edges in Chromium (real server and wallet frame)', () => {
  it('showWalletUIs: false signs messages and typed data with no screen; noPromptOnSignature skips the screen for messages only', async () => {
    const { context, page } = await e2e.newPage()
    const address = await signUpWithWallet(page, 'silent.signer@example.com', '&show_wallet_uis=false')
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Wallet UIs off: no dialog at all, and the signatures are the wallet's.
    let dialogs = await watchDialogs(page)
    const message = await signedBy(page, 'Sign a message', null)
    expect(await verifyMessage({ address, message: MESSAGE, signature: message })).toBe(true)
    const typed = await signedBy(page, 'Sign typed data', `Signature: ${message}`)
    expect(await recoverTypedDataAddress({ ...DEMO_TYPED_DATA, signature: typed })).toBe(address)
    expect(await dialogs()).toBe(0)

    // noPromptOnSignature (wallet UIs on): personal_sign is silent, typed data still asks on the sign screen.
    await page.goto(`${e2e.stack.appUrl}?no_prompt_on_signature=true`)
    await page.getByTestId('signed-in').waitFor()
    dialogs = await watchDialogs(page)
    const again = await signedBy(page, 'Sign a message', null)
    expect(await verifyMessage({ address, message: MESSAGE, signature: again })).toBe(true)
    expect(await dialogs()).toBe(0)
    const prompted = await signedBy(page, 'Sign typed data', `Signature: ${again}`, true)
    expect(await recoverTypedDataAddress({ ...DEMO_TYPED_DATA, signature: prompted })).toBe(address)
    expect(await dialogs()).toBe(1)
    await context.close()
  })

  it("a wallet that can't be created at login: 'Failed to create wallet', logged out (after a reload too), nothing stored, analytics told", async () => {
    const email = 'create.fails@example.com'
    const { context, page } = await e2e.newPage()
    // The frame's custody call fails in the browser (the server never hears of it), every time: the connection is down
    // for longer than the creation's retries.
    await context.route('**/api/v1/embedded_wallets/create', (route) => route.abort())
    const calls = custodyCalls(page)
    const events = analyticsEvents(page)
    await signUp(page, email, '?create_on_login=users-without-wallets')

    // The connecting screen gives way to the spec's creation error, with Close.
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Failed to create wallet', { exact: true }).waitFor({ timeout: 30_000 })
    expect(await dialog.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(1)
    expect(await dialog.getByText('Setting up your wallet').count()).toBe(0)
    // The first try and one per retry wait, each resuming the same creation (a nonce, then the create call).
    expect(calls).toEqual(Array.from({ length: WALLET_CREATE_RETRY_WAITS_MS.length + 1 }, () => ['custody_nonce', 'create']).flat())
    await expect.poll(() => events.map((e) => e.event_name)).toContain('embedded_wallet_creation_failed')
    const failed = events.find((e) => e.event_name === 'embedded_wallet_creation_failed')!
    expect(failed.payload).toMatchObject({ reason: 'WALLET_PROXY_ERROR' })
    expect(events.find((e) => e.event_name === 'login_failed')?.payload).toMatchObject({ code: 'WALLET_CREATE_FAILED' })
    expect(JSON.stringify(failed)).not.toMatch(KEY_MATERIAL)
    expect(JSON.stringify(failed)).not.toContain(email)

    await dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expectSignedOut(page)
    await page.reload()
    await expectSignedOut(page)
    await context.close()

    // Nothing was kept: the same user, signing in again with creation off, has no wallet.
    const again = await e2e.newPage()
    const againCalls = custodyCalls(again.page)
    await signUp(again.page, email)
    await again.page.getByTestId('signed-in').waitFor()
    expect(await addresses(again.page)).toEqual([])
    expect(await again.page.getByTestId('embedded-wallets').textContent()).toContain('No embedded wallet yet.')
    expect(againCalls).toEqual([])
    await again.context.close()
  })

  it("a create that never answers ends at the spec's 20 s with 'walletProxy.create timed out.' (the page's clock jumps)", async () => {
    const { context, page } = await e2e.newPage()
    await context.clock.install()
    const held: Route[] = []
    await context.route('**/api/v1/embedded_wallets/create', (route) => void held.push(route))
    const events = analyticsEvents(page)
    await signUp(page, 'create.hangs@example.com', '?create_on_login=users-without-wallets')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Setting up your wallet').waitFor({ timeout: 30_000 })
    await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1)

    // Well before the timeout: still waiting.
    await page.clock.fastForward(WALLET_CREATE_TIMEOUT_MS - 5_000)
    await page.waitForTimeout(500)
    expect(await dialog.getByText('Setting up your wallet').count()).toBe(1)
    // Past it: the spec's message (not the proxy's 'Cannot connect to wallet proxy'), the user logged out.
    await page.clock.fastForward(6_000)
    await dialog.getByText('walletProxy.create timed out.', { exact: true }).waitFor({ timeout: 10_000 })
    await expect.poll(() => events.find((e) => e.event_name === 'embedded_wallet_creation_failed')?.payload).toMatchObject({ reason: 'WALLET_CREATE_TIMEOUT' })
    await dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click()
    await expectSignedOut(page)
    await context.close()
  })

  it('the frame answers malformed requests on its port with a clear error and calls nothing', async () => {
    const email = 'malformed@example.com'
    const { context, page } = await e2e.newPage()
    const calls = custodyCalls(page)
    await signUp(page, email)
    await page.getByTestId('signed-in').waitFor()
    const accessToken = await storedAccessToken(page, e2e.stack.appId)
    await embedWalletFrame(page, e2e.stack)

    const invalid = (id: string, event: string, message: string) => ({ id, event, error: { type: 'invalid_request_arguments', message } })
    expect(await frameRequest(page, 'foyer:wallet:nope', 'unknown', {})).toEqual(invalid('unknown', 'foyer:wallet:nope', 'Unsupported event foyer:wallet:nope'))
    // The export page's event is not the hidden frame's.
    expect(await frameRequest(page, 'foyer:wallet:export', 'export', { accessToken, address: '0x0000000000000000000000000000000000000001' })).toEqual(
      invalid('export', 'foyer:wallet:export', 'Unsupported event foyer:wallet:export'),
    )
    const loginAgain = 'An error has occured, please login again.'
    expect(await frameRequest(page, 'foyer:wallet:create', 'token-number', { accessToken: 42 })).toEqual(invalid('token-number', 'foyer:wallet:create', loginAgain))
    expect(await frameRequest(page, 'foyer:wallet:create', 'data-string', 'nope')).toEqual(invalid('data-string', 'foyer:wallet:create', loginAgain))
    expect(await frameRequest(page, 'foyer:solana-wallet:create', 'data-null', null)).toEqual(invalid('data-null', 'foyer:solana-wallet:create', loginAgain))
    expect(await frameRequest(page, 'foyer:wallet:import', 'key-nope', { accessToken, privateKey: 'nope' })).toEqual(invalid('key-nope', 'foyer:wallet:import', 'Invalid private key'))
    expect(await frameRequest(page, 'foyer:wallet:import', 'key-short', { accessToken, privateKey: `0x${'ab'.repeat(31)}` })).toEqual(
      invalid('key-short', 'foyer:wallet:import', 'Invalid private key'),
    )
    for (const [id, address] of [['address-number', 42], ['address-empty', ''], ['address-garbage', 'garbage'], ['address-object', { evil: true }]] as const) {
      const rpc = { accessToken, address, request: { method: 'personal_sign', params: ['0x68656c6c6f', address] } }
      expect(await frameRequest(page, 'foyer:wallet:rpc', id, rpc)).toEqual(invalid(id, 'foyer:wallet:rpc', 'Invalid address'))
      expect(await frameRequest(page, 'foyer:wallet:connect', `${id}-connect`, { accessToken, address })).toEqual(invalid(`${id}-connect`, 'foyer:wallet:connect', 'Invalid address'))
    }
    expect(await frameRequest(page, 'foyer:wallet:recover', 'recover-number', { accessToken, address: 42 })).toEqual(invalid('recover-number', 'foyer:wallet:recover', 'Invalid address'))
    // Only automatic recovery runs in the frame: another method is refused before anything is fetched.
    expect(await frameRequest(page, 'foyer:wallet:recover', 'recover-method', { accessToken, address: '0x0000000000000000000000000000000000000001', recoveryMethod: 'user-passcode' })).toEqual({
      id: 'recover-method',
      event: 'foyer:wallet:recover',
      error: { type: 'error', message: 'Unable to recover wallet' },
    })
    expect(await frameRequest(page, 'foyer:wallet:create-additional', 'add-garbage', { accessToken, address: 'garbage', walletIndex: 'one' })).toEqual(
      invalid('add-garbage', 'foyer:wallet:create-additional', 'Invalid address'),
    )
    expect(await frameRequest(page, 'foyer:solana-wallet:rpc', 'solana-method', { accessToken, address: 'x', request: { method: 'signAndSendTransaction' } })).toEqual(
      invalid('solana-method', 'foyer:solana-wallet:rpc', 'The embedded Solana wallet signs messages and transactions only'),
    )
    expect(await frameRequest(page, 'foyer:solana-wallet:rpc', 'solana-tx', { accessToken, address: 'x', request: { method: 'signTransaction', params: {} } })).toEqual(
      invalid('solana-tx', 'foyer:solana-wallet:rpc', 'Transaction must be a base64 string'),
    )
    expect(await frameRequest(page, 'foyer:solana-wallet:rpc', 'solana-message', { accessToken, address: 'x', request: { method: 'signMessage', params: { message: 7 } } })).toEqual(
      invalid('solana-message', 'foyer:solana-wallet:rpc', 'Message must be a string'),
    )

    // Messages without a string id or event can't be answered: they are dropped, and nothing runs.
    const before = (await frameAnswers(page)).length
    for (const message of [{ event: 'foyer:wallet:create', data: { accessToken } }, { event: 'foyer:wallet:create', id: 7, data: { accessToken } }, { id: 'no-event', data: {} }, null, 'foyer:wallet:create', 42]) {
      await postOnPort(page, message)
    }
    // A well-formed request sent after them is answered, and first: none of them got an answer.
    expect(await frameRequest(page, 'foyer:wallet:nope', 'after', {})).toEqual(invalid('after', 'foyer:wallet:nope', 'Unsupported event foyer:wallet:nope'))
    expect((await frameAnswers(page)).slice(before)).toHaveLength(1)

    // Not one custody call left the frame (checked after a reload, so a late one would have shown), and the user
    // still has no wallet.
    expect(JSON.stringify(await frameAnswers(page))).not.toMatch(KEY_MATERIAL)
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    expect(await addresses(page)).toEqual([])
    expect(calls).toEqual([])
    await context.close()
  })
})
