/**
 * Solana's transaction wire format, read without @solana/web3.js (the wallet frame and the preview both use it):
 * compact-u16 signature count, 64-byte signatures, then the message — legacy, or v0 (a 0x80 version prefix) — with
 * its header, static account keys, recent blockhash, compiled instructions and (v0) address-table lookups.
 */

/** One compiled instruction: indexes into the message's account keys, and its data. */
export interface WireInstruction {
  programIdIndex: number
  accounts: number[]
  data: Uint8Array
}

/** A serialized transaction, read. */
export interface WireTransaction {
  signatures: Uint8Array[]
  /** The message bytes (what each signer signs). */
  message: Uint8Array
  /** Where the signatures start and the message starts in the serialized bytes. */
  signaturesOffset: number
  messageOffset: number
  version: 'legacy' | 0
  numRequiredSignatures: number
  numReadonlySigned: number
  numReadonlyUnsigned: number
  /** Static account keys, 32 bytes each. */
  accountKeys: Uint8Array[]
  recentBlockhash: Uint8Array
  instructions: WireInstruction[]
  /** v0: the number of address-table lookups (their accounts are not resolvable offline). */
  lookupCount: number
}

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.offset >= this.bytes.length) throw new Error('Invalid transaction: unexpected end of data')
    return this.bytes[this.offset++]!
  }
  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new Error('Invalid transaction: unexpected end of data')
    const out = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return out
  }
  /** compact-u16 (shortvec). */
  length(): number {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.byte()
      value |= (byte & 0x7f) << shift
      if ((byte & 0x80) === 0) return value
    }
    throw new Error('Invalid transaction: bad compact-u16')
  }
}

/** Reads a message (from its first byte). */
export function readSolanaMessage(message: Uint8Array): Omit<WireTransaction, 'signatures' | 'message' | 'signaturesOffset' | 'messageOffset'> {
  const r = new Reader(message)
  let version: 'legacy' | 0 = 'legacy'
  if ((message[0]! & 0x80) !== 0) {
    const v = r.byte() & 0x7f
    if (v !== 0) throw new Error(`Invalid transaction: unsupported message version ${v}`)
    version = 0
  }
  const numRequiredSignatures = r.byte()
  const numReadonlySigned = r.byte()
  const numReadonlyUnsigned = r.byte()
  const keyCount = r.length()
  const accountKeys = Array.from({ length: keyCount }, () => r.take(32))
  const recentBlockhash = r.take(32)
  const instructionCount = r.length()
  const instructions: WireInstruction[] = []
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = r.byte()
    const accounts = Array.from(r.take(r.length()))
    const data = r.take(r.length())
    instructions.push({ programIdIndex, accounts, data })
  }
  let lookupCount = 0
  if (version === 0) {
    lookupCount = r.length()
    for (let i = 0; i < lookupCount; i++) {
      r.take(32)
      r.take(r.length())
      r.take(r.length())
    }
  }
  return { version, numRequiredSignatures, numReadonlySigned, numReadonlyUnsigned, accountKeys, recentBlockhash, instructions, lookupCount }
}

/** Reads a serialized transaction (signatures, then the message). */
export function readSolanaTransaction(bytes: Uint8Array): WireTransaction {
  const r = new Reader(bytes)
  const count = r.length()
  const signaturesOffset = r.offset
  const signatures = Array.from({ length: count }, () => r.take(64))
  const messageOffset = r.offset
  const message = bytes.subarray(messageOffset)
  const read = readSolanaMessage(message)
  if (read.numRequiredSignatures !== count) throw new Error('Invalid transaction: signature count does not match the message header')
  return { signatures, message, signaturesOffset, messageOffset, ...read }
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** The signer slot of `publicKey` among the transaction's required signers, or -1. */
export function signerIndex(tx: Pick<WireTransaction, 'accountKeys' | 'numRequiredSignatures'>, publicKey: Uint8Array): number {
  for (let i = 0; i < tx.numRequiredSignatures && i < tx.accountKeys.length; i++) if (equal(tx.accountKeys[i]!, publicKey)) return i
  return -1
}

/** The serialized transaction with `signature` put in signer slot `index` (a copy). */
export function withSignature(bytes: Uint8Array, tx: Pick<WireTransaction, 'signaturesOffset'>, index: number, signature: Uint8Array): Uint8Array {
  const out = bytes.slice()
  out.set(signature, tx.signaturesOffset + 64 * index)
  return out
}
