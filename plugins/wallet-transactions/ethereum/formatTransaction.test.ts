import { describe, expect, it } from 'vitest'
import { DEFAULT_BLOCK_EXPLORER, DETAILS_MAX_HEIGHT_PX, explorerTxUrl, formatNativeAmount, formatPrice, formatTokenAmount, formatUsd, MAX_UINT256 } from './formatTransaction.js'

const ETH = { symbol: 'ETH', decimals: 18 }

describe('formatting the transaction screens (spec §9)', () => {
  it.each([
    [MAX_UINT256, 18, 'Maximum'],
    [MAX_UINT256 - 1n, 0, (MAX_UINT256 - 1n).toString()],
    [1500000n, 6, '1.5'],
    [10n ** 18n, 18, '1'],
    [0n, 18, '0'],
  ])('token amount %s (%i decimals) → %s', (amount, decimals, text) => {
    expect(formatTokenAmount(amount, decimals)).toBe(text)
  })

  it.each([
    [0.004, '<$0.01'],
    [0.0099, '<$0.01'],
    [0, '$0.00'],
    [0.01, '$0.01'],
    [1234.5, '$1,234.50'],
  ])('USD %s → %s', (value, text) => {
    expect(formatUsd(value)).toBe(text)
  })

  it.each([
    [0n, '0 ETH'],
    [10n ** 16n, '0.01 ETH'],
    [21000n * 2_000_000_000n, '0.000042 ETH'],
    [1n, '<0.000001 ETH'],
    [15n * 10n ** 17n, '1.5 ETH'],
  ])('native %s wei → %s', (wei, text) => {
    expect(formatNativeAmount(wei, ETH)).toBe(text)
  })

  it("shows a price in dollars when there is one, else the native amount; '<$0.01' for a small fee", () => {
    expect(formatPrice(10n ** 18n, ETH, 3000)).toBe('$3,000.00')
    expect(formatPrice(21000n * 1_000_000_000n, ETH, 0.1)).toBe('<$0.01')
    expect(formatPrice(10n ** 18n, ETH, null)).toBe('1 ETH')
  })

  it('links the chain explorer, else the main Ethereum one; Details are at most 700 px high', () => {
    expect(explorerTxUrl('0xabc')).toBe(`${DEFAULT_BLOCK_EXPLORER}/tx/0xabc`)
    expect(explorerTxUrl('0xabc', { blockExplorers: { default: { url: 'https://basescan.org/' } } })).toBe('https://basescan.org/tx/0xabc')
    expect(DETAILS_MAX_HEIGHT_PX).toBe(700)
  })
})
