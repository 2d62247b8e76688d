// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FoyerPlugin } from '../../../core/client/plugin.js'
import type { Foyer } from '../../../core/client/types.js'
import type { SupportedChain } from '../../../core/client/wallets/supportedChain.js'
import { embeddedWalletAccount, fakeWalletFrame, kitAccessToken, kitUser } from '../../../test/kit/fakeWalletFrame.js'
import { renderWithFoyer } from '../../../test/kit/renderWithFoyer.js'
import { startAnvil, type Anvil } from '../../../test/standins/anvil.js'
import { kitEthereumProvider } from '../../../test/kit/kitEthereumProvider.js'
import { embeddedWallet } from '../../embedded-wallet/index.js'

// The batch screen ('embedded-wallet/send-calls') as wallet_sendCalls opens it: the real plugin over a fake frame, anvil.

const A = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
const B = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const
const chain = (rpcUrl: string): SupportedChain => ({ id: 31337, name: 'Local 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })

afterEach(cleanup)

describe('the batch confirmation (wallet_sendCalls)', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  })
  afterAll(() => anvil?.stop())

  async function open(plugins: FoyerPlugin[] = [], funds = 10n ** 18n) {
    const frame = fakeWalletFrame()
    const address = frame.account(0).address
    const { foyer } = await renderWithFoyer(<div />, { plugins: [{ ...embeddedWallet({ priceDisplay: 'native' }), state: () => frame.state }, ...plugins], config: { supportedChains: [chain(anvil.rpcUrl)] } })
    await act(() => foyer.session.handleTokenResponse({ user: kitUser([embeddedWalletAccount(address)]), token: kitAccessToken(), refresh_token: 'r', session_update_action: 'set' } as never))
    await anvil.setBalance(address, funds)
    const provider = kitEthereumProvider(foyer, frame.state, { prompt: () => true, priceDisplay: 'native' }, address)
    let answer!: Promise<unknown>
    act(() => {
      answer = provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: A, value: '0x5af3107a4000' }, { to: B, value: '0x5af3107a4000', data: '0xd09de08a' }] }] })
    })
    answer.catch(() => undefined)
    return { foyer: foyer as Foyer, provider, address, answer: () => answer, dialog: within(await screen.findByRole('dialog')) }
  }

  it("lists every call (recipient, value in ETH, 'Contract call' with data) with the total, and sends them all on one Approve", async () => {
    const { dialog, answer, provider, address } = await open()
    expect(await dialog.findByRole('heading', { name: 'Confirm transaction' })).toBeTruthy()
    const list = dialog.getByRole('list', { name: 'Calls' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['0x3C44…93BC0.0001 ETH', '0x90F7…b906Contract call0.0001 ETH'])
    expect(within(rows[0]!).getByTitle(A)).toBeTruthy()
    await waitFor(() => expect(dialog.getByTestId('foyer-tx-total').textContent).toMatch(/^Total0\.0002\d* ETH$/), { timeout: 10_000 })
    expect(dialog.getByTestId('foyer-tx-network').textContent).toBe('NetworkLocal 31337')
    expect(dialog.getByTestId('foyer-tx-fee').textContent).toMatch(/^Estimated fee\d/)
    const nonce = await anvil.rpc('eth_getTransactionCount', [address, 'latest'])
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }))
    expect(await dialog.findByText('Transaction complete!', undefined, { timeout: 20_000 })).toBeTruthy()
    expect(dialog.getAllByTestId('foyer-calls-hash')).toHaveLength(2)
    expect(await anvil.rpc('eth_getTransactionCount', [address, 'latest'])).toBe(`0x${(Number(nonce) + 2).toString(16)}`)
    fireEvent.click(dialog.getByRole('button', { name: 'All Done' }))
    const { id } = (await answer()) as { id: string }
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: [id] })).toMatchObject({ status: 200, atomic: false })
  })

  it("a smart wallet's batch: 'From your smart wallet', 'Sponsored', its balance; Approve hands it to the executor once", async () => {
    const smart = '0x1111111111111111111111111111111111111111' as const
    await anvil.setBalance(smart, 10n ** 15n)
    let sends = 0
    const owner = fakeWalletFrame().account(0).address
    const batching: FoyerPlugin = {
      id: 'batching',
      kind: 'feature',
      batchExecutor: {
        executorFor: (_f, r) =>
          r.owner === owner
            ? { account: smart, sponsored: true, send: async () => (sends++, { transactionHash: `0x${'a'.repeat(64)}`, blockHash: `0x${'b'.repeat(64)}`, blockNumber: 1n, gasUsed: 1n, status: 'success', logs: [] }) }
            : null,
      },
    }
    const { dialog } = await open([batching])
    expect(await dialog.findByText('From your smart wallet 0x1111…1111')).toBeTruthy()
    await waitFor(() => expect(dialog.getByTestId('foyer-tx-fee').textContent).toBe('Estimated feeSponsored'), { timeout: 10_000 })
    expect(dialog.getByTestId('foyer-tx-total').textContent).toBe('Total0.0002 ETH')
    expect(dialog.getByTestId('foyer-tx-balance').textContent).toContain('0.001 ETH')
    const approve = dialog.getByRole('button', { name: 'Approve' })
    fireEvent.click(approve)
    fireEvent.click(approve)
    expect(await dialog.findByText('Transaction complete!')).toBeTruthy()
    expect(sends).toBe(1)
  })

  it("a batch the wallet can't pay for shows 'Add funds' and the spec's low-funds text instead of Approve", async () => {
    const { dialog } = await open([], 10n ** 14n)
    expect(await dialog.findByText('Add funds on Local 31337 to complete transaction.', undefined, { timeout: 10_000 })).toBeTruthy()
    expect(dialog.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(dialog.getByRole('button', { name: 'Add funds' })).toBeTruthy()
  })
})
