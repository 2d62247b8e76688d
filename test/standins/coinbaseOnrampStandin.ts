import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { parseEther } from 'viem'
import { jsonRpc } from './anvil.js'

/** A session token the stand-in handed out (Coinbase's: one use, 5 minutes). */
export interface CoinbaseSession {
  token: string
  addresses: { address: string; blockchains: string[] }[]
  assets: string[]
  clientIp: string | null
  expiresAt: number
  used: boolean
}

/** One onramp transaction as Coinbase's Transaction Status API answers it. */
export type CoinbaseTransaction = Record<string, unknown> & { status: string; partner_user_ref: string; created_at: string }

/** A verified CDP JWT the stand-in accepted. */
export interface CdpCall {
  method: string
  path: string
  header: Record<string, unknown>
  claims: Record<string, unknown>
  body: unknown
}

/** A running stand-in of Coinbase Onramp's APIs and pay page. */
export interface CoinbaseOnrampStandin {
  /** The API base (FOYER_COINBASE_API_URL) and the pay page's host. */
  url: string
  /** The pay page (the app's `"funding-coinbase": { "pay_url" }`). */
  payUrl: string
  /** The test CDP key: its name, its EC private key (SEC1 PEM, as Coinbase hands it out), the project id. */
  keyName: string
  privateKey: string
  projectId: string
  /** The Foyer server's environment for this stand-in. */
  env(): Record<string, string>
  /** Calls that passed the JWT check, in order. */
  calls: CdpCall[]
  /** Calls refused (bad JWT, claims, uri, expiry), with why. */
  refusals: string[]
  sessions: Map<string, CoinbaseSession>
  /** Transactions by partnerUserId, newest first. */
  transactions: Map<string, CoinbaseTransaction[]>
  /** What Buy records: a successful purchase that funds the wallet, or a failed one that doesn't. */
  outcome: 'success' | 'failed'
  /** Transaction Status answers that say IN_PROGRESS for a new purchase before its outcome (default 0). */
  inProgressPolls: number
  close(): Promise<void>
}

const read = async (req: IncomingMessage) => {
  let body = ''
  for await (const chunk of req) body += chunk
  return body
}
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Coinbase Onramp on a local port, for `rpcUrl`'s anvil: POST /onramp/v1/token (the CDP JWT checked with the test key's
 * public key: ES256, kid and sub the key name, iss 'cdp', nbf/exp ≤ 120 s, a nonce, uri '<METHOD> <host><path>';
 * answers {token, channel_id}), the pay page GET /buy/select-asset?sessionToken&… whose Buy button really funds the
 * session's address on anvil (anvil_setBalance + presetCryptoAmount ETH), records the purchase for partnerUserId and
 * closes the window, and GET /onramp/v1/buy/user/{partnerUserId}/transactions (Coinbase's Transaction Status API).
 */
export async function startCoinbaseOnrampStandin(options: { rpcUrl: string }): Promise<CoinbaseOnrampStandin> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const pem = privateKey.export({ type: 'sec1', format: 'pem' }).toString()
  const keyName = `organizations/${randomUUID()}/apiKeys/${randomUUID()}`
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const standin: CoinbaseOnrampStandin = {
    url,
    payUrl: `${url}/buy/select-asset`,
    keyName,
    privateKey: pem,
    projectId: randomUUID(),
    env: () => ({
      FOYER_COINBASE_API_URL: url,
      FOYER_COINBASE_CDP_KEY_NAME: keyName,
      FOYER_COINBASE_CDP_PRIVATE_KEY: pem,
      FOYER_COINBASE_PROJECT_ID: standin.projectId,
    }),
    calls: [],
    refusals: [],
    sessions: new Map(),
    transactions: new Map(),
    outcome: 'success',
    inProgressPolls: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }

  /** The CDP JWT of a request, checked as Coinbase does; null (and a refusal) when it fails. */
  const verify = async (req: IncomingMessage, path: string, key: KeyObject): Promise<{ header: Record<string, unknown>; claims: Record<string, unknown> } | string> => {
    const jwt = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!jwt) return 'no bearer token'
    try {
      const header = decodeProtectedHeader(jwt) as Record<string, unknown>
      const { payload } = await jwtVerify(jwt, key, { algorithms: ['ES256'], issuer: 'cdp', subject: keyName, typ: 'JWT' })
      if (header.kid !== keyName) return `kid ${String(header.kid)}`
      if (typeof header.nonce !== 'string' || header.nonce.length < 16) return 'no nonce'
      const expected = `${req.method} ${req.headers.host}${path}`
      if (payload.uri !== expected) return `uri ${String(payload.uri)} is not ${expected}`
      if (typeof payload.nbf !== 'number' || typeof payload.exp !== 'number' || payload.exp - payload.nbf > 120) return 'lifetime over 120 s'
      return { header, claims: payload as Record<string, unknown> }
    } catch (e) {
      return (e as Error).message
    }
  }

  /** Status answers given per purchase. */
  const statusPolls = new WeakMap<CoinbaseTransaction, number>()
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', url)
    if (req.method === 'POST' && u.pathname === '/onramp/v1/token') {
      const raw = await read(req)
      const checked = await verify(req, u.pathname, publicKey)
      if (typeof checked === 'string') {
        standin.refusals.push(checked)
        return json(res, 401, { code: 16, message: 'Unauthenticated request', details: [] })
      }
      const body = JSON.parse(raw || '{}') as { addresses?: CoinbaseSession['addresses']; assets?: string[]; clientIp?: string }
      standin.calls.push({ method: 'POST', path: u.pathname, ...checked, body })
      if (!Array.isArray(body.addresses) || !body.addresses.length || !body.addresses.every((a) => /^0x[0-9a-fA-F]{40}$/.test(a.address) && a.blockchains?.length)) {
        return json(res, 400, { code: 3, message: 'addresses: invalid', details: [] })
      }
      const token = randomBytes(24).toString('base64url')
      standin.sessions.set(token, { token, addresses: body.addresses, assets: body.assets ?? [], clientIp: body.clientIp ?? null, expiresAt: Date.now() + 300_000, used: false })
      return json(res, 200, { token, channel_id: '' })
    }
    const txPath = /^\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(u.pathname)
    if (req.method === 'GET' && txPath) {
      const checked = await verify(req, u.pathname, publicKey)
      if (typeof checked === 'string') {
        standin.refusals.push(checked)
        return json(res, 401, { code: 16, message: 'Unauthenticated request', details: [] })
      }
      standin.calls.push({ method: 'GET', path: u.pathname, ...checked, body: null })
      const list = standin.transactions.get(decodeURIComponent(txPath[1]!)) ?? []
      const size = Math.max(1, Number(u.searchParams.get('page_size') ?? 1))
      // The newest purchase is still in progress for its first `inProgressPolls` answers.
      const answered = list.slice(0, size).map((t, i) => {
        if (i > 0) return t
        const polls = (statusPolls.get(t) ?? 0) + 1
        statusPolls.set(t, polls)
        return polls <= standin.inProgressPolls ? { ...t, status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' } : t
      })
      return json(res, 200, { transactions: answered, next_page_key: '', total_count: String(list.length) })
    }
    if (req.method === 'GET' && u.pathname === '/buy/select-asset') {
      const session = standin.sessions.get(u.searchParams.get('sessionToken') ?? '')
      if (!session || session.used || session.expiresAt < Date.now()) {
        res.writeHead(400, { 'content-type': 'text/html' })
        return res.end('<!doctype html><title>Coinbase Onramp</title><p>This session has expired or was already used.</p>')
      }
      session.used = true
      const q = Object.fromEntries(u.searchParams)
      res.writeHead(200, { 'content-type': 'text/html' })
      return res.end(`<!doctype html><title>Coinbase Onramp</title>
<h1>Buy ${escape(q.presetCryptoAmount ?? '')} ETH on ${escape(q.defaultNetwork ?? '')}</h1>
<p data-testid="address">${escape(session.addresses[0]!.address)}</p>
<p data-testid="app">${escape(q.appId ?? '')} ${escape(q.defaultExperience ?? '')}</p>
<button id="buy">Buy</button>
<script>
document.getElementById('buy').onclick = async () => {
  await fetch('/buy/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(${JSON.stringify({ ...q, token: session.token })}) })
  window.close()
}
</script>`)
    }
    if (req.method === 'POST' && u.pathname === '/buy/confirm') {
      const q = JSON.parse(await read(req)) as Record<string, string>
      const session = standin.sessions.get(q.token ?? '')
      if (!session || !q.partnerUserId) return json(res, 400, { message: 'unknown session' })
      const address = session.addresses[0]!.address
      const amount = q.presetCryptoAmount ?? '0'
      let txHash: string | null = null
      if (standin.outcome === 'success') {
        const balance = BigInt(await jsonRpc<string>(options.rpcUrl, 'eth_getBalance', [address, 'latest']))
        await jsonRpc(options.rpcUrl, 'anvil_setBalance', [address, `0x${(balance + parseEther(amount)).toString(16)}`])
        txHash = `0x${randomBytes(32).toString('hex')}`
      }
      const now = new Date().toISOString()
      const transaction: CoinbaseTransaction = {
        status: standin.outcome === 'success' ? 'ONRAMP_TRANSACTION_STATUS_SUCCESS' : 'ONRAMP_TRANSACTION_STATUS_FAILED',
        purchase_currency: 'ETH',
        purchase_network: q.defaultNetwork ?? 'base',
        purchase_amount: { value: amount, currency: 'ETH' },
        payment_total: { value: '0', currency: 'USD' },
        payment_subtotal: { value: '0', currency: 'USD' },
        coinbase_fee: { value: '0', currency: 'USD' },
        network_fee: { value: '0', currency: 'USD' },
        exchange_rate: { value: '0', currency: 'USD' },
        country: 'US',
        user_id: randomUUID(),
        payment_method: 'CARD',
        tx_hash: txHash ?? '',
        transaction_id: randomUUID(),
        wallet_address: address,
        type: 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND',
        created_at: now,
        completed_at: now,
        partner_user_ref: q.partnerUserId,
        user_type: 'USER_TYPE_GUEST',
        failure_reason: standin.outcome === 'success' ? '' : 'FAILURE_REASON_BUY_FAILED',
      }
      standin.transactions.set(q.partnerUserId, [transaction, ...(standin.transactions.get(q.partnerUserId) ?? [])])
      return json(res, 200, { ok: true })
    }
    json(res, 404, { code: 5, message: 'Not Found', details: [] })
  }
  server.on('request', (req, res) => void handle(req, res).catch((e: unknown) => json(res, 500, { code: 13, message: String(e) })))
  return standin
}
