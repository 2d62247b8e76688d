// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer, FundingRequest } from '../../core/client/types.js'
import { createTestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { emailServer } from '../email/server.js'
import { funding } from './index.js'
import type { FundWalletResult } from './fundWallet.js'
import { fundingServer } from './server.js'
import { recordFunding } from './fundingState.js'

afterEach(cleanup)

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chain = { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
const fundingConfig = (methods: string[]) => ({
  methods, default_recommended_amount: '0.05', default_recommended_currency: { chain: 'eip155:31337' }, prompt_funding_on_wallet_creation: false, cross_chain_bridging_enabled: false,
})

/** A provider the way funding-moonpay is written: its screen fails once (back to the selection), then succeeds. */
let attempts = 0
function FakeProviderScreen({ params }: { params: FundingRequest }) {
  return (
    <div>
      <h2>Fake pay for {params.amount}</h2>
      <button
        type="button"
        onClick={() => {
          attempts += 1
          if (attempts === 1) foyerOf.current!.modal.replace('funding/select', { ...params, errorMessage: 'Fake pay failed' })
          else foyerOf.current!.modal.replace('funding/status', { status: 'success', provider: 'Fake pay' })
        }}
      >
        Pay
      </button>
      <button type="button" onClick={() => recordFunding(foyerOf.current!, { status: 'processing' })}>
        Pending
      </button>
    </div>
  )
}
const foyerOf: { current: Foyer | null } = { current: null }
const fakeProvider = definePlugin({
  id: 'fake-pay',
  kind: 'funding',
  screens: {
    pay: { load: async () => ({ default: FakeProviderScreen }) },
    below: { load: async () => ({ default: () => <h2>Below screen</h2> }) },
  },
  funding: { method: 'fake', label: 'Fake pay', screen: 'fake-pay/pay', order: 1, supports: (r) => r.asset === 'native-currency' },
})

async function setup(methods: string[] | null) {
  const { foyer } = await renderWithFoyer(<div />, {
    plugins: [funding(), fakeProvider],
    config: { supportedChains: [chain], defaultChain: chain },
    appConfig: { funding_config: methods ? fundingConfig(methods) : null },
  })
  foyerOf.current = foyer
  return foyer
}
const fundWallet = (foyer: Foyer) => foyer.actions().fundWallet as (...args: unknown[]) => Promise<FundWalletResult>

describe('the funding hub', () => {
  it('selection: amount input gates the methods; a provider failure comes back with its message; status Close resolves fundWallet', async () => {
    attempts = 0
    const foyer = await setup(['manual', 'fake'])
    let result: Promise<FundWalletResult>
    act(() => void (result = fundWallet(foyer)({ address: ADDRESS, options: { chain: 'eip155:31337' } })))
    await screen.findByRole('heading', { name: 'Add funds to your Local wallet' })
    const amount = screen.getByLabelText('Amount') as HTMLInputElement
    expect(amount.value).toBe('0.05')
    const pay = screen.getByRole('button', { name: /Fake pay/ })
    const manual = screen.getByRole('button', { name: /Send funds manually/ })
    fireEvent.change(amount, { target: { value: '0' } })
    expect(pay).toHaveProperty('disabled', true)
    expect(manual).toHaveProperty('disabled', true)
    fireEvent.change(amount, { target: { value: '1.2.' } }) // refused as typed
    expect(amount.value).toBe('0')
    fireEvent.change(amount, { target: { value: '0.25' } })
    expect(screen.getByRole('button', { name: /Fake pay/ })).toHaveProperty('disabled', false)
    fireEvent.click(screen.getByRole('button', { name: /Fake pay/ }))
    await screen.findByRole('heading', { name: 'Fake pay for 0.25' })
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }))
    await screen.findByText('Fake pay failed')
    fireEvent.click(screen.getByRole('button', { name: /Fake pay/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }))
    await screen.findByRole('heading', { name: "You've funded your account!" })
    screen.getByText('It may take a few minutes for the assets to appear.')
    fireEvent.click(screen.getByTestId('foyer-funding-close'))
    await expect(result!).resolves.toEqual({ address: ADDRESS, chainId: 31337, status: 'success', method: 'fake' })
    await waitFor(() => expect(foyer.$modal.peek().open).toBe(false))
  })

  it('one method goes straight to it; closing the modal answers exited; funding off or a bad chain is refused', async () => {
    const foyer = await setup(['fake'])
    let result: Promise<FundWalletResult>
    act(() => void (result = fundWallet(foyer)(ADDRESS)))
    await screen.findByRole('heading', { name: 'Fake pay for 0.05' })
    act(() => foyer.modal.close())
    await expect(result!).resolves.toMatchObject({ status: 'exited', method: 'fake' })
    await expect(fundWallet(foyer)({ address: ADDRESS, options: { chain: '31337' } })).rejects.toThrow('Chain ID not compatible with CAIP-2 format.')
    await expect(fundWallet(foyer)({ address: ADDRESS, options: { chain: 'eip155:1' } })).rejects.toThrow(/not supported/)
    // USDC with no known address on Local: the fake provider sells only the native currency and the manual transfer
    // can't watch a token without its address, so no method is left.
    await expect(fundWallet(foyer)({ address: ADDRESS, options: { asset: 'USDC' } })).rejects.toThrow('Funding wallet is not enabled')
    // An ERC-20 whose details can't be read (nothing answers on the chain's RPC URL).
    await expect(fundWallet(foyer)({ address: ADDRESS, options: { asset: { erc20: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } } })).rejects.toThrow('Unable to fetch token details')
    cleanup()
    const off = await setup(null)
    await expect(fundWallet(off)({ address: ADDRESS })).rejects.toThrow('Wallet funding is not enabled')
  })

  it("a failure goes to the caller's onError and into the answer; closing during a pending purchase answers processing; uiConfig texts", async () => {
    attempts = 0
    const foyer = await setup(['manual', 'fake'])
    const failures: unknown[] = []
    let result: Promise<FundWalletResult>
    const uiConfig = { landing: { title: 'Top up your game wallet' }, receiveFundsTitle: 'Receive ETH', receiveFundsSubtitle: '' }
    act(() => void (result = fundWallet(foyer)({ address: ADDRESS, options: { uiConfig } }, undefined, { onError: (f: unknown) => failures.push(f) })))
    fireEvent.click(await screen.findByRole('button', { name: /Fake pay/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }))
    await screen.findByText('Fake pay failed')
    // The landing title from uiConfig, on the selection the failure came back to.
    screen.getByRole('heading', { name: 'Top up your game wallet' })
    expect(failures).toEqual([{ message: 'Fake pay failed', method: 'fake' }])
    // The manual transfer's title from uiConfig; '' hides its subtitle.
    fireEvent.click(screen.getByRole('button', { name: /Send funds manually/ }))
    await screen.findByRole('heading', { name: 'Receive ETH' })
    expect(screen.queryByText(/Send 0.05 ETH to this address/)).toBeNull()
    act(() => foyer.modal.close())
    await expect(result!).resolves.toEqual({ address: ADDRESS, chainId: 31337, status: 'exited', method: 'manual', error: { message: 'Fake pay failed', method: 'fake' } })
    expect(failures).toHaveLength(1)

    // A purchase the provider says is processing: closing now answers 'processing' (with no failure before it).
    act(() => void (result = fundWallet(foyer)({ address: ADDRESS })))
    fireEvent.click(await screen.findByRole('button', { name: /Fake pay/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Pending' }))
    act(() => foyer.modal.close())
    await expect(result!).resolves.toEqual({ address: ADDRESS, chainId: 31337, status: 'processing', method: 'fake' })
  })

  it("on top of another screen (the transaction screen's 'Add funds'): Close goes back to it", async () => {
    attempts = 1
    const foyer = await setup(['manual', 'fake'])
    act(() => void foyer.modal.request('fake-pay/below').catch(() => undefined))
    await screen.findByRole('heading', { name: 'Below screen' })
    let result: Promise<FundWalletResult>
    // The embedded wallet's transaction screen calls fundWallet(address, { chain }) with a viem Chain.
    act(() => void (result = fundWallet(foyer)(ADDRESS, { chain })))
    fireEvent.click(await screen.findByRole('button', { name: /Fake pay/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }))
    fireEvent.click(await screen.findByTestId('foyer-funding-close'))
    await expect(result!).resolves.toMatchObject({ status: 'success', method: 'fake' })
    await screen.findByRole('heading', { name: 'Below screen' })
    expect(foyer.$modal.peek().stack.map((e) => e.id)).toEqual(['fake-pay/below'])
  })
})

describe('fundingServer', () => {
  it('shows the app\'s "funding" section as funding_config, defaults filled in', async () => {
    const server = await createTestServer({
      plugins: [emailServer(), fundingServer()],
      app: { funding: { methods: ['manual', 'moonpay'], prompt_funding_on_wallet_creation: true, default_recommended_currency: { chain: 'eip155:8453', asset: 'USDC' } } },
    })
    try {
      const config = (await (await server.request(`/api/v1/apps/${server.appId}`)).json()) as { funding_config: unknown }
      expect(config.funding_config).toEqual({
        methods: ['manual', 'moonpay'], default_recommended_amount: '0.01', default_recommended_currency: { chain: 'eip155:8453', asset: 'USDC' },
        prompt_funding_on_wallet_creation: true, cross_chain_bridging_enabled: false,
      })
    } finally {
      await server.close()
    }
    await expect(createTestServer({ plugins: [emailServer(), fundingServer()], app: { funding: { methods: ['manual'], default_recommended_amount: '1.2.3' } } })).rejects.toThrow()
  })
})
