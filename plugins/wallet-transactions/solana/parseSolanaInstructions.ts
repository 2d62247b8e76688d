import bs58 from 'bs58'
import { readSolanaMessage } from '../../../core/client/wallets/solanaWire.js'

/** The system program (SOL transfers). */
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111'
/** The SPL token program (approve). */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The spec's error for an instruction of any other program. */
export const UNSUPPORTED_PROGRAM_TEXT = 'Unsupported Program ID'

/** One instruction as the preview shows it (the spec's Solana instruction). */
export interface SolanaInstruction {
  action: 'transfer' | 'approve'
  /** transfer: the payer; approve: the owner of the token account. */
  from: string
  /** transfer: the recipient; approve: the token account whose tokens the spender may move. */
  to: string
  /** approve: the delegate. */
  spender?: string
  /** transfer: lamports; approve: the token amount in base units. */
  amount: bigint
  /** The wallet's balance in lamports (when known). */
  balance?: bigint
  /** Whether the wallet covers the transfers and the fee (when the balance is known). */
  hasFunds?: boolean
}

/** A preview's parse failure (the message is the spec's). */
export class SolanaInstructionError extends Error {
  override name = 'SolanaInstructionError'
}

const u64 = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)

/**
 * The instructions of a serialized message, for the preview: system-program transfers (instruction 2: from, to,
 * lamports) and token-program approves (instruction 4: source, delegate, owner, amount); any other program (or
 * another instruction of those two) is 'Unsupported Program ID'; a missing program id, from, to, owner, data or
 * lamports is an error. With the wallet's `balance` and the `fee`, each instruction carries the balance and whether
 * the wallet covers the whole transaction.
 */
export function parseSolanaInstructions(message: Uint8Array, funds: { balance?: bigint; fee?: bigint } = {}): SolanaInstruction[] {
  let read
  try {
    read = readSolanaMessage(message)
  } catch (error) {
    throw new SolanaInstructionError((error as Error).message)
  }
  const key = (index: number | undefined, what: string) => {
    const bytes = index === undefined ? undefined : read.accountKeys[index]
    if (!bytes) throw new SolanaInstructionError(`Transaction is missing ${what}`)
    return bs58.encode(bytes)
  }
  const parsed = read.instructions.map((ix): SolanaInstruction => {
    const programId = key(ix.programIdIndex, 'a Program ID')
    if (ix.data.length === 0) throw new SolanaInstructionError('Transaction is missing instruction data')
    if (programId === SYSTEM_PROGRAM_ID) {
      const kind = ix.data.length >= 4 ? new DataView(ix.data.buffer, ix.data.byteOffset, 4).getUint32(0, true) : -1
      // Only a transfer is previewed (§5): createAccount, assign, allocate… read as any other program's instruction.
      if (kind !== 2) throw new SolanaInstructionError(UNSUPPORTED_PROGRAM_TEXT)
      if (ix.data.length < 12) throw new SolanaInstructionError('Transaction is missing lamports')
      return { action: 'transfer', from: key(ix.accounts[0], 'a from address'), to: key(ix.accounts[1], 'a to address'), amount: u64(ix.data, 4) }
    }
    if (programId === TOKEN_PROGRAM_ID) {
      if (ix.data[0] !== 4) throw new SolanaInstructionError(UNSUPPORTED_PROGRAM_TEXT)
      if (ix.data.length < 9) throw new SolanaInstructionError('Transaction is missing an amount')
      return {
        action: 'approve',
        to: key(ix.accounts[0], 'a token account'),
        spender: key(ix.accounts[1], 'a delegate'),
        from: key(ix.accounts[2], 'an owner public key'),
        amount: u64(ix.data, 1),
      }
    }
    throw new SolanaInstructionError(UNSUPPORTED_PROGRAM_TEXT)
  })
  if (funds.balance === undefined) return parsed
  const spent = parsed.reduce((sum, ix) => (ix.action === 'transfer' ? sum + ix.amount : sum), funds.fee ?? 0n)
  const hasFunds = funds.balance >= spent
  return parsed.map((ix) => ({ ...ix, balance: funds.balance!, hasFunds }))
}
