import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Keypair, PublicKey, SystemProgram, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { decodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'
import { startAnvil, type Anvil } from './anvil.js'
import { RELAY_SOL_CURRENCY, RELAY_SOLANA_CHAIN_ID, startRelayStandin, type RelayStandin } from './relayStandin.js'
import { startSolanaRpcStandin, type SolanaRpcStandin } from './solanaRpcStandin.js'

// The Relay stand-in (test/standins/relayStandin.ts) end to end: real anvil, real litesvm.
const CHAIN = 31337
const OTHER = 31338
const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' // anvil's first account, unlocked
const NATIVE = '0x0000000000000000000000000000000000000000'

let anvil: Anvil
let other: Anvil
let solana: SolanaRpcStandin
let relay: RelayStandin
const mints: Array<{ chainId: number; token: string; to: string; amount: bigint }> = []

beforeAll(async () => {
  ;[anvil, other, solana] = await Promise.all([startAnvil({ chainId: CHAIN }), startAnvil({ chainId: OTHER }), startSolanaRpcStandin()])
  relay = await startRelayStandin({
    rpcUrls: { [CHAIN]: anvil.rpcUrl, [OTHER]: other.rpcUrl },
    solana,
    erc20: { mint: async (chainId, token, to, amount) => void mints.push({ chainId, token, to, amount }) },
  })
}, 60_000)
afterAll(async () => {
  await relay?.close()
  await Promise.all([anvil?.stop(), other?.stop(), solana?.stop()])
})

const quote = async (body: Record<string, unknown>) => {
  const res = await fetch(`${relay.url}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tradeType: 'EXACT_OUTPUT', ...body }) })
  return { status: res.status, body: (await res.json()) as any }
}
const evmBalance = async (rpc: Anvil, address: string) => BigInt(await rpc.rpc<string>('eth_getBalance', [address, 'latest']))
const sendEvm = async (rpc: Anvil, tx: { from: string; to: string; value: string; data: string }) => {
  const hash = await rpc.rpc<string>('eth_sendTransaction', [{ from: tx.from, to: tx.to, value: `0x${BigInt(tx.value).toString(16)}`, data: tx.data }])
  // anvil can answer the hash before it mined the transaction (seen under load): wait for the receipt.
  await expect.poll(async () => (await rpc.rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]))?.status, { timeout: 10_000 }).toBe('0x1')
}
const solanaRpc = async <T>(method: string, params: unknown[]): Promise<T> => {
  const res = await fetch(solana.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result as T
}

describe('relay stand-in', () => {
  it('EVM → Solana: the quoted EVM deposit is paid out in lamports to the Solana recipient', async () => {
    const recipient = Keypair.generate().publicKey.toBase58()
    const lamports = 25_000_000n
    const { status, body } = await quote({ user: DEV, recipient, originChainId: CHAIN, destinationChainId: RELAY_SOLANA_CHAIN_ID, originCurrency: NATIVE, destinationCurrency: RELAY_SOL_CURRENCY, amount: lamports.toString() })
    expect(status).toBe(200)
    const data = body.steps[0].items[0].data
    expect(data).toMatchObject({ from: DEV, to: relay.solver, chainId: CHAIN, value: (lamports * 10n ** 9n + relay.fee).toString() })
    expect(body.details.currencyIn.amount).toBe(data.value)
    expect(body.details.currencyOut.amount).toBe(lamports.toString())
    expect(solana.balance(recipient)).toBe(0n)
    await sendEvm(anvil, data)
    await vi.waitFor(() => expect(solana.balance(recipient)).toBe(lamports), { timeout: 10_000, interval: 100 })
    expect(relay.deliveries).toContainEqual({ chainId: RELAY_SOLANA_CHAIN_ID, recipient, amount: lamports })
  })

  it('Solana → EVM: a v0 transaction of the answered instructions pays the EVM recipient the amount', async () => {
    const user = Keypair.generate()
    const recipient = '0x000000000000000000000000000000000000bEEF'
    const amount = 12_345_678_900_000_001n // wei: not a whole number of lamports
    const { status, body } = await quote({ user: user.publicKey.toBase58(), recipient, originChainId: RELAY_SOLANA_CHAIN_ID, destinationChainId: CHAIN, originCurrency: RELAY_SOL_CURRENCY, destinationCurrency: NATIVE, amount: amount.toString() })
    expect(status).toBe(200)
    const step = body.steps[0]
    expect(step).toMatchObject({ id: 'deposit', kind: 'transaction' })
    const data = step.items[0].data as { instructions: Array<{ keys: Array<{ pubkey: string; isSigner: boolean; isWritable: boolean }>; programId: string; data: string }>; addressLookupTableAddresses: string[] }
    const lamports = amount / 10n ** 9n + 1n + relay.solanaFee
    const deposit = relay.solanaDeposits.at(-1)!
    expect(deposit.lamports).toBe(lamports)
    expect(body.details.currencyIn.amount).toBe(lamports.toString())
    expect(body.details.currencyOut.amount).toBe(amount.toString())
    expect(data.addressLookupTableAddresses).toEqual([])
    expect(data.instructions).toEqual([
      {
        keys: [
          { pubkey: user.publicKey.toBase58(), isSigner: true, isWritable: true },
          { pubkey: deposit.address, isSigner: false, isWritable: true },
        ],
        programId: '11111111111111111111111111111111',
        data: Buffer.from(SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: new PublicKey(deposit.address), lamports }).data).toString('hex'),
      },
    ])

    solana.fund(user.publicKey.toBase58(), 1_000_000_000n)
    const { value: latest } = await solanaRpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])
    const instructions = data.instructions.map(
      (i) => new TransactionInstruction({ programId: new PublicKey(i.programId), keys: i.keys.map((k) => ({ ...k, pubkey: new PublicKey(k.pubkey) })), data: Buffer.from(i.data, 'hex') }),
    )
    const message = new TransactionMessage({ payerKey: user.publicKey, recentBlockhash: latest.blockhash, instructions }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([user])
    const before = await evmBalance(anvil, recipient)
    await solanaRpc<string>('sendTransaction', [Buffer.from(tx.serialize()).toString('base64'), { encoding: 'base64' }])
    expect(solana.balance(deposit.address)).toBe(lamports)
    await vi.waitFor(async () => expect(await evmBalance(anvil, recipient)).toBe(before + amount), { timeout: 10_000, interval: 100 })
    // The stand-in records the fill once anvil answered its setBalance: a moment after the balance can be read.
    await vi.waitFor(() => expect(relay.deliveries).toContainEqual({ chainId: CHAIN, recipient, amount }), { timeout: 5_000, interval: 50 })
  })

  it('ERC-20: the quote is a token transfer(solver, amount + fee) tagged with the request id, delivered by minting', async () => {
    const token = '0x00000000000000000000000000000000000070c1' // no code: a call to it succeeds, enough for the watcher
    const destinationToken = '0x00000000000000000000000000000000000070c2'
    const recipient = '0x000000000000000000000000000000000000cafe'
    const amount = 5_000_000n
    const { status, body } = await quote({ user: DEV, recipient, originChainId: CHAIN, destinationChainId: OTHER, originCurrency: token, destinationCurrency: destinationToken, amount: amount.toString() })
    expect(status).toBe(200)
    const data = body.steps[0].items[0].data as { from: string; to: string; value: string; chainId: number; data: Hex }
    expect(data).toMatchObject({ from: DEV, to: token, value: '0', chainId: CHAIN })
    expect(data.data).toMatch(/^0x[0-9a-f]{136}[0-9a-f]{64}$/) // transfer calldata, then the 32-byte request id
    const decoded = decodeFunctionData({ abi: erc20Abi, data: data.data.slice(0, -64) as Hex })
    expect(decoded).toEqual({ functionName: 'transfer', args: [getAddress(relay.solver), amount + relay.erc20Fee] })
    expect(body.details.currencyIn.amount).toBe((amount + relay.erc20Fee).toString())
    expect(body.details.currencyOut.amount).toBe(amount.toString())
    await sendEvm(anvil, data)
    await vi.waitFor(() => expect(mints).toEqual([{ chainId: OTHER, token: destinationToken, to: recipient, amount }]), { timeout: 10_000, interval: 100 })
    await vi.waitFor(() => expect(relay.deliveries).toContainEqual({ chainId: OTHER, recipient, amount }), { timeout: 5_000, interval: 50 })
  })

  it('native ETH between anvil chains still works, with details', async () => {
    const recipient = '0x000000000000000000000000000000000000d00d'
    const amount = 10n ** 16n
    const { status, body } = await quote({ user: DEV, recipient, originChainId: CHAIN, destinationChainId: OTHER, originCurrency: NATIVE, destinationCurrency: NATIVE, amount: amount.toString() })
    expect(status).toBe(200)
    const data = body.steps[0].items[0].data
    expect(data).toMatchObject({ from: DEV, to: relay.solver, chainId: CHAIN, value: (amount + relay.fee).toString() })
    expect(body.details).toMatchObject({ currencyIn: { amount: (amount + relay.fee).toString() }, currencyOut: { amount: amount.toString() } })
    await sendEvm(anvil, data)
    await vi.waitFor(async () => expect(await evmBalance(other, recipient)).toBe(amount), { timeout: 10_000, interval: 100 })
  })

  it('refuses unknown chains, wrong address kinds and unsupported currencies', async () => {
    const sol = Keypair.generate().publicKey.toBase58()
    const evm = '0x000000000000000000000000000000000000beef'
    const base = { user: DEV, recipient: evm, originChainId: CHAIN, destinationChainId: OTHER, originCurrency: NATIVE, destinationCurrency: NATIVE, amount: '1' }
    expect(await quote({ ...base, destinationChainId: 8453 })).toEqual({ status: 400, body: { message: 'Unsupported chain' } })
    expect(await quote({ ...base, destinationChainId: RELAY_SOLANA_CHAIN_ID, destinationCurrency: RELAY_SOL_CURRENCY })).toEqual({ status: 400, body: { message: 'Invalid address' } })
    expect(await quote({ ...base, user: sol, destinationChainId: RELAY_SOLANA_CHAIN_ID, recipient: sol, destinationCurrency: RELAY_SOL_CURRENCY })).toEqual({ status: 400, body: { message: 'Invalid address' } })
    expect(await quote({ ...base, originChainId: RELAY_SOLANA_CHAIN_ID, user: DEV, originCurrency: RELAY_SOL_CURRENCY })).toEqual({ status: 400, body: { message: 'Invalid address' } })
    expect(await quote({ ...base, destinationChainId: RELAY_SOLANA_CHAIN_ID, recipient: sol, destinationCurrency: NATIVE })).toEqual({ status: 400, body: { message: 'Unsupported currency' } })
    const bare = await startRelayStandin({ rpcUrls: { [CHAIN]: anvil.rpcUrl, [OTHER]: other.rpcUrl } })
    try {
      const post = async (body: Record<string, unknown>) => {
        const res = await fetch(`${bare.url}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        return { status: res.status, body: await res.json() }
      }
      expect(await post({ ...base, tradeType: 'EXACT_OUTPUT', originCurrency: '0x00000000000000000000000000000000000070c1', destinationCurrency: '0x00000000000000000000000000000000000070c2' })).toEqual({ status: 400, body: { message: 'Unsupported currency' } })
      expect(await post({ ...base, tradeType: 'EXACT_OUTPUT', recipient: sol, destinationChainId: RELAY_SOLANA_CHAIN_ID, destinationCurrency: RELAY_SOL_CURRENCY })).toEqual({ status: 400, body: { message: 'Unsupported chain' } })
    } finally {
      await bare.close()
    }
  })
})
