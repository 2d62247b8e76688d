import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseEther, parseUnits } from 'viem'
import type { Anvil } from './anvil.js'
import { closeServer, readBody as read } from './httpStandin.js'

/** A transaction the stand-in's widget made, in the fields Moonpay's API answers. */
export interface MoonpayStandinTransaction {
  id: string
  externalTransactionId: string
  walletAddress: string
  status: 'pending' | 'completed' | 'failed' | 'waitingAuthorization'
  /** Moonpay's payment method: a card ('credit_debit_card', with cardPaymentType) or a bank transfer. */
  paymentMethod: 'credit_debit_card' | 'sepa_bank_transfer'
  currencyCode: string
  quoteCurrencyAmount: number
  /** Status answers given so far (the first `pendingPolls` say pending). */
  polls: number
}

/** A running stand-in of Moonpay's buy widget and its public transactions API. */
export interface MoonpayStandin {
  url: string
  apiKey: string
  secretKey: string
  /** Environment of the example server pointing its Moonpay plugin at the stand-in. */
  serverEnv(): Record<string, string>
  /** Status answers that say 'pending' before 'completed' (default 1). */
  pendingPolls: number
  /** true: GET /v1/transactions/ext/:id answers 500 (the client's 3-strikes serviceFailure). */
  serverErrors: boolean
  /** Status requests answered 500 so far (while `serverErrors`). */
  errorAnswers: number
  /**
   * How the next purchases pay: 'card' (pending, then completed; the wallet funded at Buy) or 'bank' (a bank transfer
   * that stays waitingAuthorization until the user authorizes it at Moonpay; nothing funded).
   */
  payWith: 'card' | 'bank'
  /** Widget loads refused for a bad or missing signature (as Moonpay's widget fails to load). */
  rejectedSignatures: number
  transactions: Map<string, MoonpayStandinTransaction>
  /** USDC_* purchases: mints to the wallet (a test token); without it they fail. */
  mintUsdc?: (to: `0x${string}`, amount: bigint) => Promise<void>
  close(): Promise<void>
}


const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Moonpay's check: the signature parameter, last, is base64 HMAC-SHA256 (secret key) of the query before it. */
function signatureValid(search: string, secretKey: string): boolean {
  const at = search.lastIndexOf('&signature=')
  if (at < 0) return false
  const given = Buffer.from(decodeURIComponent(search.slice(at + '&signature='.length)))
  const expected = Buffer.from(createHmac('sha256', secretKey).update(search.slice(0, at)).digest('base64'))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Moonpay on a local port: GET /?apiKey&walletAddress&currencyCode&quoteCurrencyAmount&externalTransactionId&signature
 * (the buy widget: checks the key and the signature, shows a Buy button whose purchase really funds the wallet on
 * anvil: ETH by anvil_setBalance, USDC through `mintUsdc`), and GET /v1/transactions/ext/:id?apiKey (Moonpay's
 * public status API: a list of the transactions with that external id, 404 while there are none).
 */
export async function startMoonpayStandin(anvil: Anvil): Promise<MoonpayStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const standin: MoonpayStandin = {
    url,
    apiKey: 'pk_test_standin_publishable',
    secretKey: 'sk_test_standin_secret_0123456789',
    serverEnv: () => ({
      FOYER_MOONPAY_API_KEY: standin.apiKey,
      FOYER_MOONPAY_SECRET_KEY: standin.secretKey,
      FOYER_MOONPAY_WIDGET_URL: url,
      FOYER_MOONPAY_API_URL: url,
    }),
    pendingPolls: 1,
    serverErrors: false,
    errorAnswers: 0,
    payWith: 'card',
    rejectedSignatures: 0,
    transactions: new Map(),
    close: () => closeServer(server),
  }
  const cors = { 'access-control-allow-origin': '*' }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', ...cors })
    res.end(JSON.stringify(body))
  }
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html><head><title>Moonpay stand-in</title></head><body>${body}</body></html>`)
  }

  /** The widget's query, when its key and signature hold. */
  const widgetQuery = (search: string) => {
    const query = new URLSearchParams(search)
    if (query.get('apiKey') !== standin.apiKey || !signatureValid(search, standin.secretKey)) return null
    return query
  }

  const fund = async (wallet: `0x${string}`, currencyCode: string, amount: number) => {
    if (currencyCode.startsWith('USDC_')) {
      if (!standin.mintUsdc) throw new Error('no USDC token')
      await standin.mintUsdc(wallet, parseUnits(String(amount), 6))
      return
    }
    const balance = BigInt(await anvil.rpc<string>('eth_getBalance', [wallet, 'latest']))
    await anvil.setBalance(wallet, balance + parseEther(String(amount)))
  }

  server.on('request', async (req, res) => {
    const u = new URL(req.url ?? '/', url)
    if (req.method === 'GET' && u.pathname === '/') {
      const query = widgetQuery(u.search)
      if (!query) {
        standin.rejectedSignatures++
        return html(res, 401, '<h1>Invalid signature</h1>')
      }
      const amount = query.get('quoteCurrencyAmount') ?? '0.01'
      const currency = query.get('currencyCode') ?? 'ETH_ETHEREUM'
      return html(
        res,
        200,
        `<h1>Buy ${escape(amount)} ${escape(currency)}</h1><p>To ${escape(query.get('walletAddress') ?? '')}</p>
<button id="buy">Buy</button><p id="result" role="status"></p>
<script>
document.getElementById('buy').onclick = async () => {
  const res = await fetch('/buy' + location.search, { method: 'POST' })
  document.getElementById('result').textContent = res.ok ? 'Purchase submitted' : 'Purchase failed'
}
</script>`,
      )
    }
    if (req.method === 'POST' && u.pathname === '/buy') {
      await read(req)
      const query = widgetQuery(u.search)
      if (!query) return json(res, 401, { message: 'Invalid signature' })
      const externalTransactionId = query.get('externalTransactionId') ?? ''
      const bank = standin.payWith === 'bank'
      const tx: MoonpayStandinTransaction = {
        id: randomUUID(),
        externalTransactionId,
        walletAddress: query.get('walletAddress') ?? '',
        status: bank ? 'waitingAuthorization' : 'pending',
        paymentMethod: bank ? 'sepa_bank_transfer' : 'credit_debit_card',
        currencyCode: query.get('currencyCode') ?? 'ETH_ETHEREUM',
        quoteCurrencyAmount: Number(query.get('quoteCurrencyAmount') ?? '0.01'),
        polls: 0,
      }
      try {
        // A bank transfer pays nothing until the user authorizes it.
        if (!bank) await fund(tx.walletAddress as `0x${string}`, tx.currencyCode, tx.quoteCurrencyAmount)
      } catch {
        tx.status = 'failed'
      }
      standin.transactions.set(externalTransactionId, tx)
      return json(res, 201, { id: tx.id, status: tx.status })
    }
    if (req.method === 'GET' && u.pathname.startsWith('/v1/transactions/ext/')) {
      if (standin.serverErrors) {
        standin.errorAnswers++
        return json(res, 500, { message: 'Internal server error' })
      }
      if (u.searchParams.get('apiKey') !== standin.apiKey) return json(res, 401, { message: 'Invalid API key' })
      const tx = standin.transactions.get(decodeURIComponent(u.pathname.slice('/v1/transactions/ext/'.length)))
      if (!tx) return json(res, 404, { message: 'Transaction not found', type: 'NotFoundError' })
      tx.polls++
      if (tx.status === 'pending' && tx.polls > standin.pendingPolls) tx.status = 'completed'
      return json(res, 200, [
        {
          id: tx.id,
          externalTransactionId: tx.externalTransactionId,
          status: tx.status,
          paymentMethod: tx.paymentMethod,
          // Moonpay sets cardPaymentType for card payments only.
          ...(tx.paymentMethod === 'credit_debit_card' ? { cardPaymentType: 'card' } : {}),
          walletAddress: tx.walletAddress,
          currency: { code: tx.currencyCode.split('_')[0]!.toLowerCase() },
          baseCurrency: { code: 'usd' },
          baseCurrencyAmount: tx.quoteCurrencyAmount * 3000,
          quoteCurrencyAmount: tx.quoteCurrencyAmount,
          feeAmount: 3.99,
          extraFeeAmount: 1,
          networkFeeAmount: 0.5,
        },
      ])
    }
    json(res, 404, { message: 'Not found' })
  })
  return standin
}
