import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:http'
import { dirname, extname, join, normalize } from 'node:path'
import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { startAccountAbstractionChain } from '../standins/accountAbstraction.js'
import { freePort } from './kit/freePort.js'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'

// Issue 25: a real third-party dapp — MetaMask's own E2E test dapp (@metamask/test-dapp, as published on npm) —
// drives its own buttons through the Foyer provider it discovers by EIP-6963. The dapp's page is served on the
// example app's origin with the showcase mounted under it (the host that signs the user in and announces 'Foyer
// Wallet'); nothing of the dapp is changed but that one added mount point.
const DAPP_DIR = join(dirname(createRequire(import.meta.url).resolve('@metamask/test-dapp/package.json')), 'dist')
/** The chain the dapp's 'Add Localhost 8546' button adds: chain id 0x53a at http://127.0.0.1:8546 (routed to an anvil of ours). */
const ADDED_CHAIN_RPC = 'http://127.0.0.1:8546'

const POLICY = 'sp_test_dapp'
/** The dapp's wallet_sendCalls (its DEFAULT_CALLS): 1 gwei and 0.5 gwei to these two addresses. */
const DAPP_CALLS = [
  { to: '0x0c54FcCd2e384b4BB6f2E405Bf5Cbc15a017AaFb', value: 1_000_000_000n },
  { to: '0xbc2114a988e9CEf5bA63548D432024f34B487048', value: 500_000_000n },
] as const

// The user's chain (31337) has ERC-4337 (EntryPoint, factory, paymaster, alto): the user gets a smart wallet there, so
// the dapp's atomic batch goes as one user operation; the chain it adds (0x53a) has none.
const aa = useStandin(() => startAccountAbstractionChain(POLICY), (chain) => chain.stop())
const anvil = () => aa().anvil
const added = useStandin(() => startAnvil({ chainId: 0x53a }), (node) => node.stop())
const dapp = useStandin(() => serveDapp(), (served) => served.close())
// The dapp's origin is one more the dev app allows (FOYER_DEV_ORIGINS), as a host adds its own.
const e2e = useStack(() => ({
  FOYER_DEV_ORIGINS: dapp().url,
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    'smart-wallets': aa().section(),
  }),
}))

const contentTypes: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.html': 'text/html; charset=utf-8' }

/**
 * The dapp on an origin of its own (a real loopback server, as a dapp's host is): its published files, its index.html
 * with the showcase's root element and tags added, and the showcase's /assets/ passed through from the stack's app.
 */
async function serveDapp(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort()
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path.startsWith('/assets/')) {
      const upstream = await fetch(`${e2e.stack.appUrl}${path}`)
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' }).end(Buffer.from(await upstream.arrayBuffer()))
      return
    }
    const file = normalize(join(DAPP_DIR, path === '/' ? 'index.html' : path))
    const body = file.startsWith(DAPP_DIR) ? await readFile(file).catch(() => null) : null
    if (!body) return void res.writeHead(404).end()
    if (!file.endsWith('index.html')) return void res.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' }).end(body)
    const showcase = await (await fetch(e2e.stack.appUrl)).text()
    const tags = [...showcase.matchAll(/<script type="module"[^>]*><\/script>|<link rel="(?:stylesheet|modulepreload)"[^>]*>/g)].map((m) => m[0]).join('\n')
    res.writeHead(200, { 'content-type': contentTypes['.html']! }).end(body.toString('utf8').replace('</head>', `${tags}\n</head>`).replace('<body>', '<body>\n<div id="root"></div>'))
  })
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve))
  return { url: `http://localhost:${port}`, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) }
}

/** The dapp's fonts and CDN styles are refused (no internet here); its 'Localhost 8546' goes to our second anvil. */
async function routeOutside(page: Page) {
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort())
  await page.route(`${ADDED_CHAIN_RPC}/**`, async (route) => route.fulfill({ response: await route.fetch({ url: added().rpcUrl }) }))
}

/** Clicks the dapp's button `id`, approves Foyer's screen titled `title` with `button` (then `then`), and waits for it to close. */
async function approve(page: Page, id: string, title: string, button: string, then?: string) {
  await page.locator(`#${id}`).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: title }).waitFor({ timeout: 20_000 })
  await dialog.getByRole('button', { name: button }).click()
  if (then) await dialog.getByRole('button', { name: then }).click({ timeout: 20_000 })
  await dialog.waitFor({ state: 'detached', timeout: 20_000 })
}

const text = (page: Page, id: string) => page.locator(`#${id}`).textContent()
const lower = async (page: Page, id: string) => (await text(page, id))?.toLowerCase()

describe("MetaMask's test dapp (@metamask/test-dapp) drives the Foyer provider through its own buttons, in Chromium", () => {
  let page: Page
  let address: `0x${string}`

  it("lists 'Foyer Wallet' (EIP-6963), connects, and personal_sign verifies in the dapp and with viem", async () => {
    ;({ page } = await e2e.newPage())
    await routeOutside(page)
    // ?is_metamask=true: the showcase opts into `embeddedWallet({ ethereum: { isMetaMask: true } })`, for the dapp turns
    // its wallet features on only for a provider that says isMetaMask (with an honest false its buttons stay disabled).
    await page.goto(`${dapp().url}/?is_metamask=true&chains=${encodeURIComponent(`31337:${anvil().rpcUrl}`)}`)
    await requestEmailCode(page, 'dapp.user@example.com')
    await enterOutboxCode(page, e2e.stack.apiUrl, 'dapp.user@example.com')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    address = (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as `0x${string}`
    await anvil().setBalance(address, 10n ** 19n)

    await page.getByRole('button', { name: 'Use Foyer Wallet' }).click({ timeout: 20_000 })
    expect(await text(page, 'activeProviderName')).toBe('Foyer Wallet')
    // The embedded wallet is the signed-in user's own: eth_accounts answers it at once, so the dapp shows it connected
    // without a connect request (its 'Connect' button disabled, 'Connected').
    expect(await text(page, 'connectButton')).toContain('Connected')
    await expect.poll(async () => (await text(page, 'accounts'))?.toLowerCase(), { timeout: 20_000 }).toBe(address.toLowerCase())
    expect(await text(page, 'chainId')).toBe('0x7a69')

    await approve(page, 'personalSign', 'Sign message', 'Sign and continue')
    const signature = (await text(page, 'personalSignResult')) as `0x${string}`
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    // The dapp's message: 'Example `personal_sign` message' (hex-encoded by the dapp).
    expect(await verifyMessage({ address, message: 'Example `personal_sign` message', signature })).toBe(true)
    await page.locator('#personalSignVerify').click()
    await expect.poll(() => lower(page, 'personalSignVerifySigUtilResult')).toBe(address.toLowerCase())
    // …and through the provider's personal_ecRecover.
    await expect.poll(() => lower(page, 'personalSignVerifyECRecoverResult')).toBe(address.toLowerCase())
  })

  it('signs typed data v1, v3 and v4: the dapp recovers the wallet from each', async () => {
    for (const [button, verify, result] of [
      ['signTypedData', 'signTypedDataVerify', 'signTypedDataVerifyResult'],
      ['signTypedDataV3', 'signTypedDataV3Verify', 'signTypedDataV3VerifyResult'],
      ['signTypedDataV4', 'signTypedDataV4Verify', 'signTypedDataV4VerifyResult'],
    ] as const) {
      await approve(page, button, 'Sign typed data', 'Sign and continue')
      await page.locator(`#${verify}`).click()
      await expect.poll(() => lower(page, result), { timeout: 10_000, message: button }).toBe(address.toLowerCase())
    }
  })

  it('sends a legacy and an EIP-1559 transaction through the confirmation screen (mined on anvil)', async () => {
    const nonce = async () => Number(await anvil().rpc<string>('eth_getTransactionCount', [address, 'latest']))
    const before = await nonce()
    await approve(page, 'sendButton', 'Confirm transaction', 'Approve', 'All Done')
    await expect.poll(nonce, { timeout: 20_000 }).toBe(before + 1)
    await approve(page, 'sendEIP1559Button', 'Confirm transaction', 'Approve', 'All Done')
    await expect.poll(nonce, { timeout: 20_000 }).toBe(before + 2)
    const latest = await anvil().rpc<{ transactions: { type: string; from: string }[] }>('eth_getBlockByNumber', ['latest', true])
    expect(latest.transactions[0]).toMatchObject({ type: '0x2', from: address.toLowerCase() })
  })

  it("creates the dapp's token (a contract deployment) and watches it (EIP-747): the wallet lists it with its balance", async () => {
    await approve(page, 'createToken', 'Confirm transaction', 'Approve', 'All Done')
    await expect.poll(() => text(page, 'erc20TokenAddresses'), { timeout: 20_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await approve(page, 'watchAssets', 'Add suggested token', 'Add token')
    const watched = page.getByTestId('watched-token')
    await expect.poll(() => watched.first().getByTestId('watched-token-symbol').textContent(), { timeout: 20_000 }).toBe('TST')
    await expect.poll(() => watched.first().getByTestId('watched-token-balance').textContent(), { timeout: 20_000 }).toMatch(/^\d/)
  })

  it("adds its 'Localhost 8546' network (EIP-3085) on the approval screen, which switches to it; the dapp follows", async () => {
    await approve(page, 'addEthereumChain', 'Add network', 'Approve')
    await expect.poll(() => text(page, 'chainId'), { timeout: 10_000 }).toBe('0x53a')
    // Its switch button to the same chain is answered at once (no screen).
    await page.locator('#switchEthereumChain').click()
    await expect.poll(() => text(page, 'chainId')).toBe('0x53a')
  })

  it('EIP-5792 on the added chain (no smart wallet there): the capabilities say no atomic batches, and the atomic-only wallet_sendCalls is refused with 5760', async () => {
    await page.locator('#eip5792GetCapabilitiesButton').click()
    await expect.poll(() => text(page, 'eip5792GetCapabilitiesResult'), { timeout: 10_000 }).toMatch(/^\{/)
    const capabilities = JSON.parse((await text(page, 'eip5792GetCapabilitiesResult'))!) as Record<string, { atomic: { status: string } }>
    // The user's smart wallet is on 31337 only.
    expect(capabilities['0x7a69']).toEqual({ atomic: { status: 'supported' } })
    expect(capabilities['0x53a']?.atomic.status ?? 'unsupported').toBe('unsupported')
    await page.locator('#eip5792SendCallsButton').click()
    await expect.poll(() => text(page, 'eip5792SendCallsError'), { timeout: 10_000 }).toBe('Error: The wallet cannot send these calls atomically on this chain.')
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it("EIP-5792 on the user's chain: the dapp's atomic wallet_sendCalls goes as one user operation of the smart wallet (one confirmation, gas sponsored), and wallet_getCallsStatus reports it", async () => {
    // Back to 31337 through the provider the dapp uses; the dapp follows its chainChanged.
    await page.evaluate(async () => {
      const found: Array<{ info: { rdns: string }; provider: { request(a: { method: string; params?: unknown }): Promise<unknown> } }> = []
      const take = (e: Event) => found.push((e as CustomEvent).detail)
      window.addEventListener('eip6963:announceProvider', take)
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      window.removeEventListener('eip6963:announceProvider', take)
      await found.find((d) => d.info.rdns === 'dev.foyer.wallet')!.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    })
    await expect.poll(() => text(page, 'chainId'), { timeout: 10_000 }).toBe('0x7a69')
    // The calls' values come from the smart account (the paymaster pays the gas).
    const smartAccount = (await page.getByTestId('smart-wallet-address').textContent({ timeout: 30_000 })) as `0x${string}`
    await anvil().setBalance(smartAccount, 10n ** 16n)
    const before = await Promise.all(DAPP_CALLS.map((c) => anvil().rpc<string>('eth_getBalance', [c.to, 'latest']).then(BigInt)))

    await page.locator('#eip5792SendCallsButton').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 20_000 })
    expect(await dialog.getByRole('list', { name: 'Calls' }).getByRole('listitem').count()).toBe(2)
    expect(await dialog.getByTestId('foyer-tx-fee').textContent({ timeout: 30_000 })).toContain('Sponsored')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByText('Transaction complete!').waitFor({ timeout: 60_000 })
    await dialog.getByRole('button', { name: 'All Done' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
    expect(await page.locator('#eip5792RequestIdInput').inputValue()).toMatch(/./)

    await page.locator('#eip5792GetCallsStatusButton').click()
    await expect.poll(() => text(page, 'eip5792GetCallsStatusResult'), { timeout: 20_000 }).toMatch(/"status": 200/)
    const status = JSON.parse((await text(page, 'eip5792GetCallsStatusResult'))!) as { status: number; atomic: boolean; chainId: string; receipts: { transactionHash: string; status: string }[] }
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts[0]!.status).toBe('0x1')
    const after = await Promise.all(DAPP_CALLS.map((c) => anvil().rpc<string>('eth_getBalance', [c.to, 'latest']).then(BigInt)))
    expect(after.map((b, i) => b - before[i]!)).toEqual(DAPP_CALLS.map((c) => c.value))
  })
})
