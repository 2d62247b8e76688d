import { describe, expect, it } from 'vitest'
import type { FundingRequest } from '../../core/client/types.js'
import { fundingMoonpay } from './index.js'
import { MOONPAY_ERROR_TEXT, moonpayCurrencyCode, supportsMoonpay } from './moonpay.js'
import { initialMoonpayPoll, moonpayOutcome, moonpayPollStep, moonpayStatusOf, moonpayTransactionOf, type MoonpayPollResult } from './moonpayPoll.js'

const evm = (chainId: number | undefined, asset: FundingRequest['asset'] = 'native-currency'): FundingRequest => ({ chainType: 'ethereum', address: '0x1', amount: '0.1', chainId, asset })
const solana = (cluster?: string): FundingRequest => ({ chainType: 'solana', address: 'So1', amount: '1', cluster, asset: 'native-currency' })

describe('§9 Moonpay currency codes', () => {
  it('maps each chain and asset of the table', () => {
    const table: [number, FundingRequest['asset'], string][] = [
      [42161, 'native-currency', 'ETH_ARBITRUM'], [42161, 'USDC', 'USDC_ARBITRUM'],
      [43114, 'native-currency', 'AVAX_CCHAIN'],
      [8453, 'native-currency', 'ETH_BASE'], [8453, 'USDC', 'USDC_BASE'],
      [42220, 'native-currency', 'CELO_CELO'],
      [137, 'native-currency', 'MATIC_POLYGON'], [137, 'USDC', 'USDC_POLYGON'],
      [1, 'native-currency', 'ETH_ETHEREUM'], [1, 'USDC', 'USDC_ETHEREUM'],
    ]
    expect(table.map(([chainId, asset]) => moonpayCurrencyCode(evm(chainId, asset)))).toEqual(table.map(([, , code]) => code))
    expect(moonpayCurrencyCode(solana())).toBe('SOL')
  })

  it('defaults unsupported chains to Ethereum, no chain to ETH_ETHEREUM, and honours the host override', () => {
    expect(moonpayCurrencyCode(evm(31337))).toBe('ETH_ETHEREUM')
    expect(moonpayCurrencyCode(evm(10, 'USDC'))).toBe('USDC_ETHEREUM')
    expect(moonpayCurrencyCode(evm(undefined))).toBe('ETH_ETHEREUM')
    expect(moonpayCurrencyCode({ ...evm(8453), isUSDC: true })).toBe('USDC_BASE')
    expect(moonpayCurrencyCode({ ...evm(1), moonpayConfigOverride: { currencyCode: 'USDT_ETHEREUM' } })).toBe('USDT_ETHEREUM')
  })

  it('offers Moonpay only on ethereum, arbitrum, base, polygon and Solana mainnet, for their assets', () => {
    for (const chainId of [1, 42161, 8453, 137]) expect([chainId, supportsMoonpay(evm(chainId)), supportsMoonpay(evm(chainId, 'USDC'))]).toEqual([chainId, true, true])
    for (const chainId of [10, 43114, 31337, undefined]) expect(supportsMoonpay(evm(chainId))).toBe(false)
    expect(supportsMoonpay(evm(1, { erc20: '0x0000000000000000000000000000000000000001' }))).toBe(false)
    expect([supportsMoonpay(solana()), supportsMoonpay(solana('mainnet-beta')), supportsMoonpay(solana('devnet'))]).toEqual([true, true, false])
    expect(supportsMoonpay({ ...solana(), asset: 'USDC' })).toBe(false)
  })

  it("is a funding plugin whose row opens 'funding-moonpay/intro' and filters with the same rule", () => {
    const plugin = fundingMoonpay()
    expect(plugin).toMatchObject({ id: 'funding-moonpay', kind: 'funding', funding: { method: 'moonpay', label: 'fundingMoonpay.label', screen: 'funding-moonpay/intro' } })
    expect(plugin.screens?.intro).toBeDefined()
    expect([plugin.funding?.supports?.(evm(8453, 'USDC')), plugin.funding?.supports?.(evm(31337))]).toEqual([true, false])
    expect(plugin.texts?.['fundingMoonpay.continue']).toBe('Continue to Moonpay')
  })
})

describe('§4 Moonpay status reducer', () => {
  const tx = (status: string, more: Record<string, unknown> = {}): MoonpayPollResult => ({ kind: 'transaction', transaction: { status, ...more } })
  const run = (results: MoonpayPollResult[]) => results.reduce(moonpayPollStep, initialMoonpayPoll)

  it('keeps polling through 404s and pending, stops on completed, failed and awaitingAuthorization', () => {
    expect(run([{ kind: 'notFound' }, { kind: 'notFound' }])).toEqual({ status: null, strikes: 0, done: false })
    expect(run([{ kind: 'notFound' }, tx('pending')])).toEqual({ status: 'pending', strikes: 0, done: false })
    expect(run([tx('pending'), tx('completed')])).toMatchObject({ status: 'completed', done: true })
    expect(run([tx('failed')])).toMatchObject({ status: 'failed', done: true })
    expect(run([tx('awaitingAuthorization')])).toMatchObject({ status: 'awaitingAuthorization', done: true })
    expect(run([tx('waitingAuthorization')])).toMatchObject({ status: 'awaitingAuthorization', done: true })
    expect(run([tx('waitingPayment')])).toMatchObject({ status: 'pending', done: false })
    // A stopped poll ignores late answers.
    expect(run([tx('completed'), tx('failed')]).status).toBe('completed')
  })

  it('treats a card payment waiting for authorization as pending', () => {
    expect(moonpayStatusOf({ status: 'waitingAuthorization', paymentMethod: 'credit_debit_card' })).toBe('pending')
    expect(moonpayStatusOf({ status: 'waitingAuthorization', cardPaymentType: 'apple_pay' })).toBe('pending')
    expect(moonpayStatusOf({ status: 'waitingAuthorization', paymentMethod: 'sepa_bank_transfer', cardPaymentType: null })).toBe('awaitingAuthorization')
  })

  it('ends as serviceFailure on the third non-404 error, 404s not counted', () => {
    const error: MoonpayPollResult = { kind: 'error' }
    expect(run([error, error])).toEqual({ status: null, strikes: 2, done: false })
    expect(run([error, { kind: 'notFound' }, tx('pending'), error])).toEqual({ status: 'pending', strikes: 2, done: false })
    expect(run([error, error, error])).toEqual({ status: 'serviceFailure', strikes: 3, done: true })
  })

  it('leads completed to success, awaitingAuthorization to in-progress, failures to the selection with the §8 text', () => {
    expect(moonpayOutcome('completed')).toEqual({ status: 'success' })
    expect(moonpayOutcome('awaitingAuthorization')).toEqual({ status: 'in-progress' })
    expect(moonpayOutcome('failed')).toEqual({ error: MOONPAY_ERROR_TEXT })
    expect(moonpayOutcome('serviceFailure')).toEqual({ error: MOONPAY_ERROR_TEXT })
    expect(moonpayOutcome('pending')).toBeNull()
  })

  it("reads Moonpay's answer: a list (the newest last), one transaction, or an empty list (not created yet)", () => {
    expect(moonpayTransactionOf([{ status: 'pending' }, { status: 'completed' }])).toEqual({ kind: 'transaction', transaction: { status: 'completed' } })
    expect(moonpayTransactionOf({ status: 'failed' })).toEqual({ kind: 'transaction', transaction: { status: 'failed' } })
    expect(moonpayTransactionOf([])).toEqual({ kind: 'notFound' })
  })
})
