// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { smartWallets } from './index.js'
import { formatUnits, type SmartWalletConfirmParams } from './screens/SmartWalletConfirmScreen.js'
import { SMART_WALLET_CONFIRM_SCREEN } from './smartWalletTypes.js'

afterEach(() => cleanup())

const params = (over: Partial<SmartWalletConfirmParams> = {}): SmartWalletConfirmParams => ({
  from: '0x1111111111111111111111111111111111111111',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: '100000000000000',
  chainName: 'Base',
  symbol: 'ETH',
  decimals: 18,
  sponsored: true,
  submit: async () => `0x${'ab'.repeat(32)}`,
  ...over,
})

async function open(p: SmartWalletConfirmParams) {
  const { foyer } = await renderWithFoyer(<div />, { plugins: [smartWallets()] })
  let answer: Promise<`0x${string}`>
  act(() => void (answer = foyer.modal.request<`0x${string}`>(SMART_WALLET_CONFIRM_SCREEN, p, { intent: 'transaction' })))
  return { foyer, answer: () => answer }
}

describe("the smart wallet's confirmation ('smart-wallets/confirm')", () => {
  it("shows Total, To, Network and 'Sponsored', sends on Approve and answers the hash from 'All Done'", async () => {
    let sent = 0
    const { answer } = await open(params({ submit: async () => (sent++, `0x${'cd'.repeat(32)}`) }))
    await screen.findByText('Confirm transaction')
    expect(screen.getByTestId('foyer-tx-total').textContent).toContain('0.0001 ETH')
    expect(screen.getByTestId('foyer-tx-network').textContent).toContain('Base')
    expect(screen.getByTestId('foyer-tx-fee').textContent).toContain('Sponsored')
    expect(sent).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await screen.findByText('Transaction complete!')
    expect(sent).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'All Done' }))
    await expect(answer()).resolves.toBe(`0x${'cd'.repeat(32)}`)
  })

  it("without a paymaster the fee is the wallet's; a failed send offers 'Retry transaction' with the message", async () => {
    let attempts = 0
    const { answer } = await open(
      params({
        sponsored: false,
        submit: async () => {
          attempts++
          if (attempts === 1) throw Object.assign(new Error('long'), { shortMessage: 'AA21 didn\u2019t pay prefund' })
          return `0x${'ef'.repeat(32)}`
        },
      }),
    )
    await screen.findByText('Confirm transaction')
    expect(screen.getByTestId('foyer-tx-fee').textContent).toContain('Paid by your smart wallet')
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await screen.findByText('AA21 didn\u2019t pay prefund')
    fireEvent.click(screen.getByRole('button', { name: 'Retry transaction' }))
    await screen.findByText('Transaction complete!')
    fireEvent.click(screen.getByRole('button', { name: 'All Done' }))
    await expect(answer()).resolves.toBe(`0x${'ef'.repeat(32)}`)
    expect(attempts).toBe(2)
  })

  it("decodes the call for Details like the embedded wallet's send screen (an ERC-20 transfer); a plain transfer has none", async () => {
    // transfer(0x7099…79C8, 5): selector a9059cbb.
    const data = `0xa9059cbb${'0'.repeat(24)}70997970c51812dc3a010c7d01b50e0d17dc79c8${'0'.repeat(63)}5` as const
    const first = await open(params({ data }))
    await screen.findByText('Confirm transaction')
    expect(screen.getByTestId('foyer-tx-details').textContent).toContain('transfer (transfer)')
    act(() => first.foyer.modal.close())
    await expect(first.answer()).rejects.toMatchObject({ code: 'USER_REJECTED_REQUEST' })
    cleanup()
    const plain = await open(params({ data: '0x' }))
    await screen.findByText('Confirm transaction')
    expect(screen.queryByTestId('foyer-tx-details')).toBeNull()
    act(() => plain.foyer.modal.close())
    await expect(plain.answer()).rejects.toMatchObject({ code: 'USER_REJECTED_REQUEST' })
  })

  it('formats wei in whole units', () => {
    expect(formatUnits('100000000000000', 18, 'ETH')).toBe('0.0001 ETH')
    expect(formatUnits('1500000000000000000', 18, 'ETH')).toBe('1.5 ETH')
    expect(formatUnits('0', 18, 'ETH')).toBe('0 ETH')
  })
})

describe('closing the confirmation', () => {
  it('rejects with the transaction exit (4001-style USER_REJECTED_REQUEST) and sends nothing', async () => {
    let sent = 0
    const { foyer, answer } = await open(params({ submit: async () => (sent++, '0x00') }))
    await screen.findByText('Confirm transaction')
    act(() => foyer.modal.close())
    await expect(answer()).rejects.toMatchObject({ code: 'USER_REJECTED_REQUEST' })
    await waitFor(() => expect(sent).toBe(0))
  })
})
