import bs58 from 'bs58'
import type { RelaySolanaInstruction } from './transfer.js'

// Solana transactions of the transfer from a Solana wallet, compiled to the wire format without @solana/web3.js (an
// optional peer): a SOL transfer, or a Relay quote's instructions, in one message the external wallet signs.

/** The System Program (transfers). */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** Lamports a signature costs (the base fee). */
export const LAMPORTS_PER_SIGNATURE = 5000n

/** Solana's compact-u16 length prefix. */
function shortVec(n: number): number[] {
  const out: number[] = []
  let rest = n
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (!rest) return [...out, byte]
    out.push(byte | 0x80)
  }
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g)?.map((b) => parseInt(b, 16)) ?? [])

/** The System Program's transfer instruction (index 2, then the lamports as u64 little-endian). */
export function systemTransfer(from: string, to: string, lamports: bigint): RelaySolanaInstruction {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  return {
    programId: SYSTEM_PROGRAM,
    keys: [
      { pubkey: from, isSigner: true, isWritable: true },
      { pubkey: to, isSigner: false, isWritable: true },
    ],
    data: Array.from(data, (b) => b.toString(16).padStart(2, '0')).join(''),
  }
}

/**
 * Compiles `instructions` into a message paid by `payer`: the accounts ordered as the runtime requires (the payer,
 * then writable signers, read-only signers, writable and read-only others), the header, the blockhash and the
 * instructions by account index. `version: 0` makes a v0 message without lookup tables (a Relay quote's lookup tables
 * only shorten it), 'legacy' the classic one.
 */
export function compileSolanaMessage(input: { payer: string; blockhash: string; instructions: readonly RelaySolanaInstruction[]; version: 0 | 'legacy' }): Uint8Array {
  const metas = new Map<string, { signer: boolean; writable: boolean }>([[input.payer, { signer: true, writable: true }]])
  const note = (key: string, signer: boolean, writable: boolean) => {
    const seen = metas.get(key)
    metas.set(key, { signer: (seen?.signer ?? false) || signer, writable: (seen?.writable ?? false) || writable })
  }
  for (const ix of input.instructions) {
    for (const key of ix.keys) note(key.pubkey, key.isSigner, key.isWritable)
    note(ix.programId, false, false)
  }
  const rank = (m: { signer: boolean; writable: boolean }) => (m.signer ? (m.writable ? 0 : 1) : m.writable ? 2 : 3)
  const keys = [...metas.entries()].sort(([a, ma], [b, mb]) => (a === input.payer ? -1 : b === input.payer ? 1 : rank(ma) - rank(mb)))
  const index = new Map(keys.map(([key], i) => [key, i]))
  const signers = keys.filter(([, m]) => m.signer)
  const header = [signers.length, signers.filter(([, m]) => !m.writable).length, keys.filter(([, m]) => !m.signer && !m.writable).length]
  const bytes: number[] = [...(input.version === 0 ? [0x80] : []), ...header, ...shortVec(keys.length)]
  for (const [key] of keys) {
    const decoded = bs58.decode(key)
    if (decoded.length !== 32) throw new Error(`Invalid Solana address ${key}`)
    bytes.push(...decoded)
  }
  const blockhash = bs58.decode(input.blockhash)
  if (blockhash.length !== 32) throw new Error('Invalid blockhash')
  bytes.push(...blockhash, ...shortVec(input.instructions.length))
  for (const ix of input.instructions) {
    const data = hexBytes(ix.data)
    bytes.push(index.get(ix.programId)!, ...shortVec(ix.keys.length), ...ix.keys.map((k) => index.get(k.pubkey)!), ...shortVec(data.length), ...data)
  }
  if (input.version === 0) bytes.push(...shortVec(0)) // no address table lookups
  return Uint8Array.from(bytes)
}

/** An unsigned transaction on the wire: one empty signature slot per required signer, then the message. */
export function unsignedTransaction(message: Uint8Array): Uint8Array {
  const signatures = message[(message[0]! & 0x80) !== 0 ? 1 : 0]!
  return Uint8Array.from([...shortVec(signatures), ...new Uint8Array(64 * signatures), ...message])
}

/**
 * The transaction as the wallet connectors take a @solana/web3.js one (they read `version` and `serialize()` only):
 * a wallet signs and sends these bytes.
 */
export class WireSolanaTransaction {
  constructor(
    readonly version: 0 | 'legacy',
    private readonly bytes: Uint8Array,
  ) {}
  serialize(): Uint8Array {
    return this.bytes
  }
  static deserialize(bytes: Uint8Array): WireSolanaTransaction {
    return new WireSolanaTransaction((bytes[shortVecEnd(bytes) + 64 * bytes[0]!]! & 0x80) !== 0 ? 0 : 'legacy', bytes)
  }
}

/** Where the signature count's compact-u16 ends (transactions with under 128 signers: one byte). */
const shortVecEnd = (bytes: Uint8Array) => {
  let i = 0
  while (bytes[i]! & 0x80) i++
  return i + 1
}
