import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage } from '@solana/web3.js'
import { readSolanaTransaction } from '../../../core/client/wallets/solanaWire.js'
import { describe, expect, it } from 'vitest'
import { formatSol, formatSolUsd, LAMPORTS_PER_SOL, SMALL_SOL_TEXT, UNDER_A_CENT_TEXT } from './formatSol.js'
import { parseSolanaInstructions, SolanaInstructionError, SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, UNSUPPORTED_PROGRAM_TEXT } from './parseSolanaInstructions.js'

const BLOCKHASH = new PublicKey(new Uint8Array(32).fill(9)).toBase58()
const payer = Keypair.generate()
const recipient = Keypair.generate().publicKey

const transfer = (lamports: number | bigint, from = payer.publicKey) =>
  new Transaction({ feePayer: from, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: recipient, lamports }))

const approveIx = (data: Uint8Array, keys = 3) => {
  const all = [
    { pubkey: Keypair.generate().publicKey, isSigner: false, isWritable: true },
    { pubkey: Keypair.generate().publicKey, isSigner: false, isWritable: false },
    { pubkey: payer.publicKey, isSigner: true, isWritable: false },
  ]
  return new TransactionInstruction({ programId: new PublicKey(TOKEN_PROGRAM_ID), keys: all.slice(0, keys), data: Buffer.from(data) })
}
const approveData = (amount: bigint) => {
  const data = new Uint8Array(9)
  data[0] = 4
  new DataView(data.buffer).setBigUint64(1, amount, true)
  return data
}
const messageOf = (tx: Transaction) => new Uint8Array(tx.compileMessage().serialize())

describe('Solana instruction parsing (the preview)', () => {
  it('reads a system-program transfer: from, to, lamports; with balance and fee, hasFunds', () => {
    const [ix] = parseSolanaInstructions(messageOf(transfer(LAMPORTS_PER_SOL / 2n)), { balance: LAMPORTS_PER_SOL, fee: 5000n })
    expect(ix).toEqual({ action: 'transfer', from: payer.publicKey.toBase58(), to: recipient.toBase58(), amount: 500_000_000n, balance: LAMPORTS_PER_SOL, hasFunds: true })
    // The fee counts: exactly the amount, with nothing left for the fee, is not enough.
    expect(parseSolanaInstructions(messageOf(transfer(LAMPORTS_PER_SOL)), { balance: LAMPORTS_PER_SOL, fee: 5000n })[0]!.hasFunds).toBe(false)
  })

  it('reads a token-program approve: owner (from), token account (to), spender, amount', () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: BLOCKHASH }).add(approveIx(approveData(123n)))
    const [ix] = parseSolanaInstructions(messageOf(tx), { balance: 10_000n, fee: 5000n })
    expect(ix).toMatchObject({ action: 'approve', from: payer.publicKey.toBase58(), to: tx.instructions[0]!.keys[0]!.pubkey.toBase58(), spender: tx.instructions[0]!.keys[1]!.pubkey.toBase58(), amount: 123n, hasFunds: true })
  })

  it('reads a v0 message alike', () => {
    const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: BLOCKHASH, instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 42 })] }).compileToV0Message()
    expect(parseSolanaInstructions(message.serialize())).toEqual([{ action: 'transfer', from: payer.publicKey.toBase58(), to: recipient.toBase58(), amount: 42n }])
  })

  it.each([
    ['another program', () => new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from([1]) }), UNSUPPORTED_PROGRAM_TEXT],
    ['a system-program instruction other than transfer (createAccount)', () => SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: recipient, lamports: 1, space: 0, programId: new PublicKey(SYSTEM_PROGRAM_ID) }), UNSUPPORTED_PROGRAM_TEXT],
    ['a system-program assign', () => SystemProgram.assign({ accountPubkey: payer.publicKey, programId: new PublicKey(TOKEN_PROGRAM_ID) }), UNSUPPORTED_PROGRAM_TEXT],
    ['a token-program instruction other than approve (revoke)', () => approveIx(new Uint8Array([5]), 3), UNSUPPORTED_PROGRAM_TEXT],
    ['no data', () => new TransactionInstruction({ programId: new PublicKey(SYSTEM_PROGRAM_ID), keys: [], data: Buffer.alloc(0) }), 'Transaction is missing instruction data'],
    ['a transfer without lamports', () => new TransactionInstruction({ programId: new PublicKey(SYSTEM_PROGRAM_ID), keys: [{ pubkey: payer.publicKey, isSigner: true, isWritable: true }], data: Buffer.from([2, 0, 0, 0]) }), 'Transaction is missing lamports'],
    ['a transfer without a to', () => new TransactionInstruction({ programId: new PublicKey(SYSTEM_PROGRAM_ID), keys: [{ pubkey: payer.publicKey, isSigner: true, isWritable: true }], data: Buffer.from([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]) }), 'Transaction is missing a to address'],
    ['a transfer without a from', () => new TransactionInstruction({ programId: new PublicKey(SYSTEM_PROGRAM_ID), keys: [], data: Buffer.from([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]) }), 'Transaction is missing a from address'],
    ['an approve without an owner', () => approveIx(approveData(1n), 2), 'Transaction is missing an owner public key'],
    ['an approve without an amount', () => approveIx(new Uint8Array([4, 1])), 'Transaction is missing an amount'],
  ])('refuses %s', (_name, instruction, message) => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: BLOCKHASH }).add(instruction())
    expect(() => parseSolanaInstructions(messageOf(tx))).toThrow(new SolanaInstructionError(message))
  })

  it('refuses an instruction whose program id index points nowhere (no Program ID)', () => {
    const bytes = messageOf(transfer(1))
    // The last instruction's program index is the byte after the instruction count: point it past the keys.
    const read = readSolanaTransaction(new Uint8Array([1, ...new Uint8Array(64), ...bytes]))
    const at = bytes.length - (1 + 1 + 2 + 1 + 12)
    expect(bytes[at]).toBe(read.instructions[0]!.programIdIndex)
    bytes[at] = 200
    expect(() => parseSolanaInstructions(bytes)).toThrow('Transaction is missing a Program ID')
  })
})

describe('Solana display constants', () => {
  it.each([
    [0n, '0'],
    [1n, SMALL_SOL_TEXT],
    [5000n, '<0.001'],
    [999_999n, '<0.001'],
    [1_000_000n, '0.001'],
    [500_000_000n, '0.5'],
    [1_234_567_891n, '1.234568'],
    [2n * LAMPORTS_PER_SOL, '2'],
  ])('formatSol(%s) = %s (1e9 lamports a SOL, 6 decimals)', (lamports, text) => {
    expect(formatSol(lamports)).toBe(text)
  })

  it("shows USD under a cent as '<$0.01'", () => {
    expect(formatSolUsd(5000n, 150)).toBe(UNDER_A_CENT_TEXT)
    expect(formatSolUsd(LAMPORTS_PER_SOL / 2n, 150)).toBe('$75.00')
    expect(formatSolUsd(0n, 150)).toBe('$0.00')
  })
})
