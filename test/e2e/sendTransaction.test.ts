import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, erc721Abi, http, maxUint256, parseTransaction, recoverTransactionAddress, type Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { startPriceStandin } from '../standins/priceStandin.js'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const anvil = useStandin(() => startAnvil({ chainId: 31337 }), (node) => node.stop())
const prices = useStandin(() => startPriceStandin({ ETH: 3000 }), (standin) => standin.close())
const e2e = useStack(() => ({ FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets' }, funding: { methods: ['manual'], default_recommended_amount: '0.01', default_recommended_currency: { chain: 'eip155:1' } } }), FOYER_PRICE_API_URL: prices().url }))

// OpenZeppelin 4.9's build artifacts: a fixed-supply ERC-20 minted to anvil's first (unlocked) account.
const artifact = (name: string) => createRequire(import.meta.url)(`@openzeppelin/contracts/build/contracts/${name}.json`) as { abi: Abi; bytecode: `0x${string}` }
const erc20Artifact = artifact('ERC20PresetFixedSupply')
// …and an ERC-721 whose minter is anvil's first account (token ids from 0).
const erc721Artifact = artifact('ERC721PresetMinterPauserAutoId')
/** The OP-stack GasPriceOracle predeploy, and a stand-in whose every call (getL1Fee) answers 0.001 ETH. */
const GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F'
const L1_FEE_STUB = `0x7f${(10n ** 15n).toString(16).padStart(64, '0')}60005260206000f3`
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const THIRD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const

const chainOf = () => ({ id: 31337, name: 'Local 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil().rpcUrl] } } })
const reader = () => createPublicClient({ chain: chainOf(), transport: http(anvil().rpcUrl) })

const deployer = () => createWalletClient({ chain: chainOf(), account: DEPLOYER, transport: http(anvil().rpcUrl) })

/** Deploys an OpenZeppelin artifact from anvil's first account; answers its address. */
async function deploy(art: { abi: Abi; bytecode: `0x${string}` }, args: unknown[]): Promise<`0x${string}`> {
  const hash = await deployer().deployContract({ abi: art.abi, bytecode: art.bytecode, args })
  return (await reader().waitForTransactionReceipt({ hash })).contractAddress!
}

/** A transaction from anvil's first account, mined. */
async function asDeployer(address: `0x${string}`, abi: Abi, functionName: string, args: unknown[]) {
  await reader().waitForTransactionReceipt({ hash: await deployer().writeContract({ address, abi, functionName, args }) })
}

/** Signs a new user up by e-mail on the example app (fees in ETH) with anvil as its chain; answers the wallet. */
async function signUp(page: Page, email: string): Promise<`0x${string}`> {
  await page.goto(`${e2e.stack.appUrl}/?price_display=native&chains=${encodeURIComponent(`31337:${anvil().rpcUrl}`)}`)
  await requestEmailCode(page, email)
  await enterOutboxCode(page, e2e.stack.apiUrl, email)
  const dialog = page.getByRole('dialog')
  await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('send-transaction').waitFor({ timeout: 20_000 })
  return (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as `0x${string}`
}

const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v))

/** Puts `request` in the card and clicks `button`; answers the dialog (the confirmation, unless the UI is hidden). */
async function start(page: Page, request: unknown, button = 'Send transaction') {
  const card = page.getByTestId('send-transaction')
  await card.getByLabel('Transaction request').fill(json(request))
  await card.getByRole('button', { name: button }).click()
  return page.getByRole('dialog')
}

/** The card's result line once it changes from `before`. */
async function resultAfter(page: Page, before: string | null): Promise<string> {
  const line = page.getByTestId('send-transaction-result')
  await expect.poll(async () => ((await line.count()) ? await line.textContent() : null), { timeout: 30_000 }).not.toBe(before)
  return (await line.textContent())!
}
const currentResult = async (page: Page) => {
  const line = page.getByTestId('send-transaction-result')
  return (await line.count()) ? await line.textContent() : null
}

/**
 * In the page (performance.now(), no test-driver latency): from the click on 'Send transaction' to the confirmation
 * painted with its total and balance (gas estimated, balance read), and from the click on Approve to the receipt screen
 * painted. Arms observers; answers a function that reads the two figures once both happened.
 */
async function armTimings(page: Page): Promise<() => Promise<{ painted: number; receipt: number }>> {
  await page.evaluate(() => {
    const w = window as unknown as { __txTimes: Record<string, number> }
    const times: Record<string, number> = {}
    w.__txTimes = times
    const afterPaint = (key: string) => requestAnimationFrame(() => setTimeout(() => (times[key] ??= performance.now()), 0))
    const onClick = (event: MouseEvent) => {
      const label = (event.target as HTMLElement | null)?.closest('button')?.textContent
      if (label === 'Send transaction') times.click ??= performance.now()
      if (label === 'Approve') times.approve ??= performance.now()
    }
    document.addEventListener('click', onClick, true)
    const observer = new MutationObserver(() => {
      if (times.click !== undefined && !times.paintedSeen && document.querySelector('[data-testid="foyer-tx-total"]') && document.querySelector('[data-testid="foyer-tx-balance"]')) {
        times.paintedSeen = 1
        afterPaint('painted')
      }
      if (times.approve !== undefined && !times.receiptSeen && document.querySelector('[data-testid="foyer-tx-receipt"]')) {
        times.receiptSeen = 1
        afterPaint('receipt')
        observer.disconnect()
        document.removeEventListener('click', onClick, true)
      }
    })
    observer.observe(document.body, { subtree: true, childList: true })
  })
  return async () => {
    const handle = await page.waitForFunction(() => {
      const t = (window as unknown as { __txTimes: Record<string, number> }).__txTimes
      return t.painted !== undefined && t.receipt !== undefined ? { painted: t.painted - t.click!, receipt: t.receipt - t.approve! } : null
    })
    return (await handle.jsonValue()) as { painted: number; receipt: number }
  }
}

/** One plain send, timed in the page (the benchmark's sample). */
async function timedSend(page: Page): Promise<{ painted: number; receipt: number }> {
  const read = await armTimings(page)
  const dialog = await start(page, { to: THIRD, value: 1n })
  await prepared(dialog)
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await dialog.getByRole('button', { name: 'All Done' }).click()
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  return read()
}

/** Waits until the confirmation has prepared (gas, balance). */
async function prepared(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByTestId('foyer-tx-total').waitFor({ timeout: 20_000 })
}

describe('sending transactions from the embedded wallet in Chromium (real server, wallet frame, anvil)', () => {
  it('confirms, sends, shows the receipt (its fields answered); the provider path (All set, native fees); decodes ERC-20 approve (Maximum) and transfer, NFT transfer and approve; steps; reverts; low funds; hidden UI; sign only; 4001; USD; OP L1 fee', async () => {
    const { context, page } = await e2e.newPage()
    try {
      await scenario(page)
    } catch (error) {
      // What the modal showed when a step failed.
      const dialog = page.getByRole('dialog')
      console.log('[sendTransaction e2e] dialog at failure:', (await dialog.count()) ? await dialog.textContent() : '(none)')
      throw error
    } finally {
      await context.close()
    }
  })
})

async function scenario(page: Page) {
  {
    const token = await deploy(erc20Artifact, ['Test Token', 'TST', 10n ** 24n, DEPLOYER])
    const nft = await deploy(erc721Artifact, ['Test NFT', 'TNFT', 'https://nft.example/'])
    const address = await signUp(page, 'send.tx@example.com')
    await anvil().setBalance(address, 10n ** 18n)
    await asDeployer(token, erc20Artifact.abi, 'transfer', [address, 1000n])
    await asDeployer(nft, erc721Artifact.abi, 'mint', [address])
    await asDeployer(nft, erc721Artifact.abi, 'mint', [address])
    const client = reader()
    // The page's token_price requests: priceDisplay 'native' (this page) never asks; dollars (the default) do.
    const priceRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/token_price')) priceRequests.push(request.url())
    })

    // A plain ETH send: Total, To, Network, Estimated fee, the balance; Approve → 'Transaction complete!' → All Done.
    let before = await currentResult(page)
    const timings = await armTimings(page)
    let dialog = await start(page, { to: OTHER, value: 10n ** 16n })
    await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 20_000 })
    await prepared(dialog)
    expect(await dialog.getByTestId('foyer-tx-network').textContent()).toContain('Local 31337')
    expect(await dialog.getByTestId('foyer-tx-to').textContent()).toContain('0x7099')
    expect(await dialog.getByTestId('foyer-tx-total').textContent()).toMatch(/0\.01\d* ETH/)
    expect(await dialog.getByTestId('foyer-tx-fee').textContent()).toMatch(/ETH/)
    await docsShot(dialog, 'wallet-transactions-confirm')
    expect(await dialog.getByTestId('foyer-tx-balance').textContent()).toContain('1 ETH')
    const otherBefore = await client.getBalance({ address: OTHER })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByRole('heading', { name: 'Transaction complete!' }).waitFor({ timeout: 20_000 })
    const first = await timings()
    expect(await dialog.textContent()).toContain('Your transaction is on chain.')
    await dialog.getByRole('button', { name: 'All Done' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    const hash = (await resultAfter(page, before)).replace('Sent: ', '') as `0x${string}`
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    expect((await client.getBalance({ address: OTHER })) - otherBefore).toBe(10n ** 16n)
    // The receipt sendTransaction answered (the example card shows it as JSON).
    const mined = await client.getTransactionReceipt({ hash })
    const answered = JSON.parse((await page.getByTestId('send-transaction-receipt').textContent())!) as Record<string, unknown>
    expect(answered).toMatchObject({ transactionHash: hash, status: 'success', logs: [], blockNumber: String(mined.blockNumber), gasUsed: '21000', effectiveGasPrice: String(mined.effectiveGasPrice), cumulativeGasUsed: String(mined.cumulativeGasUsed) })
    expect([String(answered.from).toLowerCase(), String(answered.to).toLowerCase()]).toEqual([address.toLowerCase(), OTHER.toLowerCase()])
    console.log(`[sendTransaction e2e] click → confirmation painted ${first.painted.toFixed(1)} ms; Approve → receipt ${first.receipt.toFixed(1)} ms`)

    // `npm run bench` asks for more samples of the plain send (FOYER_TX_BENCH=n) and reads the line printed here.
    const samples = Number(process.env.FOYER_TX_BENCH ?? 0)
    if (samples > 0) {
      const figures = { painted: [] as number[], receipt: [] as number[] }
      for (let i = 0; i < samples; i++) {
        const t = await timedSend(page)
        figures.painted.push(t.painted)
        figures.receipt.push(t.receipt)
      }
      console.log(`FOYER_TX_BENCH ${JSON.stringify(figures)}`)
    }

    // The EIP-1193 provider (useWallets()' wallet through viem's custom()): the host's priceDisplay (native: no price
    // asked, fees in ETH), and the receipt's default texts ('All set' under 'Transaction complete!').
    const providerResult = page.getByTestId('provider-result')
    await page.getByTestId('embedded-provider').getByRole('button', { name: 'Send 1000 wei to myself' }).click()
    await prepared(dialog)
    expect(await dialog.getByTestId('foyer-tx-fee').textContent()).toMatch(/^Estimated fee[\d.<]+ ETH$/)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByRole('heading', { name: 'Transaction complete!' }).waitFor({ timeout: 20_000 })
    expect(await dialog.getByText('All set', { exact: true }).count()).toBe(1)
    await dialog.getByRole('button', { name: 'All Done' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => providerResult.textContent(), { timeout: 20_000 }).toMatch(/^Transaction: 0x[0-9a-f]{64}$/)
    expect(priceRequests).toEqual([])

    // An unlimited ERC-20 approve: Details decode it ('approve', the spender, 'Maximum').
    before = await currentResult(page)
    dialog = await start(page, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, maxUint256] }) })
    await prepared(dialog)
    await dialog.getByRole('button', { name: 'Details' }).click()
    const details = await dialog.getByTestId('foyer-tx-details').textContent()
    expect(details).toContain('approve')
    expect(details).toContain('Maximum')
    expect(details).toContain(OTHER)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByRole('button', { name: 'All Done' }).click()
    await resultAfter(page, before)
    expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [address, OTHER] })).toBe(maxUint256)

    // An NFT transfer (ERC-721 safeTransferFrom): Details say NFT and the token id.
    before = await currentResult(page)
    dialog = await start(page, { to: nft, data: encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [address, OTHER, 0n] }) })
    await prepared(dialog)
    await dialog.getByRole('button', { name: 'Details' }).click()
    expect(await dialog.getByTestId('foyer-tx-details').textContent()).toMatch(/ActiontransferFunctionsafeTransferFromTokenNFT.*Token ID0/)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByRole('button', { name: 'All Done' }).click()
    await resultAfter(page, before)
    expect(await client.readContract({ address: nft, abi: erc721Abi, functionName: 'ownerOf', args: [0n] })).toBe(OTHER)

    // An ERC-721 approve (a selector ERC-20 shares): the contract answers ERC-165, so Details say NFT and a token id, not
    // an ERC-20 amount. Closing the confirmation rejects with 4001.
    before = await currentResult(page)
    dialog = await start(page, { to: nft, data: encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [OTHER, 1n] }) })
    await prepared(dialog)
    await dialog.getByRole('button', { name: 'Details' }).click()
    const nftApprove = await dialog.getByTestId('foyer-tx-details').textContent()
    expect(nftApprove).toContain(`ActionapproveFunctionapproveTokenNFTSpender${OTHER}Token ID1`)
    expect(nftApprove).not.toMatch(/ERC-20|Amount/)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    expect(await resultAfter(page, before)).toBe('Error: 4001 The user rejected the request.')

    // Two steps (an ERC-20 transfer, then ETH): Continue / Back move between them; Approve sends both in order.
    before = await currentResult(page)
    const [otherAt, thirdAt] = [await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [OTHER] }), await client.getBalance({ address: THIRD })]
    dialog = await start(page, [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 5n] }) }, { to: THIRD, value: 7n }])
    await prepared(dialog)
    expect(await dialog.getByTestId('foyer-tx-step').textContent()).toBe('Step 1 of 2')
    await dialog.getByRole('button', { name: 'Details' }).click()
    expect(await dialog.getByTestId('foyer-tx-details').textContent()).toMatch(/Actiontransfer.*TokenTST \(ERC-20\).*Amount0\.000000000000000005 TST/)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => dialog.getByTestId('foyer-tx-step').textContent()).toBe('Step 2 of 2')
    await dialog.getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => dialog.getByTestId('foyer-tx-step').textContent()).toBe('Step 1 of 2')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await prepared(dialog)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByRole('button', { name: 'All Done' }).click()
    await resultAfter(page, before)
    expect((await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [OTHER] })) - otherAt).toBe(5n)
    expect((await client.getBalance({ address: THIRD })) - thirdAt).toBe(7n)

    // A call that reverts (a transfer of tokens the wallet hasn't): the preparing warning, then the error screen with
    // the hash and the explorer link; Retry goes back to the confirmation (sent again: a new nonce, a new hash);
    // closing the error screen answers the failure.
    before = await currentResult(page)
    dialog = await start(page, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 10n ** 30n] }) })
    await prepared(dialog)
    await dialog.getByText('There was an error preparing your transaction. Your transaction request will likely fail.').waitFor()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByRole('heading', { name: 'Call exception' }).waitFor({ timeout: 20_000 })
    expect(await dialog.textContent()).toContain('Please try again.')
    const failed = (await dialog.getByTestId('foyer-tx-error-hash').locator('code').textContent()) as `0x${string}`
    expect((await client.getTransactionReceipt({ hash: failed })).status).toBe('reverted')
    expect(await dialog.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`https://etherscan.io/tx/${failed}`)
    await dialog.getByRole('button', { name: 'Retry transaction' }).click()
    await prepared(dialog)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByRole('heading', { name: 'Call exception' }).waitFor({ timeout: 20_000 })
    const again = (await dialog.getByTestId('foyer-tx-error-hash').locator('code').textContent()) as `0x${string}`
    expect(again).not.toBe(failed)
    expect((await client.getTransaction({ hash: again })).nonce).toBe((await client.getTransaction({ hash: failed })).nonce + 1)
    await page.keyboard.press('Escape')
    expect(await resultAfter(page, before)).toMatch(/^Error: -32603 Transaction reverted/)

    // More than the wallet has: 'Add funds' and the spec's text; closing is 4001. 'Add funds' opens the funding hub on
    // top (this app offers the manual transfer only, so straight to it); closing the modal there still answers 4001.
    before = await currentResult(page)
    dialog = await start(page, { to: OTHER, value: 10n ** 20n })
    await prepared(dialog)
    await dialog.getByText('Add funds on Local 31337 to complete transaction.').waitFor()
    await dialog.getByRole('button', { name: 'Add funds' }).click()
    await dialog.getByRole('heading', { name: 'Send funds to your wallet' }).waitFor({ timeout: 10_000 })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    expect(await resultAfter(page, before)).toBe('Error: 4001 The user rejected the request.')

    // Wallet UIs off for one call: sent straight away, no dialog.
    before = await currentResult(page)
    const thirdBefore = await client.getBalance({ address: THIRD })
    await start(page, { to: THIRD, value: 9n }, 'Send without UI')
    const silent = (await resultAfter(page, before)).replace('Sent: ', '') as `0x${string}`
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect((await client.waitForTransactionReceipt({ hash: silent })).status).toBe('success')
    expect((await client.getBalance({ address: THIRD })) - thirdBefore).toBe(9n)

    // useSignTransaction: the same confirmation titled 'Sign transaction'; Approve answers the signed transaction, unsent.
    before = await currentResult(page)
    dialog = await start(page, { to: THIRD, value: 11n }, 'Sign transaction')
    await dialog.getByRole('heading', { name: 'Sign transaction' }).waitFor({ timeout: 20_000 })
    await prepared(dialog)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
    const signed = (await resultAfter(page, before)).replace('Signed: ', '') as `0x${string}`
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(address)
    expect(parseTransaction(signed)).toMatchObject({ to: THIRD.toLowerCase(), value: 11n, chainId: 31337 })

    // Dollars (the default priceDisplay): the server's token_price over the price stand-in (ETH at $3000).
    await page.goto(`${e2e.stack.appUrl}/?chains=${encodeURIComponent(`31337:${anvil().rpcUrl}`)}`)
    await page.getByTestId('send-transaction').waitFor({ timeout: 20_000 })
    dialog = await start(page, { to: OTHER, value: 10n ** 16n })
    await prepared(dialog)
    await expect.poll(() => dialog.getByTestId('foyer-tx-total').textContent(), { timeout: 10_000 }).toMatch(/\$30\.\d\d/)
    expect(priceRequests.some((url) => url.includes('chainId=31337&tokenSymbol=ETH'))).toBe(true)
    expect(await dialog.getByTestId('foyer-tx-fee').textContent()).toMatch(/\$0\.\d\d|<\$0\.01/)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })

    // An OP-stack chain: the L1 data fee from the GasPriceOracle predeploy (stubbed at 0.001 ETH) is in the fee.
    await anvil().rpc('anvil_setCode', [GAS_PRICE_ORACLE, L1_FEE_STUB])
    await page.goto(`${e2e.stack.appUrl}/?price_display=native&op_stack=1&chains=${encodeURIComponent(`31337:${anvil().rpcUrl}`)}`)
    await page.getByTestId('send-transaction').waitFor({ timeout: 20_000 })
    dialog = await start(page, { to: OTHER, value: 1n })
    await prepared(dialog)
    expect(await dialog.getByTestId('foyer-tx-fee').textContent()).toMatch(/0\.001\d* ETH/)
    await dialog.getByRole('button', { name: 'Details' }).click()
    expect(await dialog.getByTestId('foyer-tx-details').textContent()).toContain('L1 fee0.001 ETH')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  }
}
