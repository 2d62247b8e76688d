import { ed25519 } from '@noble/curves/ed25519'
import { Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SOLANA_DAPP_MESSAGE, SOLANA_DAPP_RECIPIENT } from '../../examples/react-app/src/SolanaDappCard.js'
import { SOLANA_DEMO_APPROVE_AMOUNT, SOLANA_DEMO_DELEGATE, SOLANA_DEMO_RECIPIENT, SOLANA_DEMO_TOKEN_ACCOUNT } from '../../examples/react-app/src/SolanaTransactionsCard.js'
import { startPriceStandin } from '../standins/priceStandin.js'
import { startSolanaRpcStandin } from '../standins/solanaRpcStandin.js'
import { setTokenAccount, tokenDelegate } from '../standins/solanaTokenAccount.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const solana = useStandin(() => startSolanaRpcStandin(), (node) => node.stop())
// SOL at $150 from the price API stand-in (the server's token_price route reads it).
const prices = useStandin(() => startPriceStandin({ SOL: 150 }), (standin) => standin.close())
const e2e = useStack(() => ({
  // Funding with the manual transfer only: 'Add funds' on a low balance opens it straight away.
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    funding: { methods: ['manual'], default_recommended_amount: '0.01', default_recommended_currency: { chain: 'eip155:1' } },
  }),
  FOYER_PRICE_API_URL: prices().url,
}))

const SOL = 1_000_000_000n

/** Signs up by e-mail with the Solana cluster on the stand-in, then creates the embedded Solana wallet; its address. */
async function signUpWithSolanaWallet(page: Page, email: string): Promise<string> {
  await signUpByEmail(page, e2e.stack, email, `/?solana_rpc=${encodeURIComponent(solana().rpcUrl)}`)
  const dialog = page.getByRole('dialog')
  await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByRole('button', { name: 'Create a Solana wallet' }).click()
  const card = page.getByTestId('solana-transactions')
  await card.waitFor({ timeout: 20_000 })
  return (await card.locator('code').textContent())!
}

/** Clicks a demo button and waits for the confirmation screen's preview. */
async function openPreview(page: Page, button: string): Promise<Locator> {
  await page.getByTestId('solana-transactions').getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 20_000 })
  await dialog.getByTestId('foyer-sol-fee').waitFor({ timeout: 20_000 })
  return dialog
}

const result = (page: Page) => page.getByTestId('solana-tx-result')

describe('Solana transactions with the embedded Solana wallet in Chromium (real server, wallet frame, litesvm RPC stand-in)', () => {
  it("previews, signs in the frame, sends and confirms a transfer and an approve; a refused send surfaces the node's insufficient-lamports log; low funds offer Add funds; another program is 'Unsupported Program ID'; closing is 4001; SOL only with priceDisplay native", async () => {
    const { context, page } = await e2e.newPage()
    // The page's token_price requests (SOL is chain id 0): dollars ask for it, priceDisplay 'native' never does.
    const priceRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/token_price')) priceRequests.push(request.url())
    })
    const address = await signUpWithSolanaWallet(page, 'solana.sender@example.com')
    solana().fund(address, 2n * SOL)

    // A transfer of 0.5 SOL: amount, recipient, the fee (5000 lamports: '<0.001'), the balance.
    let dialog = await openPreview(page, 'Send 0.5 SOL')
    expect(await dialog.getByTestId('foyer-sol-instruction').getAttribute('data-action')).toBe('transfer')
    expect(await dialog.getByTestId('foyer-sol-amount').textContent()).toContain('0.5 SOL')
    expect(await dialog.getByTestId('foyer-sol-to').textContent()).toContain(SOLANA_DEMO_RECIPIENT)
    expect(await dialog.getByTestId('foyer-sol-fee').textContent()).toContain('<0.001 SOL')
    // In dollars once the price is in: the fee under a cent, the total 0.500005 SOL at $150.
    await expect.poll(() => dialog.getByTestId('foyer-sol-fee').textContent(), { timeout: 10_000 }).toContain('(<$0.01)')
    expect(await dialog.getByTestId('foyer-sol-total').textContent()).toContain('0.500005 SOL ($75.00)')
    await docsShot(dialog, 'wallet-solana-confirm')
    expect(await dialog.getByTestId('foyer-sol-balance').textContent()).toContain('2 SOL')
    expect(await dialog.getByTestId('foyer-sol-network').textContent()).toContain('mainnet-beta')
    await dialog.getByTestId('foyer-sol-approve').click()
    await dialog.getByText('Transaction completed successfully.').waitFor({ timeout: 30_000 })
    const signature = (await dialog.getByTestId('foyer-sol-signature').locator('code').textContent())!
    await dialog.getByTestId('foyer-sol-close').click()
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => result(page).textContent()).toBe(`Signature: ${signature}`)
    // The recipient's balance moved in litesvm; the sender paid the amount and one signature's fee.
    expect(solana().balance(SOLANA_DEMO_RECIPIENT)).toBe(SOL / 2n)
    expect(solana().balance(address)).toBe(2n * SOL - SOL / 2n - 5000n)
    expect(solana().calls).toEqual(expect.arrayContaining(['getFeeForMessage', 'getBalance', 'sendTransaction', 'signatureSubscribe']))
    expect(priceRequests.some((url) => url.includes('chainId=0&tokenSymbol=SOL'))).toBe(true)

    // The listed wallet's signTransaction(tx): signed in the frame (no screen), not sent; web3.js verifies it.
    const balance = solana().balance(address)
    await page.getByTestId('solana-transactions').getByRole('button', { name: 'Sign a transfer' }).click()
    await expect.poll(() => result(page).textContent(), { timeout: 20_000 }).toMatch(/^Signed: /)
    const signed = Transaction.from(Buffer.from((await result(page).textContent())!.replace('Signed: ', ''), 'base64'))
    expect(signed.feePayer?.toBase58()).toBe(address)
    expect(signed.verifySignatures()).toBe(true)
    expect(solana().balance(address)).toBe(balance)

    // A token approve (the wallet's sendTransaction(tx, connection)): the token account, the spender and the amount;
    // the delegate is set in litesvm.
    setTokenAccount(solana().svm, SOLANA_DEMO_TOKEN_ACCOUNT, { mint: SOLANA_DEMO_RECIPIENT, owner: address, amount: 5n * SOLANA_DEMO_APPROVE_AMOUNT })
    dialog = await openPreview(page, 'Approve a token delegate')
    expect(await dialog.getByTestId('foyer-sol-instruction').getAttribute('data-action')).toBe('approve')
    expect(await dialog.getByTestId('foyer-sol-amount').textContent()).toContain(String(SOLANA_DEMO_APPROVE_AMOUNT))
    expect(await dialog.getByTestId('foyer-sol-spender').textContent()).toContain(SOLANA_DEMO_DELEGATE)
    expect(await dialog.getByTestId('foyer-sol-to').textContent()).toContain(SOLANA_DEMO_TOKEN_ACCOUNT)
    await dialog.getByTestId('foyer-sol-approve').click()
    await dialog.getByText('Transaction completed successfully.').waitFor({ timeout: 30_000 })
    await dialog.getByTestId('foyer-sol-close').click()
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    expect(tokenDelegate(solana().svm, SOLANA_DEMO_TOKEN_ACCOUNT)).toEqual({ delegate: SOLANA_DEMO_DELEGATE, amount: SOLANA_DEMO_APPROVE_AMOUNT })

    // The balance drops between the preview and Approve: the node refuses the send, the error screen surfaces its
    // log line; nothing moved.
    dialog = await openPreview(page, 'Send 0.5 SOL')
    expect(await dialog.getByTestId('foyer-sol-approve').textContent()).toBe('Approve')
    solana().setBalance(address, SOL / 10n)
    await dialog.getByTestId('foyer-sol-approve').click()
    await dialog.getByTestId('foyer-sol-error').waitFor({ timeout: 30_000 })
    expect(await dialog.getByRole('heading', { name: 'Insufficient balance' }).count()).toBe(1)
    expect(await dialog.getByTestId('foyer-sol-error').textContent()).toContain('Transaction simulation failed')
    expect(await dialog.getByTestId('foyer-sol-error-logs').textContent()).toMatch(/Transfer: insufficient lamports \d+, need 500000000/)
    expect(await dialog.getByRole('button', { name: 'Retry transaction' }).count()).toBe(1)
    // Closing the error screen answers the node's error.
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect.poll(() => result(page).textContent()).toMatch(/^Error: Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1/)
    expect(solana().balance(address)).toBe(SOL / 10n)

    // More than the wallet has: 'Add funds on Solana …' and 'Add funds', which opens funding for the Solana wallet (the
    // manual transfer here); closing the modal there rejects the send with 4001.
    dialog = await openPreview(page, 'Send 1000 SOL')
    await dialog.getByText('Add funds on Solana to complete transaction.').waitFor()
    await dialog.getByRole('button', { name: 'Add funds' }).click()
    await dialog.getByRole('heading', { name: 'Send funds to your wallet' }).waitFor({ timeout: 10_000 })
    expect(await dialog.getByTestId('foyer-funding-address').textContent()).toBe(address)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => result(page).textContent()).toBe('Error: 4001 The user rejected the request.')
    expect(solana().balance(address)).toBe(SOL / 10n)

    // priceDisplay 'native': SOL only, no price asked. An instruction of another program (the Memo program) is
    // 'Unsupported Program ID'; closing the confirmation is 4001 'The user rejected the request.'.
    await page.goto(`${e2e.stack.appUrl}/?price_display=native&solana_rpc=${encodeURIComponent(solana().rpcUrl)}`)
    await page.getByTestId('solana-transactions').waitFor({ timeout: 20_000 })
    priceRequests.length = 0
    dialog = await openPreview(page, 'Send a memo')
    await dialog.getByText('Unsupported Program ID').waitFor()
    expect(await dialog.getByTestId('foyer-sol-fee').textContent()).toBe('Estimated fee<0.001 SOL')
    expect(await dialog.getByTestId('foyer-sol-total').textContent()).toBe('Total<0.001 SOL')
    expect(priceRequests).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => result(page).textContent()).toBe('Error: 4001 The user rejected the request.')
    await context.close()
  })

  it("is 'Foyer Wallet' to a dapp built on @solana/wallet-adapter-react: found by wallet-standard, connected, a message signed (verified) and a transaction sent on the node", async () => {
    const { context, page } = await e2e.newPage()
    try {
      const address = await signUpWithSolanaWallet(page, 'solana.dapp@example.com')
      solana().fund(address, SOL)
      const card = page.getByTestId('solana-dapp')
      await expect.poll(() => card.getByTestId('solana-dapp-wallets').textContent(), { timeout: 20_000 }).toContain('Foyer Wallet')
      await card.getByRole('button', { name: 'Select Foyer Wallet' }).click()
      await card.getByRole('button', { name: 'Connect Foyer Wallet' }).click()
      await expect.poll(() => card.getByTestId('solana-dapp-status').textContent(), { timeout: 20_000 }).toBe(`Connected: ${address}`)

      await card.getByRole('button', { name: 'Sign with wallet-adapter' }).click()
      const result = card.getByTestId('solana-dapp-result')
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signed: /)
      const signature = Uint8Array.from(atob((await result.textContent())!.replace('Signed: ', '')), (c) => c.charCodeAt(0))
      expect(ed25519.verify(signature, new TextEncoder().encode(SOLANA_DAPP_MESSAGE), bs58.decode(address))).toBe(true)

      await card.getByRole('button', { name: 'Send 0.1 SOL with wallet-adapter' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByTestId('foyer-sol-approve').click({ timeout: 20_000 })
      await dialog.getByText('Transaction completed successfully.').waitFor({ timeout: 30_000 })
      await dialog.getByTestId('foyer-sol-close').click()
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: \w{64,88}$/)
      expect(solana().balance(SOLANA_DAPP_RECIPIENT)).toBe(SOL / 10n)
    } finally {
      await context.close()
    }
  })
})
