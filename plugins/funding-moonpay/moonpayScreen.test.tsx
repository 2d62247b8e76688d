// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../../core/client/types.js'
import { errorResponse, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { funding } from '../funding/index.js'
import { fundingMoonpay } from './index.js'
import { MOONPAY_ERROR_TEXT } from './moonpay.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const base = { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
const SIGNED = 'https://buy.moonpay.test/?apiKey=pk_test_abc&walletAddress=0x7099&currencyCode=ETH_BASE&externalTransactionId=ext-1&signature=c2ln'

/** Moonpay's status API as the screen's fetch sees it: each poll takes the next answer (the last one repeats). */
let answers: (() => Response)[] = []
const polls: string[] = []
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  answers = []
  polls.length = 0
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    polls.push(String(input))
    return (answers.length > 1 ? answers.shift()! : answers[0]!)()
  })
  vi.stubGlobal('open', vi.fn())
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function start(sign: (body: any) => unknown) {
  const signs: any[] = []
  const { foyer } = await renderWithFoyer(<div />, {
    plugins: [funding(), fundingMoonpay({ pollIntervalMs: 10 })],
    config: { supportedChains: [base], defaultChain: base },
    appConfig: {
      funding_config: { methods: ['moonpay', 'manual'], default_recommended_amount: '0.05', default_recommended_currency: { chain: 'eip155:8453' }, prompt_funding_on_wallet_creation: false, cross_chain_bridging_enabled: false },
    },
    routes: {
      '/api/v1/plugins/moonpay_on_ramp/sign': (body) => {
        signs.push(body)
        return sign(body)
      },
    },
  })
  const fund = foyer.actions().fundWallet as (...args: unknown[]) => Promise<unknown>
  act(() => void fund({ address: ADDRESS, options: { chain: 'eip155:8453', amount: '0.02', defaultFundingMethod: 'moonpay' } }).catch(() => undefined))
  return { foyer: foyer as Foyer, signs }
}

describe("the Moonpay screen ('funding-moonpay/intro')", () => {
  it('signs for the request, opens the signed URL from the click, polls with the publishable key, and reads statuses', async () => {
    let release!: () => void
    const signed = new Promise<void>((r) => (release = r))
    const { signs } = await start(async () => {
      await signed
      return { signedUrl: SIGNED, externalTransactionId: 'ext-1', apiUrl: 'https://api.moonpay.test' }
    })
    const button = await screen.findByRole('button', { name: 'Continue to Moonpay' })
    // Disabled until the server signed the URL.
    expect(button).toHaveProperty('disabled', true)
    // The sign call leaves once the screen is up (it can reach the server a moment after the button shows).
    await waitFor(() => expect(signs).toEqual([{ address: ADDRESS, useSandbox: false, config: { currencyCode: 'ETH_BASE', quoteCurrencyAmount: 0.02 } }]))
    expect(button).toHaveProperty('disabled', true)
    act(() => release())
    await waitFor(() => expect(button).toHaveProperty('disabled', false))

    // 404 (not created yet), pending, then a bank payment waiting for the user's authorization at Moonpay.
    answers = [json(404, { message: 'not found' }), json(200, [{ status: 'pending', paymentMethod: 'sepa_bank_transfer' }]), json(200, [{ status: 'waitingAuthorization', paymentMethod: 'sepa_bank_transfer', cardPaymentType: null }])]
    fireEvent.click(button)
    expect(window.open).toHaveBeenCalledWith(SIGNED, '_blank', 'noopener')
    await screen.findByRole('heading', { name: 'In Progress' })
    screen.getByText('Go back to Moonpay to finish funding your account.')
    expect(polls[0]).toBe('https://api.moonpay.test/v1/transactions/ext/ext-1?apiKey=pk_test_abc')
    // Polling stopped on awaitingAuthorization.
    const count = polls.length
    await new Promise((r) => setTimeout(r, 60))
    expect(polls.length).toBe(count)
  })

  it('a card payment waiting for authorization is pending; completed shows the success status', async () => {
    await start(() => ({ signedUrl: SIGNED, externalTransactionId: 'ext-1' }))
    answers = [json(200, [{ status: 'waitingAuthorization', paymentMethod: 'credit_debit_card' }]), json(200, [{ status: 'waitingAuthorization', paymentMethod: 'credit_debit_card' }]), json(200, [{ status: 'completed' }])]
    const button = await screen.findByRole('button', { name: 'Continue to Moonpay' })
    await waitFor(() => expect(button).toHaveProperty('disabled', false))
    fireEvent.click(button)
    // The hub's copy for a card payment in progress.
    await screen.findByText('Processing payment')
    screen.getByText('Moonpay may take up to a few hours. You will receive an email when the purchase is complete.')
    await screen.findByRole('heading', { name: "You've funded your account!" })
    // No apiUrl from the server: Moonpay's own API.
    expect(polls[0]).toBe('https://api.moonpay.com/v1/transactions/ext/ext-1?apiKey=pk_test_abc')
  })

  it('failed, three polling errors, or a refused signature go back to the selection with the Moonpay error', async () => {
    await start(() => ({ signedUrl: SIGNED, externalTransactionId: 'ext-1' }))
    answers = [json(200, [{ status: 'failed' }])]
    const button = await screen.findByRole('button', { name: 'Continue to Moonpay' })
    await waitFor(() => expect(button).toHaveProperty('disabled', false))
    fireEvent.click(button)
    await screen.findByText(MOONPAY_ERROR_TEXT)
    cleanup()

    await start(() => ({ signedUrl: SIGNED, externalTransactionId: 'ext-1' }))
    answers = [json(500, {}), json(404, {}), json(502, {}), () => { throw new TypeError('Failed to fetch') }]
    const again = await screen.findByRole('button', { name: 'Continue to Moonpay' })
    await waitFor(() => expect(again).toHaveProperty('disabled', false))
    polls.length = 0
    fireEvent.click(again)
    await screen.findByText(MOONPAY_ERROR_TEXT)
    expect(polls.length).toBe(4)
    cleanup()

    await start(() => errorResponse(503, 'moonpay_not_configured'))
    await screen.findByText(MOONPAY_ERROR_TEXT)
    screen.getByTestId('foyer-funding-method-moonpay')
  })
})
