import { PublicKey } from '@solana/web3.js'
import type { LiteSVM } from 'litesvm'

/** The SPL token program. */
export const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const TOKEN_ACCOUNT_SIZE = 165

/**
 * Puts an initialised SPL token account at `address` in litesvm (no mint transaction needed: Approve reads the
 * account only): `owner`'s, holding `amount` of `mint`.
 */
export function setTokenAccount(svm: LiteSVM, address: string, { mint, owner, amount }: { mint: string; owner: string; amount: bigint }): void {
  const data = new Uint8Array(TOKEN_ACCOUNT_SIZE)
  data.set(new PublicKey(mint).toBytes(), 0)
  data.set(new PublicKey(owner).toBytes(), 32)
  new DataView(data.buffer).setBigUint64(64, amount, true)
  data[108] = 1 // AccountState::Initialized
  svm.setAccount(new PublicKey(address), { lamports: Number(svm.minimumBalanceForRentExemption(BigInt(TOKEN_ACCOUNT_SIZE))), data, owner: TOKEN_PROGRAM, executable: false, rentEpoch: 0 })
}

/** The token account's delegate and delegated amount (null without one). */
export function tokenDelegate(svm: LiteSVM, address: string): { delegate: string; amount: bigint } | null {
  const account = svm.getAccount(new PublicKey(address))
  if (!account) return null
  const data = account.data
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (view.getUint32(72, true) !== 1) return null
  return { delegate: new PublicKey(data.subarray(76, 108)).toBase58(), amount: view.getBigUint64(121, true) }
}
