// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import bs58 from 'bs58'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../core/client/createFoyer.js'
import { definePlugin, type FoyerPlugin } from '../../core/client/plugin.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID } from '../../test/kit/renderWithFoyer.js'
import { FoyerContext } from '../../ui/FoyerContext.js'
import { useSignAndSendTransaction, useSignMessage, useSignTransaction, useWallets } from './solana.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const c of cleanups.splice(0)) c()
})

type Tx = { serialize(): Uint8Array; constructor: { deserialize(b: Uint8Array): unknown } }
const SIGNATURE = Uint8Array.from({ length: 64 }, (_, i) => i)

/** A wallet-standard-like Solana connector: signs by reversing the bytes, sends answering a fixed base58 signature. */
function solanaConnector(id: string, address: string, walletClientType = id): WalletConnector {
  return {
    id, chain: 'solana', connectorType: 'solana_adapter', walletClientType, name: id, installed: true,
    connect: async () => ({ address, chainId: 'solana:mainnet' }),
    disconnect: async () => {},
    getAccounts: async () => [address],
    getChainId: async () => 'solana:mainnet',
    getProvider: async () => null,
    signMessage: async () => 'base58',
    signMessageBytes: async (_a: string, message: Uint8Array) => Uint8Array.from([...message].reverse()),
    signSolanaTransaction: (async (_a: string, tx: Tx) => tx.constructor.deserialize(Uint8Array.from([...tx.serialize()].reverse()))) as WalletConnector['signSolanaTransaction'],
    sendSolanaTransaction: vi.fn(async () => bs58.encode(SIGNATURE)),
    onAccountsChanged: () => () => {},
    onChainChanged: () => () => {},
    onDisconnect: () => () => {},
  }
}
const walletsPlugin = (connectors: WalletConnector[]) =>
  definePlugin({ id: 'test-wallets', kind: 'connector', connectors: () => ({ discover: (update) => (update(connectors), () => {}) }) })

async function setup(connector: WalletConnector, extra: FoyerPlugin[] = []) {
  const foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins: [walletsPlugin([connector]), ...extra], fetch: handlerFetch().fetch, storage: createMemoryStorage() })
  const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer}>{children}</FoyerContext.Provider>
  const { result } = renderHook(() => ({ wallets: useWallets(), ...useSignMessage(), ...useSignTransaction(), ...useSignAndSendTransaction() }), { wrapper })
  await act(() => foyer.init())
  cleanups.push(() => foyer.destroy())
  await act(async () => void (await foyer.wallets.connect(connector.id)))
  return result
}

describe("foyer/privy/solana: Privy's byte-level Solana hooks over Foyer's Solana wallets", () => {
  it('useWallets lists the wallet-standard shaped wallet; useSignMessage resolves { signature } bytes', async () => {
    const result = await setup(solanaConnector('phantom', 'PhAnToM111'))
    const wallet = result.current.wallets.wallets[0]!
    expect(wallet).toMatchObject({ address: 'PhAnToM111', standardWallet: { name: 'phantom' } })
    await expect(result.current.signMessage({ message: Uint8Array.from([1, 2, 3]), wallet })).resolves.toEqual({ signature: Uint8Array.from([3, 2, 1]) })
  })

  it('useSignTransaction hands the wallet the serialized bytes and resolves { signedTransaction } bytes', async () => {
    const connector = solanaConnector('phantom', 'PhAnToM111')
    const result = await setup(connector)
    const wallet = result.current.wallets.wallets[0]!
    const { signedTransaction } = await result.current.signTransaction({ transaction: Uint8Array.from([9, 8, 7]), wallet })
    expect([...signedTransaction]).toEqual([7, 8, 9])
  })

  it("useSignAndSendTransaction resolves { signature } as bytes (the base58 decoded); devnet sends over devnet's RPC", async () => {
    const connector = solanaConnector('phantom', 'PhAnToM111')
    const result = await setup(connector)
    const wallet = result.current.wallets.wallets[0]!
    const { signature } = await result.current.signAndSendTransaction({ transaction: Uint8Array.from([5]), wallet, chain: 'solana:devnet' })
    expect(signature).toEqual(SIGNATURE)
    const [, tx, connection] = vi.mocked(connector.sendSolanaTransaction!).mock.calls[0]!
    expect([...(tx as Tx).serialize()]).toEqual([5])
    expect(connection).toEqual({ rpcEndpoint: 'https://api.devnet.solana.com' })
  })

  it("the embedded wallet's send goes through its confirmation (sendSolanaTransaction) with the uiOptions, several inputs one by one", async () => {
    const sendSolanaTransaction = vi.fn(async () => ({ signature: bs58.encode(SIGNATURE) }))
    const stub = definePlugin({ id: 'wallet-stub', kind: 'feature', actions: () => ({ sendSolanaTransaction }) })
    const result = await setup(solanaConnector('embedded', 'EmBeD111', 'privy'), [stub])
    const wallet = result.current.wallets.wallets[0]!
    const options = { uiOptions: { description: 'Mint' } }
    const sent = await result.current.signAndSendTransaction({ transaction: Uint8Array.from([1]), wallet, options }, { transaction: Uint8Array.from([2]), wallet })
    expect(sent).toEqual([{ signature: SIGNATURE }, { signature: SIGNATURE }])
    expect(sendSolanaTransaction).toHaveBeenCalledTimes(2)
    expect(sendSolanaTransaction.mock.calls[0]).toEqual([expect.anything(), undefined, { address: 'EmBeD111', uiOptions: { description: 'Mint' } }])
  })
})
