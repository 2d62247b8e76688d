import { ethereumAccountOf } from '../../plugins/embedded-wallet/frame/keys/ethereumAccount.js'
import { solanaKeypairOf } from '../../plugins/embedded-wallet/frame/keys/solanaKeypair.js'
import { newWalletSecret } from '../../plugins/embedded-wallet/frame/keys/walletSecret.js'
import { splitWalletSecret, type WalletShares } from '../../plugins/embedded-wallet/frame/keys/walletShares.js'
import type { TestServer } from './createTestServer.js'

/** The wallet frame's origin in the custody route tests. */
export const WALLET_ORIGIN = 'http://localhost:8788'
/** Bytes → the routes' base64. */
export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** A real wallet: a fresh secret, its 3 shares and the address of walletIndex 0; `made` collects every share. */
export async function makeWallet(chain: 'ethereum' | 'solana' = 'ethereum', secret: Uint8Array = newWalletSecret(), made: Uint8Array[] = []) {
  const shares = await splitWalletSecret(secret)
  made.push(shares.device, shares.auth, shares.recovery)
  const address = chain === 'ethereum' ? ethereumAccountOf(secret).address : solanaKeypairOf(secret).address
  return { secret, shares, address }
}

/** The body of POST embedded_wallets/create for `wallet` (automatic recovery), with `extra` fields over it. */
export const createBody = (wallet: { shares: WalletShares; address: string }, extra: Record<string, unknown> = {}) => ({
  chain_type: 'ethereum',
  address: wallet.address,
  recovery_method: 'privy',
  auth_share: b64(wallet.shares.auth),
  recovery_share: b64(wallet.shares.recovery),
  ...extra,
})

/** Posts to a custody route of `server` as the frame would: the user's token, the wallet origin (or `origin`). */
export const custodyCall = (server: TestServer, token: string | null | undefined, origin: string | null = WALLET_ORIGIN) => (route: string, body: unknown) =>
  server.request(`/api/v1/embedded_wallets/${route}`, { body, ...(token ? { token } : {}), headers: origin ? { origin } : {} })
