import { describe, expect, it, vi } from 'vitest'
import { eip1193Connector, type Eip1193Provider } from './eip1193Connector.js'

/** An EIP-1193 provider that knows chain 1 only until 31337 is added. */
function provider() {
  const known = new Set([1])
  let chain = 1
  const listeners = new Map<string, Set<(...a: any[]) => void>>()
  const calls: string[] = []
  const p: Eip1193Provider & { emit(e: string, v: unknown): void } = {
    async request({ method, params }) {
      calls.push(method)
      const arg = (params as any[] | undefined)?.[0]
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return ['0xabc']
        case 'eth_chainId':
          return `0x${chain.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const id = Number.parseInt(arg.chainId, 16)
          if (!known.has(id)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          chain = id
          return null
        }
        case 'wallet_addEthereumChain':
          known.add(Number.parseInt(arg.chainId, 16))
          return null
        case 'personal_sign':
          return `signed:${arg}`
      }
      throw Object.assign(new Error('unsupported'), { code: 4200 })
    },
    on: (e, l) => void (listeners.get(e) ?? listeners.set(e, new Set()).get(e)!).add(l),
    removeListener: (e, l) => void listeners.get(e)?.delete(l),
    emit: (e, v) => listeners.get(e)?.forEach((l) => l(v)),
  }
  return { p, calls }
}

const meta = { id: 'injected:test', connectorType: 'injected', walletClientType: 'metamask', name: 'Test' }
const chain31337 = { chainId: 31337, chainName: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }

describe('eip1193Connector', () => {
  it('connects, reads CAIP-2 chain ids and signs with personal_sign over hex UTF-8', async () => {
    const { p } = provider()
    const c = eip1193Connector(meta, async () => p)
    expect(await c.connect()).toEqual({ address: '0xabc', chainId: 'eip155:1' })
    expect(await c.signMessage('0xabc', 'hi')).toBe('signed:0x6869')
  })

  it('on 4902 adds the chain and switches again', async () => {
    const { p, calls } = provider()
    const c = eip1193Connector(meta, async () => p)
    await c.switchChain!(31337, chain31337)
    expect(calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(await c.getChainId()).toBe('eip155:31337')
    await expect(eip1193Connector(meta, async () => provider().p).switchChain!(5)).rejects.toMatchObject({ code: 4902 })
  })

  it('after the provider has loaded, a listener hears an event fired in the same tick', async () => {
    const { p } = provider()
    const c = eip1193Connector(meta, async () => p)
    await c.connect()
    const accounts = vi.fn()
    c.onAccountsChanged(accounts)
    p.emit('accountsChanged', ['0x1'])
    expect(accounts).toHaveBeenCalledWith(['0x1'])
  })

  it('relays accountsChanged and chainChanged, and stops relaying after unsubscribe', async () => {
    const { p } = provider()
    const c = eip1193Connector(meta, async () => p)
    const accounts = vi.fn()
    const chains = vi.fn()
    const stop = c.onAccountsChanged(accounts)
    c.onChainChanged(chains)
    await new Promise((r) => setTimeout(r, 0))
    p.emit('accountsChanged', ['0xdef'])
    p.emit('chainChanged', '0x2105')
    expect(accounts).toHaveBeenCalledWith(['0xdef'])
    expect(chains).toHaveBeenCalledWith('eip155:8453')
    stop()
    p.emit('accountsChanged', [])
    expect(accounts).toHaveBeenCalledTimes(1)
  })
})
