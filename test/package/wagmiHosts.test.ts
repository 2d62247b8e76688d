import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { getAddress, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, openEmailInput } from '../e2e/kit/browser.js'
import { enterOutboxCode } from '../e2e/kit/signIn.js'
import { jsonRpc } from '../standins/anvil.js'
import * as fixtures from './hosts/wagmi2/src/fixtures.js'
import * as fixtures3 from './hosts/wagmi3/src/fixtures.js'
import { run } from './kit/run.js'
import { serveStatic } from './kit/serveStatic.js'

// Issue 25: a wagmi 2 host (React 18) and a wagmi 3 host (React 19), installed from the packed tarball with plain
// `npm install` (globalSetup), built with esbuild and driven in Chromium against the real server and anvil: every wagmi
// hook the embedded wallet answers, with the foyer() connector and with EIP-6963 discovery only, across reloads.
// useSendCalls goes one transaction per call from a plain embedded wallet, and as one user operation (atomic) once the
// host adds smartWallets(): the suite's chain has ERC-4337, alto and a paymaster (globalSetup).

/** anvil's first dev account: unlocked, rich, funds the wallet. */

/** The suite's anvil (globalSetup's, with ERC-4337). */
const anvil = {
  get rpcUrl() {
    return inject('chainRpcUrl')
  },
  rpc: <T = unknown>(method: string, params: unknown[] = []) => jsonRpc<T>(inject('chainRpcUrl'), method, params),
  setBalance: (address: string, wei: bigint) => jsonRpc(inject('chainRpcUrl'), 'anvil_setBalance', [address, `0x${wei.toString(16)}`]),
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
  await anvil.rpc('anvil_setCode', [fixtures.STORE_ADDRESS, fixtures.STORE_RUNTIME_CODE])
})
afterAll(async () => {
  await browser?.close()
})

const balance = async (address: string) => BigInt(await anvil.rpc<string>('eth_getBalance', [address, 'latest']))
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)

/** Type-checks the host (tsc, its own install's TypeScript) and bundles it with esbuild into dist/. */
async function build(dir: string) {
  const define = [`--define:FOYER_API_URL=${JSON.stringify(inject('apiUrl'))}`, `--define:FOYER_APP_ID=${JSON.stringify(inject('appId'))}`]
  await Promise.all([
    run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], { cwd: dir }),
    run(join(dir, 'node_modules/esbuild/bin/esbuild'), ['src/main.tsx', '--bundle', '--minify', '--splitting', '--format=esm', '--outdir=dist', '--log-level=warning', ...define], { cwd: dir }),
  ])
  copyFileSync(join(dir, 'index.html'), join(dir, 'dist/index.html'))
}

/** The page's text at `testId` once it matches `expected`. */
async function waitText(page: Page, testId: string, expected: RegExp, timeout = 30_000): Promise<string> {
  const locator = page.getByTestId(testId)
  await expect.poll(async () => ((await locator.count()) ? await locator.textContent() : null), { timeout }).toMatch(expected)
  return (await locator.textContent())!
}

/** Clicks `button` and answers its result once it has one (an error fails here, with wagmi's message). */
async function act(page: Page, button: string, name: string): Promise<string> {
  await page.getByRole('button', { name: button, exact: true }).click()
  const result = await waitText(page, `result-${name}`, /./)
  expect(result).not.toMatch(/^error/)
  return result
}

/** Signs a new user up by e-mail; Foyer makes the embedded wallet on the way. Answers its address. */
async function signUp(page: Page, email: string): Promise<`0x${string}`> {
  const { dialog, input } = await openEmailInput(page)
  await input.fill(email)
  await input.press('Enter')
  await enterOutboxCode(page, inject('apiUrl'), email, { timeoutMs: 60_000 })
  await dialog.getByText('All set!').waitFor({ timeout: 60_000 })
  await dialog.waitFor({ state: 'detached', timeout: 20_000 })
  return getAddress(await waitText(page, 'foyer-wallet', /^0x[0-9a-fA-F]{40}$/))
}

describe.each([
  { host: 'wagmi2', wagmi: 'wagmi 2 + React 18', f: fixtures, major: 2n },
  { host: 'wagmi3', wagmi: 'wagmi 3 + React 19', f: fixtures3, major: 3n },
] as const)('$wagmi host from the packed tarball, in Chromium against anvil', ({ host, f, major }) => {
  it('type-checks and builds; signs up and the login connects wagmi; it signs (verified), switches chain, sends, writes, sends calls (one transaction each, then atomic through the smart wallet); reconnects after reloads with and without the foyer() connector', async () => {
    const started = Date.now()
    const dir = inject('hosts')[host]
    await build(dir)
    const built = Date.now()
    const server = await serveStatic(join(dir, 'dist'), inject('appPort'))
    const context = await browser.newContext()
    context.setDefaultTimeout(60_000)
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(String(e)))
    const withConnector = `${server.url}/?rpc=${encodeURIComponent(anvil.rpcUrl)}`
    const discovery = `${withConnector}&mode=discovery`
    try {
      await page.goto(withConnector)
      const address = await signUp(page, `${host}.host@example.com`)
      const signedUp = Date.now()

      // The foyer() connector, listed once (discovery skips the announcement of the same rdns).
      expect(await page.getByTestId('connectors').textContent()).toBe('foyer:Foyer Wallet')
      // The login connected wagmi through the connector (the provider's 'connect'), without a click.
      await waitText(page, 'wagmi-status', /^connected$/)
      expect(await page.getByTestId('wagmi-connector').textContent()).toBe('foyer')
      expect(await page.getByTestId('wagmi-address').textContent()).toBe(address)
      expect(await page.getByTestId('wagmi-chain').textContent()).toBe(String(f.ANVIL_CHAIN_ID))

      const messageSignature = (await act(page, 'Sign message', 'sign-message')) as `0x${string}`
      expect(await verifyMessage({ address, message: f.MESSAGE, signature: messageSignature })).toBe(true)
      const typedSignature = (await act(page, 'Sign typed data', 'sign-typed-data')) as `0x${string}`
      expect(await verifyTypedData({ address, ...f.TYPED_DATA, signature: typedSignature })).toBe(true)

      expect(await act(page, 'Switch chain', 'switch-chain')).toBe(String(f.SECOND_CHAIN_ID))
      await waitText(page, 'wagmi-chain', new RegExp(`^${f.SECOND_CHAIN_ID}$`))
      await page.getByRole('button', { name: 'Switch chain' }).click()
      await waitText(page, 'wagmi-chain', new RegExp(`^${f.ANVIL_CHAIN_ID}$`))
      await waitText(page, 'result-switch-chain', new RegExp(`^${f.ANVIL_CHAIN_ID}$`))

      // Funded (anvil_setBalance: anvil mines a sent transfer a moment after answering it), then wagmi's
      // useSendTransaction + useWaitForTransactionReceipt.
      await anvil.setBalance(address, 10n ** 18n)
      const recipientBefore = await balance(f.RECIPIENT)
      const hash = await act(page, 'Send transaction', 'send-transaction')
      expect(await waitText(page, 'tx-receipt', /^(success|reverted) /)).toMatch(/^success \d+$/)
      expect(await anvil.rpc('eth_getTransactionByHash', [hash])).toMatchObject({ from: address.toLowerCase(), to: f.RECIPIENT })
      expect((await balance(f.RECIPIENT)) - recipientBefore).toBe(f.TRANSFER_WEI)

      // useWriteContract: set(major) on the store contract, read back from its slot 0.
      await act(page, 'Write contract', 'write-contract')
      expect(await waitText(page, 'write-receipt', /^(success|reverted) /)).toMatch(/^success \d+$/)
      expect(BigInt(await anvil.rpc<string>('eth_getStorageAt', [f.STORE_ADDRESS, '0x0', 'latest']))).toBe(major)

      // useSendCalls on a plain embedded wallet: not atomic (useCapabilities says so), one transaction per call.
      expect(await waitText(page, 'capabilities-atomic', /./)).toBe('unsupported')
      const targetsBefore = await Promise.all(f.CALL_TARGETS.map(balance))
      await act(page, 'Send calls', 'send-calls')
      expect(await waitText(page, 'calls-status', /^(success|failure)/, 60_000)).toBe('success receipts=2 atomic=false')
      const receipts = (await page.getByTestId('calls-receipts').textContent())!.split(',')
      expect(receipts.map((r) => r.split(':')[0])).toEqual(['success', 'success'])
      expect(new Set(receipts.map((r) => r.split(':')[1])).size).toBe(2)
      const targetsAfter = await Promise.all(f.CALL_TARGETS.map(balance))
      expect(targetsAfter.map((after, i) => after - targetsBefore[i]!)).toEqual([1n, 2n])

      // With smartWallets() (?smart=1): the smart wallet the embedded wallet owns is built and linked at this load;
      // useCapabilities turns atomic, and useSendCalls' calls go as one user operation (gas sponsored, values its own).
      await page.goto(`${withConnector}&smart=1`)
      await waitText(page, 'wagmi-status', /^connected$/)
      const smartAccount = getAddress(await waitText(page, 'smart-address', /^0x[0-9a-fA-F]{40}$/, 60_000))
      expect(await waitText(page, 'capabilities-atomic', /^supported$/)).toBe('supported')
      await anvil.setBalance(smartAccount, 1_000n)
      await act(page, 'Send calls', 'send-calls')
      expect(await waitText(page, 'calls-status', /^(success|failure)/, 60_000)).toBe('success receipts=1 atomic=true')
      const [atomicReceipt] = (await page.getByTestId('calls-receipts').textContent())!.split(',')
      expect(atomicReceipt!.split(':')[0]).toBe('success')
      const targetsAtomic = await Promise.all(f.CALL_TARGETS.map(balance))
      expect(targetsAtomic.map((after, i) => after - targetsAfter[i]!)).toEqual([1n, 2n])
      expect(await balance(smartAccount)).toBe(1_000n - 3n)
      const used = Date.now()

      // A reload: wagmi's reconnect on mount finds the wallet through the connector, without a click.
      await page.reload()
      await waitText(page, 'wagmi-status', /^connected$/)
      expect(await page.getByTestId('wagmi-address').textContent()).toBe(address)
      expect(await page.getByTestId('wagmi-connector').textContent()).toBe('foyer')
      // wagmi's disconnect is remembered across a reload.
      await act(page, 'Disconnect', 'disconnect')
      await waitText(page, 'wagmi-status', /^disconnected$/)
      await page.reload()
      await page.getByTestId('signed-in').waitFor()
      await waitText(page, 'wagmi-status', /^disconnected$/)
      // wagmi's connect (useConnect) connects it again.
      expect(await act(page, 'Connect Foyer Wallet', 'connect')).toBe(address)
      await waitText(page, 'wagmi-status', /^connected$/)

      // Without the connector: wagmi finds the wallet by EIP-6963 alone. Foyer announced it as the page loaded (the
      // session marker), so the reconnect on mount connects it; it signs, and a reload reconnects it again.
      await page.goto(discovery)
      expect(await waitText(page, 'wagmi-status', /^connected$/)).toBe('connected')
      expect(await page.getByTestId('wagmi-connector').textContent()).toBe('dev.foyer.wallet')
      expect(await page.getByTestId('connectors').textContent()).toBe('dev.foyer.wallet:Foyer Wallet')
      expect(await page.getByTestId('wagmi-address').textContent()).toBe(address)
      const discoveredSignature = (await act(page, 'Sign message', 'sign-message')) as `0x${string}`
      expect(await verifyMessage({ address, message: f.MESSAGE, signature: discoveredSignature })).toBe(true)
      await page.reload()
      await waitText(page, 'wagmi-status', /^connected$/)
      expect(await page.getByTestId('wagmi-address').textContent()).toBe(address)
      expect(pageErrors).toEqual([])
      console.log(
        `[package] ${host}: tsc + esbuild ${((built - started) / 1000).toFixed(1)} s, sign-up ${((signedUp - built) / 1000).toFixed(1)} s, wagmi hooks ${((used - signedUp) / 1000).toFixed(1)} s, reloads ${seconds(used)} s; whole ${seconds(started)} s`,
      )
    } finally {
      await context.close()
      await server.close()
    }
  })
})
