import { Keypair, LAMPORTS_PER_SOL as LAMPORTS_PER_SOL_NUMBER, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaRpcStandin, type SolanaRpcStandin } from '../../../test/standins/solanaRpcStandin.js'
import { confirmSolanaSignature, insufficientFundsLines, sendSolanaRawTransaction, solanaBalance, solanaFeeForMessage, solanaRpc, SolanaRpcError } from './solanaRpc.js'

const LAMPORTS_PER_SOL = BigInt(LAMPORTS_PER_SOL_NUMBER)

let node: SolanaRpcStandin
beforeAll(async () => {
  node = await startSolanaRpcStandin()
})
afterAll(() => node.stop())

const payer = Keypair.generate()
const recipient = Keypair.generate().publicKey

async function signedTransfer(lamports: bigint) {
  const { value } = await solanaRpc<{ value: { blockhash: string } }>(node.rpcUrl, 'getLatestBlockhash')
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: value.blockhash }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports }))
  tx.sign(payer)
  return tx
}

describe('the Solana RPC calls against the litesvm stand-in', () => {
  it('reads balance and fee (5000 lamports a signature), sends, confirms; the balances moved', async () => {
    node.fund(payer.publicKey.toBase58(), 2n * LAMPORTS_PER_SOL)
    expect(await solanaBalance(node.rpcUrl, payer.publicKey.toBase58())).toBe(2n * LAMPORTS_PER_SOL)
    const tx = await signedTransfer(LAMPORTS_PER_SOL / 4n)
    expect(await solanaFeeForMessage(node.rpcUrl, tx.serializeMessage())).toBe(5000n)
    const signature = await sendSolanaRawTransaction(node.rpcUrl, tx.serialize())
    await confirmSolanaSignature(node.rpcUrl, node.wsUrl, signature, 10_000)
    expect(await solanaBalance(node.rpcUrl, recipient.toBase58())).toBe(LAMPORTS_PER_SOL / 4n)
    expect(node.balance(payer.publicKey.toBase58())).toBe(2n * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 4n - 5000n)
  })

  it("refuses an overspend at preflight like a node: -32002 'Transaction simulation failed', the logs in data, nothing charged", async () => {
    const before = node.balance(payer.publicKey.toBase58())
    const error = await sendSolanaRawTransaction(node.rpcUrl, (await signedTransfer(1000n * LAMPORTS_PER_SOL)).serialize()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SolanaRpcError)
    expect((error as SolanaRpcError).code).toBe(-32002)
    expect((error as SolanaRpcError).message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect(insufficientFundsLines((error as SolanaRpcError).logs)).toEqual([`Transfer: insufficient lamports ${before - 5000n}, need 1000000000000`])
    expect(node.balance(payer.publicKey.toBase58())).toBe(before)
  })
})
