import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { jsonRpc } from './anvil.js'
import { closeServer, readBody as read } from './httpStandin.js'

/** A quote request the stand-in received (Relay's body). */
export interface RelayQuoteBody {
  user: string
  recipient: string
  originChainId: number
  destinationChainId: number
  originCurrency: string
  destinationCurrency: string
  amount: string
  tradeType: string
}

/** A running Relay-shaped bridge: quotes, and a solver that delivers on the destination chain once paid on the origin. */
export interface RelayStandin {
  url: string
  /** The EOA the quoted transactions pay on the origin chain. */
  solver: `0x${string}`
  /** The fee added to the amount (wei). */
  fee: bigint
  /** Quote requests received (with their path: '/quote' or '/execute/swap'). */
  quotes: Array<{ path: string; body: RelayQuoteBody }>
  /** Deliveries made on the destination chains. */
  deliveries: Array<{ chainId: number; recipient: string; amount: bigint }>
  /** The next quote answers this error (status 400, `{ message }`). */
  failNext(message: string): void
  close(): Promise<void>
}

/**
 * Relay's quote API on a local port: POST /quote (and /execute/swap) with tradeType EXACT_OUTPUT answers
 * steps[0].items[0].data = { from: user, to: solver, value: amount + fee, chainId: origin, data: requestId }. The
 * stand-in then watches the origin anvil's blocks for that deposit (to the solver, with the request id as data); once it
 * is mined it pays the recipient the amount on the destination anvil (anvil_setBalance), as Relay's solver would. `rpcUrls`: chain id → anvil RPC URL.
 */
export async function startRelayStandin(options: { rpcUrls: Record<number, string>; fee?: bigint }): Promise<RelayStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let failure: string | null = null
  const watchers = new Set<ReturnType<typeof setTimeout>>()
  const standin: RelayStandin = {
    url,
    solver: `0x${randomBytes(20).toString('hex')}`, // lower case: compared with the blocks' `to`
    fee: options.fee ?? 10n ** 14n,
    quotes: [],
    deliveries: [],
    failNext: (message) => void (failure = message),
    close: async () => {
      for (const timer of watchers) clearTimeout(timer)
      await closeServer(server)
    },
  }
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST, OPTIONS' }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', ...cors })
    res.end(JSON.stringify(body))
  }
  const balance = async (rpcUrl: string, address: string) => BigInt(await jsonRpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']))

  /**
   * Waits (polling every 250 ms, up to 2 min) for the quote's deposit on the origin chain: a successful transaction to the
   * solver carrying the quote's request id as its data, with at least the quoted value. Then delivers the amount.
   */
  const watch = (body: RelayQuoteBody, requestId: string, fromBlock: bigint, value: bigint) => {
    const origin = options.rpcUrls[body.originChainId]!
    const destination = options.rpcUrls[body.destinationChainId]!
    const deadline = Date.now() + 120_000
    let next = fromBlock
    const tick = async () => {
      try {
        const latest = BigInt(await jsonRpc<string>(origin, 'eth_blockNumber'))
        for (; next <= latest; next++) {
          const block = await jsonRpc<{ transactions: Array<{ hash: string; to: string | null; input: string; value: string }> }>(origin, 'eth_getBlockByNumber', [`0x${next.toString(16)}`, true])
          const deposit = block.transactions.find((tx) => tx.to?.toLowerCase() === standin.solver && tx.input === requestId && BigInt(tx.value) >= value)
          if (!deposit) continue
          const receipt = await jsonRpc<{ status: string }>(origin, 'eth_getTransactionReceipt', [deposit.hash])
          if (receipt.status !== '0x1') continue
          const amount = BigInt(body.amount)
          const current = await balance(destination, body.recipient)
          await jsonRpc(destination, 'anvil_setBalance', [body.recipient, `0x${(current + amount).toString(16)}`])
          standin.deliveries.push({ chainId: body.destinationChainId, recipient: body.recipient, amount })
          return
        }
      } catch {
        // anvil busy or stopping: retried
      }
      if (Date.now() < deadline) {
        const timer = setTimeout(() => {
          watchers.delete(timer)
          void tick()
        }, 250)
        watchers.add(timer)
      }
    }
    void tick()
  }

  server.on('request', async (req, res) => {
    try {
      const path = new URL(req.url ?? '/', url).pathname
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors)
        return res.end()
      }
      if (req.method !== 'POST' || (path !== '/quote' && path !== '/execute/swap')) return json(res, 404, { message: 'Not found' })
      const body = JSON.parse(await read(req)) as RelayQuoteBody
      standin.quotes.push({ path, body })
      if (failure) {
        const message = failure
        failure = null
        return json(res, 400, { message })
      }
      const valid = (a: unknown) => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)
      if (!valid(body.user) || !valid(body.recipient)) return json(res, 400, { message: 'Invalid address' })
      if (body.tradeType !== 'EXACT_OUTPUT' || !/^\d+$/.test(String(body.amount))) return json(res, 400, { message: 'Invalid trade' })
      if (!options.rpcUrls[body.originChainId] || !options.rpcUrls[body.destinationChainId]) return json(res, 400, { message: `Unsupported chain` })
      const value = BigInt(body.amount) + standin.fee
      // Relay's deposits carry the request id as calldata: the solver matches a deposit to its quote by it.
      const requestId = `0x${randomBytes(32).toString('hex')}`
      const fromBlock = BigInt(await jsonRpc<string>(options.rpcUrls[body.originChainId]!, 'eth_blockNumber'))
      watch(body, requestId, fromBlock, value)
      return json(res, 200, {
        steps: [
          {
            id: 'deposit',
            action: 'Confirm transaction in your wallet',
            kind: 'transaction',
            items: [{ status: 'incomplete', data: { from: body.user, to: standin.solver, value: value.toString(), chainId: body.originChainId, data: requestId } }],
          },
        ],
        fees: { relayer: { amount: standin.fee.toString() } },
        details: { operation: 'bridge' },
      })
    } catch (error) {
      json(res, 500, { message: (error as Error).message })
    }
  })
  return standin
}
