import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js'
import { encodeFunctionData, erc20Abi } from 'viem'
import { jsonRpc } from './anvil.js'
import { closeServer, readBody as read } from './httpStandin.js'
import type { SolanaRpcStandin } from './solanaRpcStandin.js'

/** Relay's chain id for Solana. */
export const RELAY_SOLANA_CHAIN_ID = 792703809
/** Relay's currency id for native SOL (the System Program's address). */
export const RELAY_SOL_CURRENCY = '11111111111111111111111111111111'
/** Relay's currency id for an EVM chain's native currency. */
const NATIVE = '0x0000000000000000000000000000000000000000'
/** The stand-in's exchange rate: 1 SOL = 1 ETH, i.e. 1 lamport (10^-9 SOL) = 10^9 wei (10^-9 ETH). */
const WEI_PER_LAMPORT = 10n ** 9n

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

/** Mints ERC-20 tokens on an anvil chain (the test's token contract): the stand-in's solver delivers ERC-20s with it. */
export interface RelayErc20Minter {
  mint(chainId: number, token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<void>
}

/** A running Relay-shaped bridge: quotes, and a solver that delivers on the destination chain once paid on the origin. */
export interface RelayStandin {
  url: string
  /** The EOA the quoted transactions pay on the origin chain. */
  solver: `0x${string}`
  /** The fee added to the amount (wei) on native EVM deposits (EVM → EVM and EVM → Solana). */
  fee: bigint
  /** The fee added to Solana deposits (lamports; Solana → EVM). */
  solanaFee: bigint
  /** The fee added to ERC-20 deposits (token base units). */
  erc20Fee: bigint
  /** Quote requests received (with their path: '/quote' or '/execute/swap'). */
  quotes: Array<{ path: string; body: RelayQuoteBody }>
  /** Deliveries made on the destination chains (amount in the destination's base units: wei, lamports or token units). */
  deliveries: Array<{ chainId: number; recipient: string; amount: bigint }>
  /** The Solana deposit addresses quoted (Solana → EVM), one per quote, with the lamports each expects. */
  solanaDeposits: Array<{ address: string; lamports: bigint }>
  /** The next quote answers this error (status 400, `{ message }`). */
  failNext(message: string): void
  close(): Promise<void>
}

export interface RelayStandinOptions {
  /** Chain id → anvil RPC URL. */
  rpcUrls: Record<number, string>
  /** Native EVM deposit fee (wei); default 10^14. */
  fee?: bigint
  /** The Solana chain (Relay's chain id 792703809): enables EVM → Solana and Solana → EVM quotes for native SOL. */
  solana?: SolanaRpcStandin
  /** Solana deposit fee (lamports); default 100_000. */
  solanaFee?: bigint
  /** Enables ERC-20 → ERC-20 quotes between anvil chains (delivered by minting). */
  erc20?: RelayErc20Minter
  /** ERC-20 deposit fee (token base units); default 1000. */
  erc20Fee?: bigint
}

const isEvmAddress = (a: unknown): a is `0x${string}` => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)
const isSolanaAddress = (a: unknown): a is string => typeof a === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(a)
/** Relay's EVM native currency: the zero address (a body without a currency is taken as native too). */
const isNative = (currency: unknown) => currency === undefined || currency === null || (typeof currency === 'string' && currency.toLowerCase() === NATIVE)

/**
 * Relay's quote API on a local port: POST /quote (and /execute/swap) with tradeType EXACT_OUTPUT. Every answer carries
 * `details.currencyIn.amount` (what the user pays, origin base units) and `details.currencyOut.amount` (= body.amount).
 * Exchange rate: 1 SOL = 1 ETH (1 lamport = 10^9 wei). Directions:
 * - Native ETH between anvil chains: steps[0].items[0].data = { from: user, to: solver, value: amount + fee, chainId:
 *   origin, data: requestId }. The stand-in watches the origin anvil's blocks for that deposit (to the solver, with the
 *   request id as data); once mined it pays the recipient the amount on the destination anvil (anvil_setBalance).
 * - EVM → Solana (destination 792703809, currency SOL, amount in lamports, recipient base58): the same deposit with value
 *   = lamports × 10^9 + fee; delivered with `solana.fund(recipient, lamports)`.
 * - Solana → EVM (origin 792703809, user base58, amount in wei): Relay's Solana step, a System Program transfer of
 *   ceil(amount / 10^9) + solanaFee lamports from the user to a fresh deposit address (`solanaDeposits`); once that
 *   address holds them, the recipient is paid the amount on the destination anvil.
 * - ERC-20 between anvil chains (currencies are token addresses; needs `erc20`): data = { from: user, to: token, value:
 *   '0', chainId: origin, data: transfer(solver, amount + erc20Fee) ‖ requestId }; delivered with `erc20.mint`.
 * Chains without an RPC URL (and Solana without `solana`) answer 400 'Unsupported chain'.
 */
export async function startRelayStandin(options: RelayStandinOptions): Promise<RelayStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let failure: string | null = null
  let closed = false
  const watchers = new Set<ReturnType<typeof setTimeout>>()
  const standin: RelayStandin = {
    url,
    solver: `0x${randomBytes(20).toString('hex')}`, // lower case: compared with the blocks' `to`
    fee: options.fee ?? 10n ** 14n,
    solanaFee: options.solanaFee ?? 100_000n,
    erc20Fee: options.erc20Fee ?? 1000n,
    quotes: [],
    deliveries: [],
    solanaDeposits: [],
    failNext: (message) => void (failure = message),
    close: async () => {
      closed = true
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
  /** Pays `amount` wei to `recipient` on an anvil chain, as the solver's fill. */
  const payNative = async (chainId: number, recipient: string, amount: bigint) => {
    const rpcUrl = options.rpcUrls[chainId]!
    const current = await balance(rpcUrl, recipient)
    await jsonRpc(rpcUrl, 'anvil_setBalance', [recipient, `0x${(current + amount).toString(16)}`])
    standin.deliveries.push({ chainId, recipient, amount })
  }

  /** Runs `check` every 250 ms, up to 2 min, until it answers true (errors — anvil busy or stopping — are retried). */
  const poll = (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 120_000
    const tick = async () => {
      try {
        if (await check()) return
      } catch {
        // retried
      }
      if (Date.now() < deadline && !closed) {
        const timer = setTimeout(() => {
          watchers.delete(timer)
          void tick()
        }, 250)
        watchers.add(timer)
      }
    }
    void tick()
  }

  type BlockTx = { hash: string; to: string | null; input: string; value: string }
  /** Waits for a successful transaction on an anvil chain from `fromBlock` on that `matches`, then runs `deliver` once. */
  const watchEvm = (chainId: number, fromBlock: bigint, matches: (tx: BlockTx) => boolean, deliver: () => Promise<void>) => {
    const origin = options.rpcUrls[chainId]!
    let next = fromBlock
    poll(async () => {
      const latest = BigInt(await jsonRpc<string>(origin, 'eth_blockNumber'))
      for (; next <= latest; next++) {
        const block = await jsonRpc<{ transactions: BlockTx[] }>(origin, 'eth_getBlockByNumber', [`0x${next.toString(16)}`, true])
        for (const tx of block.transactions.filter(matches)) {
          const receipt = await jsonRpc<{ status: string }>(origin, 'eth_getTransactionReceipt', [tx.hash])
          if (receipt.status !== '0x1') continue
          await deliver()
          return true
        }
      }
      return false
    })
  }

  /** A native deposit to the solver carrying the request id as its data, with at least `value`. */
  const nativeDeposit = (requestId: string, value: bigint) => (tx: BlockTx) =>
    tx.to?.toLowerCase() === standin.solver && tx.input.toLowerCase() === requestId && BigInt(tx.value) >= value

  type Quote = { status: 400; message: string } | { status: 200; data: unknown; currencyIn: bigint; fee: bigint }

  const quote = async (body: RelayQuoteBody): Promise<Quote> => {
    const fail = (message: string): Quote => ({ status: 400, message })
    const fromSolana = body.originChainId === RELAY_SOLANA_CHAIN_ID
    const toSolana = body.destinationChainId === RELAY_SOLANA_CHAIN_ID
    const userValid = fromSolana ? isSolanaAddress(body.user) : isEvmAddress(body.user)
    const recipientValid = toSolana ? isSolanaAddress(body.recipient) : isEvmAddress(body.recipient)
    if (!userValid || !recipientValid) return fail('Invalid address')
    if (body.tradeType !== 'EXACT_OUTPUT' || !/^\d+$/.test(String(body.amount))) return fail('Invalid trade')
    const supported = (chainId: number) => (chainId === RELAY_SOLANA_CHAIN_ID ? !!options.solana : !!options.rpcUrls[chainId])
    if (!supported(body.originChainId) || !supported(body.destinationChainId) || (fromSolana && toSolana)) return fail('Unsupported chain')
    const amount = BigInt(body.amount)
    // Relay's deposits carry the request id as calldata: the solver matches a deposit to its quote by it.
    const requestId = `0x${randomBytes(32).toString('hex')}`

    if (fromSolana) {
      // Solana → EVM: native SOL for the destination's native currency.
      if (body.originCurrency !== RELAY_SOL_CURRENCY || !isNative(body.destinationCurrency)) return fail('Unsupported currency')
      const solana = options.solana!
      const lamports = (amount + WEI_PER_LAMPORT - 1n) / WEI_PER_LAMPORT + standin.solanaFee
      const depositAddress = Keypair.generate().publicKey.toBase58()
      const transfer = SystemProgram.transfer({ fromPubkey: new PublicKey(body.user), toPubkey: new PublicKey(depositAddress), lamports })
      standin.solanaDeposits.push({ address: depositAddress, lamports })
      // One check at a time (poll waits for each): delivered once, retried if anvil fails.
      poll(async () => {
        if (solana.balance(depositAddress) < lamports) return false
        await payNative(body.destinationChainId, body.recipient, amount)
        return true
      })
      const data = {
        instructions: [
          {
            keys: [
              { pubkey: body.user, isSigner: true, isWritable: true },
              { pubkey: depositAddress, isSigner: false, isWritable: true },
            ],
            programId: SystemProgram.programId.toBase58(),
            data: Buffer.from(transfer.data).toString('hex'),
          },
        ],
        addressLookupTableAddresses: [],
      }
      return { status: 200, data, currencyIn: lamports, fee: standin.solanaFee }
    }

    const fromBlock = BigInt(await jsonRpc<string>(options.rpcUrls[body.originChainId]!, 'eth_blockNumber'))

    if (toSolana) {
      // EVM → Solana: native ETH for native SOL, `amount` in lamports.
      if (!isNative(body.originCurrency) || body.destinationCurrency !== RELAY_SOL_CURRENCY) return fail('Unsupported currency')
      const solana = options.solana!
      const value = amount * WEI_PER_LAMPORT + standin.fee
      watchEvm(body.originChainId, fromBlock, nativeDeposit(requestId, value), async () => {
        solana.fund(body.recipient, amount)
        standin.deliveries.push({ chainId: RELAY_SOLANA_CHAIN_ID, recipient: body.recipient, amount })
      })
      return { status: 200, data: { from: body.user, to: standin.solver, value: value.toString(), chainId: body.originChainId, data: requestId }, currencyIn: value, fee: standin.fee }
    }

    if (isNative(body.originCurrency) && isNative(body.destinationCurrency)) {
      const value = amount + standin.fee
      watchEvm(body.originChainId, fromBlock, nativeDeposit(requestId, value), () => payNative(body.destinationChainId, body.recipient, amount))
      return { status: 200, data: { from: body.user, to: standin.solver, value: value.toString(), chainId: body.originChainId, data: requestId }, currencyIn: value, fee: standin.fee }
    }

    // ERC-20 → ERC-20 between anvil chains.
    const erc20 = options.erc20
    if (!erc20 || !isEvmAddress(body.originCurrency) || !isEvmAddress(body.destinationCurrency) || isNative(body.originCurrency) || isNative(body.destinationCurrency)) {
      return fail('Unsupported currency')
    }
    const token = body.originCurrency.toLowerCase()
    const total = amount + standin.erc20Fee
    const calldata = `${encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [standin.solver, total] })}${requestId.slice(2)}`.toLowerCase()
    const destinationToken = body.destinationCurrency
    const recipient = body.recipient as `0x${string}`
    watchEvm(body.originChainId, fromBlock, (tx) => tx.to?.toLowerCase() === token && tx.input.toLowerCase() === calldata, async () => {
      await erc20.mint(body.destinationChainId, destinationToken, recipient, amount)
      standin.deliveries.push({ chainId: body.destinationChainId, recipient, amount })
    })
    return { status: 200, data: { from: body.user, to: body.originCurrency, value: '0', chainId: body.originChainId, data: calldata }, currencyIn: total, fee: standin.erc20Fee }
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
      const answer = await quote(body)
      if (answer.status === 400) return json(res, 400, { message: answer.message })
      return json(res, 200, {
        steps: [
          {
            id: 'deposit',
            action: 'Confirm transaction in your wallet',
            kind: 'transaction',
            items: [{ status: 'incomplete', data: answer.data }],
          },
        ],
        fees: { relayer: { amount: answer.fee.toString() } },
        details: { operation: 'bridge', currencyIn: { amount: answer.currencyIn.toString() }, currencyOut: { amount: String(body.amount) } },
      })
    } catch (error) {
      json(res, 500, { message: (error as Error).message })
    }
  })
  return standin
}
