import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { compileSolanaMessage, systemTransfer, unsignedTransaction, WireSolanaTransaction } from './solanaMessage.js'

const payer = Keypair.generate()
const to = Keypair.generate().publicKey
const blockhash = Keypair.generate().publicKey.toBase58()

describe('Solana messages compiled without web3.js', () => {
  it('a SOL transfer (legacy) reads back in web3.js as the same transfer, and signs', () => {
    const message = compileSolanaMessage({ payer: payer.publicKey.toBase58(), blockhash, instructions: [systemTransfer(payer.publicKey.toBase58(), to.toBase58(), 123_456_789n)], version: 'legacy' })
    const tx = Transaction.from(unsignedTransaction(message))
    expect(tx.feePayer!.equals(payer.publicKey)).toBe(true)
    expect(tx.recentBlockhash).toBe(blockhash)
    const expected = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 123_456_789 })
    expect(tx.instructions).toHaveLength(1)
    expect(tx.instructions[0]!.programId.equals(SystemProgram.programId)).toBe(true)
    expect(Buffer.from(tx.instructions[0]!.data).equals(Buffer.from(expected.data))).toBe(true)
    expect(tx.instructions[0]!.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual(expected.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable]))
    tx.sign(payer)
    expect(tx.verifySignatures()).toBe(true)
  })

  it('a v0 message of several instructions keeps each account role; the wire object reads back its version', () => {
    const other = Keypair.generate().publicKey
    const program = Keypair.generate().publicKey
    const instructions = [
      systemTransfer(payer.publicKey.toBase58(), to.toBase58(), 5n),
      { programId: program.toBase58(), keys: [{ pubkey: other.toBase58(), isSigner: false, isWritable: false }, { pubkey: to.toBase58(), isSigner: false, isWritable: true }], data: 'deadbeef' },
    ]
    const bytes = unsignedTransaction(compileSolanaMessage({ payer: payer.publicKey.toBase58(), blockhash, instructions, version: 0 }))
    const tx = VersionedTransaction.deserialize(bytes)
    expect(tx.version).toBe(0)
    const keys = tx.message.staticAccountKeys.map((k) => k.toBase58())
    expect(keys[0]).toBe(payer.publicKey.toBase58())
    expect(tx.message.header).toEqual({ numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 3 })
    expect(tx.message.addressTableLookups).toEqual([])
    const second = tx.message.compiledInstructions[1]!
    expect(keys[second.programIdIndex]).toBe(program.toBase58())
    expect(second.accountKeyIndexes.map((i) => keys[i])).toEqual([other.toBase58(), to.toBase58()])
    expect(Buffer.from(second.data).toString('hex')).toBe('deadbeef')
    tx.sign([payer])
    expect(WireSolanaTransaction.deserialize(tx.serialize()).version).toBe(0)
    expect(WireSolanaTransaction.deserialize(unsignedTransaction(compileSolanaMessage({ payer: payer.publicKey.toBase58(), blockhash, instructions, version: 'legacy' }))).version).toBe('legacy')
    // The same instructions through web3.js's own legacy compiler: the same accounts, roles and data.
    const legacy = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      new TransactionInstruction({ programId: SystemProgram.programId, keys: [{ pubkey: payer.publicKey, isSigner: true, isWritable: true }, { pubkey: to, isSigner: false, isWritable: true }], data: Buffer.from(systemTransfer(payer.publicKey.toBase58(), to.toBase58(), 5n).data, 'hex') }),
      new TransactionInstruction({ programId: program, keys: [{ pubkey: other, isSigner: false, isWritable: false }, { pubkey: to, isSigner: false, isWritable: true }], data: Buffer.from('deadbeef', 'hex') }),
    )
    expect(new Set(legacy.compileMessage().accountKeys.map((k: PublicKey) => k.toBase58()))).toEqual(new Set(keys))
  })

  it('refuses an address that is not 32 bytes', () => {
    expect(() => compileSolanaMessage({ payer: payer.publicKey.toBase58(), blockhash, instructions: [systemTransfer(payer.publicKey.toBase58(), '1111', 1n)], version: 0 })).toThrow(/Invalid Solana address/)
  })
})
