import { createPublicClient, http, parseEther } from 'viem'
import { expect, it } from 'vitest'
import { startAccountAbstractionChain } from '../standins/accountAbstraction.js'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// ERC-4337 end to end: anvil with EntryPoint v0.7, a SimpleAccountFactory and a VerifyingPaymaster (npm artifacts), the
// @pimlico/alto bundler, and an ERC-7677 paymaster service (test/standins/accountAbstraction.ts); the example app's
// 'Smart wallet' card.

const POLICY = 'sp_e2e_policy'
/** The example card's fixed recipient (anvil's second account) and amount (examples/react-app/src/SmartWalletCard.tsx). */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const DEMO_VALUE = parseEther('0.0001')

const aa = useStandin(() => startAccountAbstractionChain(POLICY), (chain) => chain.stop())

const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    'smart-wallets': aa().section(),
  }),
}))

it('links the smart wallet the embedded wallet owns at sign-up, and sends from it with sponsored gas through alto', async () => {
  const { anvil, paymaster, alto } = aa()
  const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
  const { context, page } = await e2e.newPage()
  try {
    await page.goto(`${e2e.stack.appUrl}/?chains=${encodeURIComponent(`31337:${anvil.rpcUrl}`)}`)
    await requestEmailCode(page, 'smart-wallet@example.com')
    await enterOutboxCode(page, e2e.stack.apiUrl, 'smart-wallet@example.com')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })

    // The account is built, signed for (ERC-6492: not deployed yet) and linked (the card shows it only after the link).
    const shown = page.getByTestId('smart-wallet-address')
    await shown.waitFor({ timeout: 30_000 })
    const address = (await shown.textContent()) as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await reader.getCode({ address })).toBeUndefined()
    // The user now has the smart_wallet account the server linked (Linked accounts card, from the session's user).
    expect(await page.getByTestId('account-smart_wallet').textContent()).toContain(address)
    // The value comes from the account; the gas from the paymaster's deposit.
    await anvil.setBalance(address, DEMO_VALUE)
    const before = await reader.getBalance({ address: RECIPIENT })
    await page.getByTestId('smart-wallet-send').click()
    await dialog.getByTestId('foyer-tx-fee').waitFor()
    expect(await dialog.getByTestId('foyer-tx-fee').textContent()).toContain('Sponsored')
    expect(await dialog.getByTestId('foyer-tx-total').textContent()).toContain('0.0001 ETH')
    await docsShot(dialog, 'smart-wallet-sponsored')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByText('Transaction complete!').waitFor({ timeout: 60_000 })
    await dialog.getByRole('button', { name: 'All Done' }).click()
    const result = page.getByTestId('smart-wallet-result')
    await result.waitFor()
    const hash = (await result.locator('code').textContent()) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

    const receipt = await reader.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await reader.getBalance({ address: RECIPIENT })).toBe(before + DEMO_VALUE)
    // Deployed by the user operation, and it paid no gas: all it had went to the recipient.
    expect(await reader.getCode({ address })).toBeTruthy()
    expect(await reader.getBalance({ address })).toBe(0n)
    // The paymaster service was asked with the app's policy (stub, then the signed data).
    expect(paymaster.policies).toContain(POLICY)
    expect(new Set(paymaster.policies)).toEqual(new Set([POLICY]))
    // ...in a context with the spec's sponsored defaults under the app's policy.
    for (const context of paymaster.contexts) expect(context).toEqual({ mode: 'SPONSORED', calculateGasLimits: true, expiryDuration: 300, policy_id: POLICY })
  } catch (error) {
    throw Object.assign(error as Error, { message: `${(error as Error).message}\nalto:\n${alto.output().slice(-3000)}` })
  } finally {
    await context.close()
  }
})
