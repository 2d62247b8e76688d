// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useConnectWallet, useWallets } from 'foyer'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithFoyer } from '../../../test/kit/renderWithFoyer.js'
import { burnerConnector } from './index.js'

afterEach(cleanup)

const ADDRESS = '0x00000000000000000000000000000000000000b1'

/** A host-supplied EIP-1193 provider: one account, chain 1, answers personal_sign. */
function hostProvider() {
  let chain = '0x1'
  const request = vi.fn(async ({ method, params }: { method: string; params?: any }) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
    if (method === 'eth_chainId') return chain
    if (method === 'wallet_switchEthereumChain') return void (chain = params[0].chainId)
    if (method === 'personal_sign') return `signed:${params[0]}`
    return null
  })
  return { request, on: vi.fn(), removeListener: vi.fn() }
}

function Host() {
  const { wallets } = useWallets()
  const { connectWallet } = useConnectWallet()
  return (
    <>
      <button onClick={() => connectWallet()}>connect</button>
      <p data-testid="wallets">{wallets.map((w) => `${w.meta.name}:${w.address}:${w.chainId}:${w.connectorType}`).join(',')}</p>
    </>
  )
}

describe('burnerConnector (a third-party connector)', () => {
  it('appears in the wallet list, connects through the host provider and signs', async () => {
    const provider = hostProvider()
    const { foyer } = await renderWithFoyer(<Host />, { plugins: [burnerConnector({ getProvider: () => provider, name: 'Dev burner' })], config: { successDelayMs: 300 /* long enough to see the success screen on a busy machine */ } })
    expect(provider.request).not.toHaveBeenCalled() // the provider is resolved on first use only
    fireEvent.click(screen.getByText('connect'))
    fireEvent.click(await screen.findByRole('button', { name: /Dev burner/ }))
    await screen.findByText('Wallet connected')
    await vi.waitFor(() => expect(screen.getByTestId('wallets').textContent).toBe(`Dev burner:${ADDRESS}:eip155:1:burner`))
    const wallet = foyer.wallets.$wallets.peek()[0]!
    await expect(wallet.sign('hi')).resolves.toBe('signed:0x6869')
    await act(() => wallet.switchChain(10))
    expect(foyer.wallets.$wallets.peek()[0]!.chainId).toBe('eip155:10')
  })
})
