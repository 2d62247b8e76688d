import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { BATCH_DEMO_RECIPIENTS, BATCH_DEMO_VALUE } from '../../examples/react-app/src/SendBatchDemo.js'
import { startAnvil, type Anvil } from '../standins/anvil.js'
import { deployAccountAbstraction, smartWalletsSection, startAlto, startPaymasterStandin, type AccountAbstractionContracts, type Alto, type PaymasterStandin } from '../standins/accountAbstraction.js'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'

// EIP-5792 in Chromium: the showcase's 'Send a batch' (viem's sendCalls + waitForCallsStatus over the embedded wallet's
// provider). One stack for both cases: the app's smart wallets are configured on chain 31337 (anvil with EntryPoint v0.7,
// alto, the paymaster stand-in), and a second anvil (31338) has none — a user whose page is on 31338 has no smart wallet.

const POLICY = 'sp_batch_policy'
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Chains {
  aa: Anvil
  plain: Anvil
  contracts: AccountAbstractionContracts
  alto: Alto
  paymaster: PaymasterStandin
}

const chains = useStandin<Chains>(
  async () => {
    const [aa, plain] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
    const contracts = await deployAccountAbstraction(aa.rpcUrl)
    const [alto, paymaster] = await Promise.all([startAlto(aa.rpcUrl), startPaymasterStandin(aa.rpcUrl, { paymaster: contracts.verifyingPaymaster, policies: [POLICY] })])
    return { aa, plain, contracts, alto, paymaster }
  },
  async ({ aa, plain, alto, paymaster }) => {
    await paymaster.close()
    await alto.stop()
    await Promise.all([aa.stop(), plain.stop()])
  },
)

const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    'smart-wallets': smartWalletsSection({ ...chains(), rpcUrl: chains().aa.rpcUrl }, POLICY),
  }),
}))

const reader = (node: Anvil) => createPublicClient({ transport: http(node.rpcUrl) })
const balances = (node: Anvil) => Promise.all(BATCH_DEMO_RECIPIENTS.map((address) => reader(node).getBalance({ address })))

/** Signs a new user up by e-mail with the page on `node`'s chain (fees in ETH); answers the embedded wallet's address. */
async function signUp(page: Page, email: string, node: Anvil): Promise<Hex> {
  await page.goto(`${e2e.stack.appUrl}/?price_display=native&chains=${encodeURIComponent(`${node.chainId}:${node.rpcUrl}`)}`)
  await requestEmailCode(page, email)
  await enterOutboxCode(page, e2e.stack.apiUrl, email)
  const dialog = page.getByRole('dialog')
  await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('embedded-provider').waitFor({ timeout: 20_000 })
  return (await page.getByTestId('provider-wallet').textContent()) as Hex
}

/** Clicks 'Send a batch'; answers the dialog once its one confirmation lists the calls with their total. */
async function startBatch(page: Page) {
  await page.getByTestId('embedded-provider').getByRole('button', { name: 'Send a batch' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 20_000 })
  await dialog.getByTestId('foyer-tx-total').waitFor({ timeout: 20_000 })
  return dialog
}

/** The rows of the confirmation's list of calls. */
const callRows = (dialog: ReturnType<Page['getByRole']>) => dialog.getByRole('list', { name: 'Calls' }).getByRole('listitem').allTextContents()
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** axe's serious and critical findings in the dialog. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const result = await (window as any).axe.run('[role="dialog"]')
    return result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.help}`)
  })
}

/** On a failure, what the page showed. */
async function explain<T>(page: Page, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const dialog = page.getByRole('dialog')
    const shown = (await dialog.count()) ? await dialog.innerText().catch(() => '?') : '(no dialog)'
    const result = page.getByTestId('provider-batch-result')
    const line = (await result.count()) ? await result.innerText() : '(no result)'
    throw Object.assign(error as Error, { message: `${(error as Error).message}\ndialog: ${shown}\nresult: ${line}\nalto:\n${chains().alto.output().slice(-2000)}` })
  }
}

describe('wallet_sendCalls from the embedded wallet in Chromium (viem sendCalls, one confirmation)', () => {
  it('without a smart wallet: one screen lists both calls, one Approve sends two transactions in order, status 200 with 2 receipts (atomic false); a closed confirmation is 4001 and sends nothing', async () => {
    const { plain } = chains()
    const { context, page } = await e2e.newPage()
    try {
      await explain(page, async () => {
        const wallet = await signUp(page, 'batch.plain@example.com', plain)
        // The app's smart wallets have no network on this chain: this user has none.
        expect(await page.getByTestId('smart-wallet-error').textContent({ timeout: 30_000 })).toBe('Smart wallets are not configured for this network')
        await plain.setBalance(wallet, 10n ** 18n)
        const before = await balances(plain)

        const dialog = await startBatch(page)
        expect(await callRows(dialog)).toEqual(BATCH_DEMO_RECIPIENTS.map((to) => `${short(to)}0.0001 ETH`))
        expect(await dialog.getByTestId('foyer-tx-total').textContent()).toMatch(/^Total0\.0002\d* ETH$/)
        expect(await axeViolations(page)).toEqual([])
        await dialog.getByRole('button', { name: 'Approve' }).click()
        await dialog.getByText('Transaction complete!').waitFor({ timeout: 60_000 })
        expect(await dialog.getByTestId('foyer-calls-hash').count()).toBe(2)
        await dialog.getByRole('button', { name: 'All Done' }).click()

        const result = page.getByTestId('provider-batch-result')
        await result.waitFor({ timeout: 30_000 })
        expect(await result.getByTestId('provider-batch-status').textContent()).toBe('200')
        expect(await result.getByTestId('provider-batch-atomic').textContent()).toBe('false')
        const hashes = (await result.getByTestId('provider-batch-hash').allTextContents()) as Hex[]
        expect(hashes).toHaveLength(2)
        const receipts = await Promise.all(hashes.map((hash) => reader(plain).getTransactionReceipt({ hash })))
        expect(receipts.map((r) => [r.status, r.from.toLowerCase(), r.to?.toLowerCase()])).toEqual(BATCH_DEMO_RECIPIENTS.map((to) => ['success', wallet.toLowerCase(), to.toLowerCase()]))
        expect(await balances(plain)).toEqual(before.map((b) => b + BATCH_DEMO_VALUE))

        // Closed with Escape at the confirmation: 4001, and nothing leaves the wallet.
        const nonce = await reader(plain).getTransactionCount({ address: wallet })
        const again = await startBatch(page)
        await page.keyboard.press('Escape')
        await again.waitFor({ state: 'detached', timeout: 10_000 })
        await expect.poll(async () => ((await page.getByTestId('provider-batch-error').count()) ? await page.getByTestId('provider-batch-error').textContent() : null), { timeout: 10_000 }).toMatch(/^4001 /)
        expect(await reader(plain).getTransactionCount({ address: wallet })).toBe(nonce)
        expect(await balances(plain)).toEqual(before.map((b) => b + BATCH_DEMO_VALUE))
      })
    } finally {
      await context.close()
    }
  })

  it('with the smart wallet: the same batch goes as one sponsored user operation — one transaction hash, both balances moved, atomic true', async () => {
    const { aa } = chains()
    const { context, page } = await e2e.newPage()
    try {
      await explain(page, async () => {
        await signUp(page, 'batch.smart@example.com', aa)
        const shown = page.getByTestId('smart-wallet-address')
        await shown.waitFor({ timeout: 30_000 })
        const smart = (await shown.textContent()) as Hex
        // The values come from the smart account; the gas from the paymaster.
        await aa.setBalance(smart, 2n * BATCH_DEMO_VALUE)
        const before = await balances(aa)

        const dialog = await startBatch(page)
        expect(await dialog.getByText(`From your smart wallet ${short(smart)}`).count()).toBe(1)
        expect(await callRows(dialog)).toEqual(BATCH_DEMO_RECIPIENTS.map((to) => `${short(to)}0.0001 ETH`))
        expect(await dialog.getByTestId('foyer-tx-fee').textContent()).toBe('Estimated feeSponsored')
        expect(await dialog.getByTestId('foyer-tx-total').textContent()).toBe('Total0.0002 ETH')
        await dialog.getByRole('button', { name: 'Approve' }).click()
        await dialog.getByText('Transaction complete!').waitFor({ timeout: 90_000 })
        await dialog.getByRole('button', { name: 'All Done' }).click()

        const result = page.getByTestId('provider-batch-result')
        await result.waitFor({ timeout: 30_000 })
        expect(await result.getByTestId('provider-batch-status').textContent()).toBe('200')
        expect(await result.getByTestId('provider-batch-atomic').textContent()).toBe('true')
        const hashes = (await result.getByTestId('provider-batch-hash').allTextContents()) as Hex[]
        expect(hashes).toHaveLength(1)
        expect((await reader(aa).getTransactionReceipt({ hash: hashes[0]! })).status).toBe('success')
        expect(await balances(aa)).toEqual(before.map((b) => b + BATCH_DEMO_VALUE))
        expect(await reader(aa).getBalance({ address: smart })).toBe(0n)
      })
    } finally {
      await context.close()
    }
  })
})
