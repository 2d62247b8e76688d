import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PublicKey, SystemProgram, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { WebSocketServer, type WebSocket } from 'ws'

/** The fee litesvm charges (and the stand-in quotes): 5000 lamports a signature. */
export const LAMPORTS_PER_SIGNATURE = 5000

/** A running Solana JSON-RPC stand-in over litesvm. */
export interface SolanaRpcStandin {
  /** The HTTP JSON-RPC URL (`http://127.0.0.1:{port}`). */
  rpcUrl: string
  /** The WebSocket URL (`ws://127.0.0.1:{port + 1}`, web3.js's convention): signatureSubscribe. */
  wsUrl: string
  svm: LiteSVM
  /** Credits `lamports` to `address` (litesvm's airdrop). */
  fund(address: string, lamports: bigint): void
  /** Sets `address`'s balance (its lamports, whatever a transfer or an airdrop left). */
  setBalance(address: string, lamports: bigint): void
  balance(address: string): bigint
  /** The methods called so far, in order (tests assert on the chain reads). */
  calls: string[]
  stop(): Promise<void>
}

interface Status {
  slot: number
  err: unknown
  logs: string[]
}

type RpcError = { code: number; message: string; data?: unknown }
class RpcFailure extends Error {
  constructor(readonly error: RpcError) {
    super(error.message)
  }
}

const context = (svm: LiteSVM) => ({ apiVersion: '2.2.0', slot: Number(svm.getClock().slot) })

/** The number of signatures a serialized message requires (its header's first byte; v0 messages carry a prefix). */
export function requiredSignatures(message: Uint8Array): number {
  return message[(message[0]! & 0x80) !== 0 ? 1 : 0]!
}

/** litesvm's error as a JSON-RPC-ish value (InstructionError: [index, detail]). */
function errorValue(failed: FailedTransactionMetadata): unknown {
  const err = failed.err() as unknown
  if (err && typeof err === 'object' && 'index' in err) {
    const { index, err: detail } = err as { index: number; err: unknown }
    return { InstructionError: [index, typeof detail === 'object' && detail ? String((detail as object).toString()) : String(detail)] }
  }
  return String((err as object | undefined)?.toString?.() ?? err)
}

/** A node's wording of a failure: 'Error processing Instruction 0: custom program error: 0x1'. */
function simulationMessage(failed: FailedTransactionMetadata): string {
  const text = failed.toString()
  const custom = /InstructionError\((\d+), Custom\((\d+)\)\)/.exec(text)
  if (custom) return `Error processing Instruction ${custom[1]}: custom program error: 0x${Number(custom[2]).toString(16)}`
  const other = /InstructionError\((\d+), (\w+)/.exec(text)
  if (other) return `Error processing Instruction ${other[1]}: ${other[2]}`
  return /err: (\w+)/.exec(text)?.[1] ?? 'Transaction failed'
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function listen(server: Server | null, port: number): Promise<number> {
  const srv = server ?? createServer()
  await new Promise<void>((resolve, reject) => {
    srv.once('error', reject)
    srv.listen(port, '127.0.0.1', () => resolve())
  })
  return (srv.address() as AddressInfo).port
}

/**
 * A Solana JSON-RPC node over litesvm 0.8 (ARCHITECTURE §16): the HTTP methods a wallet and web3.js's Connection use,
 * plus `signatureSubscribe` on a WebSocket at port + 1. Blockhash checks are off and the blockhash expires after each
 * send (litesvm refuses a transaction it has already seen); the fee is 5000 lamports × signatures. A failed send answers
 * a real node's preflight error: -32002 'Transaction simulation failed: …' with the program logs in `data.logs`.
 */
export async function startSolanaRpcStandin(options: { port?: number } = {}): Promise<SolanaRpcStandin> {
  const svm = new LiteSVM().withBlockhashCheck(false)
  const statuses = new Map<string, Status>()
  const subscribers = new Map<string, Set<{ socket: WebSocket; id: number }>>()
  const calls: string[] = []
  let nextSubscription = 1

  const notify = (signature: string) => {
    const status = statuses.get(signature)
    const waiting = subscribers.get(signature)
    if (!status || !waiting) return
    subscribers.delete(signature)
    for (const { socket, id } of waiting) {
      socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'signatureNotification', params: { subscription: id, result: { context: context(svm), value: { err: status.err } } } }))
    }
  }

  const decodeTransaction = (encoded: unknown, config: { encoding?: string } | undefined) => {
    if (typeof encoded !== 'string') throw new RpcFailure({ code: -32602, message: 'Invalid params: transaction must be a string' })
    const bytes = config?.encoding === 'base64' ? Buffer.from(encoded, 'base64') : bs58.decode(encoded)
    try {
      return VersionedTransaction.deserialize(bytes)
    } catch (error) {
      throw new RpcFailure({ code: -32602, message: `Invalid params: failed to deserialize transaction: ${(error as Error).message}` })
    }
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
    getSlot: () => Number(svm.getClock().slot),
    getBlockHeight: () => Number(svm.getClock().slot),
    getEpochInfo: () => ({ absoluteSlot: Number(svm.getClock().slot), blockHeight: Number(svm.getClock().slot), epoch: 0, slotIndex: 0, slotsInEpoch: 432000, transactionCount: statuses.size }),
    getLatestBlockhash: () => ({ context: context(svm), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: Number(svm.getClock().slot) + 150 } }),
    isBlockhashValid: () => ({ context: context(svm), value: true }),
    getBalance: ([address]) => ({ context: context(svm), value: Number(svm.getBalance(new PublicKey(String(address))) ?? 0n) }),
    getAccountInfo: ([address]) => {
      const account = svm.getAccount(new PublicKey(String(address)))
      if (!account) return { context: context(svm), value: null }
      return {
        context: context(svm),
        value: {
          data: [Buffer.from(account.data).toString('base64'), 'base64'],
          executable: account.executable,
          lamports: Number(account.lamports),
          owner: account.owner.toBase58(),
          rentEpoch: 0,
          space: account.data.length,
        },
      }
    },
    getMinimumBalanceForRentExemption: ([size]) => Number(svm.minimumBalanceForRentExemption(BigInt(Number(size ?? 0)))),
    getFeeForMessage: ([message]) => ({ context: context(svm), value: LAMPORTS_PER_SIGNATURE * requiredSignatures(Buffer.from(String(message), 'base64')) }),
    requestAirdrop: ([address, lamports]) => {
      const result = svm.airdrop(new PublicKey(String(address)), BigInt(Number(lamports)))
      if (!result || result instanceof FailedTransactionMetadata) throw new RpcFailure({ code: -32603, message: 'airdrop failed' })
      const signature = bs58.encode(result.signature())
      statuses.set(signature, { slot: Number(svm.getClock().slot), err: null, logs: result.logs() })
      svm.expireBlockhash()
      return signature
    },
    simulateTransaction: ([encoded, config]) => {
      const tx = decodeTransaction(encoded, config as { encoding?: string })
      const result = svm.simulateTransaction(tx)
      if (result instanceof FailedTransactionMetadata) {
        return { context: context(svm), value: { err: errorValue(result), logs: result.meta().logs(), accounts: null, unitsConsumed: Number(result.meta().computeUnitsConsumed()) } }
      }
      return { context: context(svm), value: { err: null, logs: result.meta().logs(), accounts: null, unitsConsumed: Number(result.meta().computeUnitsConsumed()) } }
    },
    sendTransaction: ([encoded, config]) => {
      const tx = decodeTransaction(encoded, config as { encoding?: string })
      const signature = bs58.encode(tx.signatures[0]!)
      // Preflight (unless skipped), as a node: a failing transaction is refused before it lands, and charges nothing.
      const preflight = (config as { skipPreflight?: boolean } | undefined)?.skipPreflight ? null : svm.simulateTransaction(tx)
      const result = preflight instanceof FailedTransactionMetadata ? preflight : svm.sendTransaction(tx)
      if (result instanceof FailedTransactionMetadata && !preflight) {
        // Skipped preflight: the failed transaction landed (its fee paid) with its error.
        statuses.set(signature, { slot: Number(svm.getClock().slot), err: errorValue(result), logs: result.meta().logs() })
        svm.expireBlockhash()
        setTimeout(() => notify(signature), 0)
        return signature
      }
      if (result instanceof FailedTransactionMetadata) {
        const logs = result.meta().logs()
        throw new RpcFailure({
          code: -32002,
          message: `Transaction simulation failed: ${simulationMessage(result)}`,
          data: { err: errorValue(result), logs, accounts: null, unitsConsumed: Number(result.meta().computeUnitsConsumed()), returnData: null },
        })
      }
      statuses.set(signature, { slot: Number(svm.getClock().slot), err: null, logs: result.logs() })
      // A new blockhash for the next transaction, and the slot moves on.
      svm.expireBlockhash()
      svm.warpToSlot(svm.getClock().slot + 1n)
      setTimeout(() => notify(signature), 0)
      return signature
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(svm),
      value: (signatures as string[]).map((signature) => {
        const status = statuses.get(signature)
        return status ? { slot: status.slot, confirmations: null, err: status.err, status: { Ok: null }, confirmationStatus: 'finalized' } : null
      }),
    }),
    getTransaction: ([signature]) => {
      const status = statuses.get(String(signature))
      if (!status) return null
      return { slot: status.slot, blockTime: Math.floor(Date.now() / 1000), meta: { err: status.err, logMessages: status.logs, fee: LAMPORTS_PER_SIGNATURE }, transaction: null }
    },
  }

  const answer = (request: { id?: unknown; method?: unknown; params?: unknown }) => {
    const id = request.id ?? null
    const method = methods[String(request.method)]
    calls.push(String(request.method))
    if (!method) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
    try {
      return { jsonrpc: '2.0', id, result: method(Array.isArray(request.params) ? request.params : []) }
    } catch (error) {
      if (error instanceof RpcFailure) return { jsonrpc: '2.0', id, error: error.error }
      return { jsonrpc: '2.0', id, error: { code: -32603, message: (error as Error).message } }
    }
  }

  const http = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', '*')
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS')
    if (req.method === 'OPTIONS') return res.writeHead(204).end()
    if (req.method !== 'POST') return res.writeHead(405).end()
    let parsed: unknown
    try {
      parsed = JSON.parse(await body(req))
    } catch {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
    }
    const result = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed as Record<string, unknown>)
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result))
  })

  // Two ports side by side: retry when port + 1 is taken.
  let port = 0
  let wss: WebSocketServer | null = null
  // A given port (npm start's local stack) is tried once: it and port + 1 must be free.
  for (let attempt = 0; attempt < (options.port ? 1 : 10) && !wss; attempt++) {
    port = await listen(http, options.port ?? 0)
    const wsServer = createServer()
    try {
      await listen(wsServer, port + 1)
      wss = new WebSocketServer({ server: wsServer })
    } catch {
      await new Promise<void>((resolve) => http.close(() => resolve()))
    }
  }
  if (!wss) throw new Error(options.port ? `solana rpc: port ${options.port + 1} (its WebSocket) is in use` : 'solana rpc stand-in: no free port pair')
  wss.on('connection', (socket) => {
    socket.on('message', (raw) => {
      let request: { id?: number; method?: string; params?: unknown[] }
      try {
        request = JSON.parse(String(raw))
      } catch {
        return
      }
      calls.push(String(request.method))
      if (request.method === 'signatureSubscribe') {
        const signature = String(request.params?.[0])
        const id = nextSubscription++
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: id }))
        const set = subscribers.get(signature) ?? new Set()
        set.add({ socket, id })
        subscribers.set(signature, set)
        if (statuses.has(signature)) notify(signature)
      } else if (request.method === 'signatureUnsubscribe' || request.method === 'slotUnsubscribe') {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: true }))
      } else if (request.method === 'slotSubscribe') {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: nextSubscription++ }))
      } else {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id ?? null, error: { code: -32601, message: 'Method not found' } }))
      }
    })
  })
  const wsHttp = wss.options.server as Server

  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port + 1}`,
    svm,
    calls,
    fund(address, lamports) {
      svm.airdrop(new PublicKey(address), lamports)
      svm.expireBlockhash()
    },
    setBalance(address, lamports) {
      const key = new PublicKey(address)
      const account = svm.getAccount(key) ?? { executable: false, owner: SystemProgram.programId, data: new Uint8Array(), rentEpoch: 0, lamports: 0 }
      svm.setAccount(key, { ...account, lamports: Number(lamports) })
    },
    balance: (address) => svm.getBalance(new PublicKey(address)) ?? 0n,
    async stop() {
      for (const client of wss!.clients) client.terminate()
      await new Promise<void>((resolve) => wss!.close(() => resolve()))
      await Promise.all([http, wsHttp].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
    },
  }
}
