import { embeddedWalletApi } from '../../api.js'
import { custodyStatement, type CustodyStatementInput } from '../../custodyStatement.js'
import type { WalletChainType } from '../../schema.js'
import { frameCall, type FrameApiTarget } from '../frameApi.js'
import { signCustodyStatement } from '../keys/chainKeys.js'
import type { WalletSecret } from '../keys/walletSecret.js'

/** One wallet that signs a statement: its root's secret and its index on it. */
export interface CustodySigner {
  chain: WalletChainType
  secret: WalletSecret
  walletIndex: number
}

/**
 * What a custody write carries so the server stores it (ARCHITECTURE §17): a fresh server nonce and each signer's
 * signature of the statement of what is written. `statement` gets the nonce and the user the server named.
 */
export async function proveCustody(
  target: FrameApiTarget,
  accessToken: unknown,
  statement: (user: { userId: string; nonce: string }) => Omit<CustodyStatementInput, 'appId'>,
  signers: CustodySigner[],
): Promise<{ nonce: string; signatures: string[] }> {
  const { nonce, user_id: userId } = await frameCall(target, embeddedWalletApi.custodyNonce, {}, accessToken)
  const text = custodyStatement({ ...statement({ userId, nonce }), appId: target.appId })
  const signatures = await Promise.all(signers.map((s) => signCustodyStatement(s.chain, s.secret, s.walletIndex, text)))
  return { nonce, signatures }
}

/**
 * Proves a wallet root stored before custody proofs (the server marks it unproven): each of its wallets signs a
 * 'prove' statement naming all of them, and the server marks them proven.
 */
export async function proveWallets(
  target: FrameApiTarget,
  chain: WalletChainType,
  wallets: readonly { address: string; walletIndex: number }[],
  secret: WalletSecret,
  accessToken: unknown,
): Promise<void> {
  const address = wallets[0]!.address
  const proof = await proveCustody(
    target,
    accessToken,
    ({ userId, nonce }) => ({ action: 'prove', userId, address, nonce, details: { wallets: wallets.map((w) => w.address).join(',') } }),
    wallets.map((w) => ({ chain, secret, walletIndex: w.walletIndex })),
  )
  await frameCall(target, embeddedWalletApi.prove, { address, nonce: proof.nonce, signatures: proof.signatures }, accessToken)
}
