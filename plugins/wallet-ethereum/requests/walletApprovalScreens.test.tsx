// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { kitAccessToken, kitUser } from '../../../test/kit/fakeWalletFrame.js'
import { renderWithFoyer } from '../../../test/kit/renderWithFoyer.js'
import type { AddChainParams } from './addEthereumChain.js'
import { embeddedWallet, useWatchedAssets } from '../../embedded-wallet/index.js'
import { rememberWatchedAsset } from '../../../test/kit/embeddedWalletInternals.js'
import { ADD_CHAIN_SCREEN, WATCH_ASSET_SCREEN } from '../index.js'
import type { WatchAssetParams } from './watchAsset.js'

afterEach(cleanup)

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Shows `screen` as the provider does; answers its dialog and the request's outcome. */
async function show(id: string, params: unknown) {
  const { foyer } = await renderWithFoyer(<div />, { plugins: [embeddedWallet()] })
  let outcome: Promise<{ value: unknown } | { code: unknown }> = Promise.resolve({ value: undefined })
  act(() => {
    outcome = foyer.modal.request(id, params, { intent: 'sign' }).then(
      (value) => ({ value }),
      (error: { code?: unknown }) => ({ code: error.code }),
    )
  })
  return { dialog: within(await screen.findByRole('dialog')), outcome: () => outcome }
}

const rows = (dialog: ReturnType<typeof within>, ids: string[]) => ids.map((id) => dialog.getByTestId(id).textContent)

describe("'Add suggested token' and 'Add network' (the provider's approvals), and useWatchedAssets", () => {
  it('useWatchedAssets follows the signed-in user: a newly watched token re-renders it, filtered by wallet and chain; none after logout', async () => {
    const Tokens = () => <ul>{useWatchedAssets({ chainId: 31337 }).assets.map((a) => <li key={a.address}>{`${a.symbol} ${a.wallet}`}</li>)}</ul>
    const { foyer } = await renderWithFoyer(<Tokens />, { plugins: [embeddedWallet()] })
    act(() => void foyer.session.handleTokenResponse({ user: kitUser([]), token: kitAccessToken(), refresh_token: 'r', session_update_action: 'set' } as never))
    expect(screen.queryAllByRole('listitem')).toEqual([])
    act(() => {
      rememberWatchedAsset(foyer, { wallet: WALLET, chainId: 31337, type: 'ERC20', address: TOKEN, symbol: 'USDC', decimals: 6 })
      rememberWatchedAsset(foyer, { wallet: WALLET, chainId: 1, type: 'ERC20', address: TOKEN, symbol: 'MAIN', decimals: 6 })
    })
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([`USDC ${WALLET}`])
    await act(() => foyer.session.logout())
    expect(screen.queryAllByRole('listitem')).toEqual([])
  })

  it("'Add suggested token': symbol, name, the full contract address, decimals, network and balance; 'Add token' answers true", async () => {
    const params: WatchAssetParams = { wallet: WALLET, chainId: 31337, chainName: 'Local 31337', token: { address: TOKEN, symbol: 'USDC', decimals: 6, name: 'USD Coin' }, balance: 5_250_000n }
    const { dialog, outcome } = await show(WATCH_ASSET_SCREEN, params)
    expect(await dialog.findByRole('heading', { name: 'Add suggested token' })).toBeTruthy()
    expect(rows(dialog, ['foyer-watch-asset-symbol', 'foyer-watch-asset-name', 'foyer-watch-asset-address', 'foyer-watch-asset-decimals', 'foyer-watch-asset-network', 'foyer-watch-asset-balance'])).toEqual([
      'TokenUSDC',
      'NameUSD Coin',
      `Contract${TOKEN}`,
      'Decimals6',
      'NetworkLocal 31337',
      'Balance5.25 USDC',
    ])
    fireEvent.click(dialog.getByRole('button', { name: 'Add token' }))
    expect(await outcome()).toEqual({ value: true })
  })

  it("'Add network': name, chain id, RPC URL, currency, explorer and the warning; Cancel is the 4001 rejection", async () => {
    const params: AddChainParams = {
      chain: { id: 31338, name: 'Second chain', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example.test'] } }, blockExplorers: { default: { url: 'https://explorer.example.test' } } },
    }
    const { dialog, outcome } = await show(ADD_CHAIN_SCREEN, params)
    expect(await dialog.findByRole('heading', { name: 'Add network' })).toBeTruthy()
    expect(rows(dialog, ['foyer-add-chain-name', 'foyer-add-chain-id', 'foyer-add-chain-rpc', 'foyer-add-chain-currency', 'foyer-add-chain-explorer'])).toEqual([
      'Network nameSecond chain',
      'Chain ID31338',
      'RPC URLhttps://rpc.example.test',
      'CurrencyETH (Ether)',
      'Block explorerhttps://explorer.example.test',
    ])
    expect(dialog.getByRole('note').textContent).toMatch(/^Networks added by apps can be malicious/)
    expect(dialog.getByRole('button', { name: 'Approve' })).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    expect(await outcome()).toEqual({ code: 'USER_REJECTED_REQUEST' })
  })
})
