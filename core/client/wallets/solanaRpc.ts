// Solana JSON-RPC over fetch (no @solana/web3.js), for the embedded wallet's Solana transactions and the funding
// transfer from an external Solana wallet.
/** A Solana JSON-RPC failure; `logs` are the program logs of a failed preflight ('Transaction simulation failed'). */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    message: string,
    readonly code: number | null,
    readonly logs: string[] = [],
  ) {
    super(message)
  }
}

/** The confirmation didn't come in time: the transaction may still land ('Try again' checks its signature first). */
export class SolanaConfirmationTimeoutError extends SolanaRpcError {
  override name = 'SolanaConfirmationTimeoutError'
  constructor(readonly signature: string) {
    super('Timed out waiting for the transaction confirmation', null)
  }
}

/** The WebSocket URL of an RPC URL: http → ws, https → wss, an explicit port + 1 (as web3.js's Connection). */
export function solanaWsUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (url.port) url.port = String(Number(url.port) + 1)
  return url.toString()
}

let nextId = 1

/** One JSON-RPC call over HTTP (no @solana/web3.js: the preview and the send stay light). */
export async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[] = [], fetchFn: typeof globalThis.fetch = globalThis.fetch): Promise<T> {
  const res = await fetchFn(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }) })
  if (!res.ok) throw new SolanaRpcError(`${method}: HTTP ${res.status}`, res.status)
  const body = (await res.json()) as { result?: T; error?: { code?: number; message?: string; data?: { logs?: unknown } } }
  if (body.error) {
    const logs = Array.isArray(body.error.data?.logs) ? (body.error.data.logs as unknown[]).map(String) : []
    throw new SolanaRpcError(body.error.message ?? `${method} failed`, body.error.code ?? null, logs)
  }
  return body.result as T
}

/** The log lines worth showing the user: the ones saying the wallet lacks lamports (or funds). */
export function insufficientFundsLines(logs: readonly string[]): string[] {
  return logs.filter((line) => /insufficient (lamports|funds)/i.test(line))
}

const base64 = (bytes: Uint8Array) => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Sends a signed transaction (base64, with preflight); answers its signature. */
export function sendSolanaRawTransaction(rpcUrl: string, signed: Uint8Array, fetchFn?: typeof globalThis.fetch): Promise<string> {
  return solanaRpc<string>(rpcUrl, 'sendTransaction', [base64(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }], fetchFn)
}

/** The fee of a message in lamports (getFeeForMessage); null when the node can't say. */
export async function solanaFeeForMessage(rpcUrl: string, message: Uint8Array, fetchFn?: typeof globalThis.fetch): Promise<bigint | null> {
  const answer = await solanaRpc<{ value: number | null }>(rpcUrl, 'getFeeForMessage', [base64(message), { commitment: 'confirmed' }], fetchFn)
  return answer.value === null ? null : BigInt(answer.value)
}

/** The balance of `address` in lamports. */
export async function solanaBalance(rpcUrl: string, address: string, fetchFn?: typeof globalThis.fetch): Promise<bigint> {
  const answer = await solanaRpc<{ value: number }>(rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }], fetchFn)
  return BigInt(answer.value)
}

/** Where a sent transaction is: 'confirmed' (or finalized), 'failed' (its error), 'pending' (seen, not confirmed), or 'unknown' to the node. */
export type SolanaSignatureState = { state: 'confirmed' } | { state: 'failed'; err: unknown } | { state: 'pending' } | { state: 'unknown' }

/** The node's status of `signature` (getSignatureStatuses, searching the history for an older one). */
export async function solanaSignatureState(rpcUrl: string, signature: string, fetchFn?: typeof globalThis.fetch): Promise<SolanaSignatureState> {
  const answer = await solanaRpc<{ value: ({ err: unknown; confirmationStatus?: string | null } | null)[] }>(
    rpcUrl,
    'getSignatureStatuses',
    [[signature], { searchTransactionHistory: true }],
    fetchFn,
  )
  const status = answer.value[0]
  if (!status) return { state: 'unknown' }
  if (status.err) return { state: 'failed', err: status.err }
  return status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized' ? { state: 'confirmed' } : { state: 'pending' }
}

/** How long a send waits for its confirmation. */
export const SOLANA_CONFIRM_TIMEOUT_MS = 60_000
const POLL_MS = 1000

/**
 * Waits until `signature` is confirmed: a signatureSubscribe on the node's WebSocket, with getSignatureStatuses polled
 * beside it (a node without the socket still confirms). Rejects with the transaction's error, or on timeout.
 */
export function confirmSolanaSignature(rpcUrl: string, wsUrl: string, signature: string, timeoutMs = SOLANA_CONFIRM_TIMEOUT_MS, fetchFn?: typeof globalThis.fetch): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let done = false
    let socket: WebSocket | null = null
    let poll: ReturnType<typeof setTimeout> | undefined
    const finish = (error?: Error) => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearTimeout(poll)
      try {
        socket?.close()
      } catch {}
      if (error) reject(error)
      else resolve()
    }
    const settle = (err: unknown) => finish(err ? new SolanaRpcError(`Transaction failed: ${JSON.stringify(err)}`, null) : undefined)
    const timer = setTimeout(() => finish(new SolanaConfirmationTimeoutError(signature)), timeoutMs)
    try {
      if (typeof WebSocket !== 'undefined') {
        socket = new WebSocket(wsUrl)
        socket.onopen = () => socket?.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: [signature, { commitment: 'confirmed' }] }))
        socket.onmessage = (event) => {
          try {
            const message = JSON.parse(String(event.data)) as { method?: string; params?: { result?: { value?: { err?: unknown } } } }
            if (message.method === 'signatureNotification') settle(message.params?.result?.value?.err ?? null)
          } catch {}
        }
        socket.onerror = () => undefined
      }
    } catch {
      socket = null
    }
    const check = async () => {
      if (done) return
      try {
        const answer = await solanaRpc<{ value: ({ err: unknown; confirmationStatus?: string } | null)[] }>(rpcUrl, 'getSignatureStatuses', [[signature]], fetchFn)
        const status = answer.value[0]
        if (status && (status.err || status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return settle(status.err)
      } catch {}
      if (!done) poll = setTimeout(check, POLL_MS)
    }
    poll = setTimeout(check, POLL_MS)
  })
}
