import { createServer, type Server } from 'node:http'
import { PublicKey } from '@solana/web3.js'
import { isAddress, type Address } from 'viem'

/** What one faucet call adds: 1 ETH and 100 test USDC to each Ethereum address, 1 SOL to each Solana address. */
export const FAUCET_ETH_WEI = 10n ** 18n
export const FAUCET_USDC_UNITS = 100n * 10n ** 18n
export const FAUCET_SOL_LAMPORTS = 1_000_000_000n

export interface FaucetChains {
  /** Adds wei to an Ethereum address's balance; answers the new balance. */
  addEth(address: Address, wei: bigint): Promise<bigint>
  /** Mints test USDC (base units) to an Ethereum address. */
  mintUsdc(address: Address, units: bigint): Promise<void>
  /** Adds lamports to a Solana address; answers the new balance. */
  addSol(address: string, lamports: bigint): bigint
}

/** A base58 32-byte key (web3.js's PublicKey refuses anything else). */
const isSolanaAddress = (value: string) => {
  try {
    return new PublicKey(value).toBase58() === value
  } catch {
    return false
  }
}

/**
 * The dev faucet `npm start` runs beside its local chains: POST / with `{ "ethereum": ["0x…"], "solana": ["…"] }` funds
 * each address (test funds on local chains, worth nothing) and answers the new balances as decimal strings. Any page may
 * call it (CORS *): it only ever runs on a developer's machine, bound to 127.0.0.1. Bad input is a 400 naming it.
 */
export function startFaucet(port: number, chains: FaucetChains): Promise<Server> {
  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.method === 'GET') return send(200, { ok: true })
    if (req.method !== 'POST') return send(405, { error: 'POST a JSON body: { "ethereum": [addresses], "solana": [addresses] }' })
    let body: { ethereum?: unknown; solana?: unknown }
    try {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
    } catch {
      return send(400, { error: 'The body is not JSON' })
    }
    const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) && value.length <= 10 && value.every((v) => typeof v === 'string') ? (value as string[]) : null)
    const ethereum = list(body.ethereum)
    const solana = list(body.solana)
    if (!ethereum || !solana) return send(400, { error: '"ethereum" and "solana" are lists of at most 10 addresses' })
    const badEth = ethereum.find((a) => !isAddress(a))
    const badSol = solana.find((a) => !isSolanaAddress(a))
    if (badEth !== undefined) return send(400, { error: `Not an Ethereum address: ${badEth.slice(0, 64)}` })
    if (badSol !== undefined) return send(400, { error: `Not a Solana address: ${badSol.slice(0, 64)}` })
    try {
      const eth = []
      for (const address of ethereum as Address[]) {
        const balance = await chains.addEth(address, FAUCET_ETH_WEI)
        await chains.mintUsdc(address, FAUCET_USDC_UNITS)
        eth.push({ address, eth: balance.toString() })
      }
      const sol = solana.map((address) => ({ address, lamports: chains.addSol(address, FAUCET_SOL_LAMPORTS).toString() }))
      send(200, { ethereum: eth, solana: sol })
    } catch (error) {
      send(502, { error: `A local chain did not answer: ${(error as Error).message}` })
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}
