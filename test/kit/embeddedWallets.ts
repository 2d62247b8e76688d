import { custodyDigest, custodyStatement, kdfDigest, type CustodyAction } from '../../plugins/wallet-frame/custodyStatement.js'
import { provideChainKeys, signCustodyStatement } from '../../plugins/wallet-frame/frame/keys/chainKeys.js'
import { solanaKeys } from '../../plugins/wallet-frame/frame/solana/solanaKeys.js'
import { ethereumKeys } from '../../plugins/wallet-frame/frame/ethereum/ethereumKeys.js'
import { ethereumKeyOf } from '../../plugins/wallet-frame/frame/keys/ethereumKey.js'
import { solanaKeypairOf } from '../../plugins/wallet-frame/frame/keys/solanaKeypair.js'
import { newWalletSecret } from '../../plugins/wallet-frame/frame/keys/walletSecret.js'
import { splitWalletSecret, type WalletShares } from '../../plugins/wallet-frame/frame/keys/walletShares.js'
import type { TestServer } from './createTestServer.js'
import type { TestDevice } from './testDevice.js'

// Solana custody statements sign with the frame's Solana keys, which the frame loads on demand; tests have them at once.
provideChainKeys('ethereum', ethereumKeys)
provideChainKeys('solana', solanaKeys)

/** The wallet frame's origin in the custody route tests. */
export const WALLET_ORIGIN = 'http://localhost:8788'
/** Bytes → the routes' base64. */
export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

type Chain = 'ethereum' | 'solana'
/** Every wallet a test made, by address (lower-cased): the kit signs custody statements with its secret, as the frame does. */
const known = new Map<string, { secret: Uint8Array; shares: WalletShares; chain: Chain }>()
const addressAt = (chain: Chain, secret: Uint8Array, walletIndex: number) =>
  chain === 'ethereum' ? ethereumKeyOf(secret, walletIndex).address : solanaKeypairOf(secret, walletIndex).address
const keyOf = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)

/** A real wallet: a fresh secret, its 3 shares and the address of walletIndex 0; `made` collects every share. */
export async function makeWallet(chain: Chain = 'ethereum', secret: Uint8Array = newWalletSecret(), made: Uint8Array[] = []) {
  const shares = await splitWalletSecret(secret)
  made.push(shares.device, shares.auth, shares.recovery)
  const address = addressAt(chain, secret, 0)
  known.set(keyOf(address), { secret, shares, chain })
  for (const i of [1, 2, 3]) if (secret.length === 16) known.set(keyOf(addressAt(chain, secret, i)), { secret, shares, chain })
  return { secret, shares, address }
}

/** A Solana wallet's key pair at `walletIndex` of `secret` (as the frame derives it): for tests of plugins that take it. */
export const solanaKeypairAt = (secret: Uint8Array, walletIndex = 0) => solanaKeypairOf(secret, walletIndex)

/** The body of POST embedded_wallets/create for `wallet` (automatic recovery), with `extra` fields over it. */
export const createBody = (wallet: { shares: WalletShares; address: string }, extra: Record<string, unknown> = {}) => ({
  chain_type: 'ethereum',
  address: wallet.address,
  recovery_method: 'privy',
  auth_share: b64(wallet.shares.auth),
  recovery_share: b64(wallet.shares.recovery),
  ...extra,
})

/** Routes whose body a wallet signs (custodyStatement.ts). */
const PROVEN = new Set<CustodyAction>(['create', 'add', 'set_recovery', 'set_automatic_recovery'])

/** A known wallet's secret and the index of `address` on it; throws for an address no test made. */
function signerOf(address: string) {
  const wallet = known.get(keyOf(address))
  if (!wallet) throw new Error(`The test kit knows no wallet at ${address}: make it with makeWallet`)
  const walletIndex = [0, 1, 2, 3].find((i) => keyOf(addressAt(wallet.chain, wallet.secret, i)) === keyOf(address)) ?? 0
  return { ...wallet, walletIndex, address: addressAt(wallet.chain, wallet.secret, walletIndex) }
}

/**
 * The fields a custody write adds to `body` (nonce, signature; for add the new wallet's too), as the frame makes them:
 * a nonce from custody_nonce, then the wallet's signature of the statement of what the body stores.
 */
export async function custodyProofFields(server: TestServer, token: string, device: TestDevice, action: CustodyAction, body: Record<string, any>) {
  const path = '/api/v1/embedded_wallets/custody_nonce'
  const res = await server.request(path, { body: {}, token, headers: { origin: WALLET_ORIGIN, ...(await device.proofHeader(path, token)) } })
  if (res.status !== 200) throw new Error(`custody_nonce answered ${res.status}: ${await res.text()}`)
  const { nonce, user_id: userId } = (await res.json()) as { nonce: string; user_id: string }
  const signer = signerOf(String(body.address))
  const details: Record<string, string> = {}
  const others: { chain: Chain; secret: Uint8Array; walletIndex: number }[] = []
  if (action === 'create') {
    Object.assign(details, { chain_type: String(body.chain_type), imported: String(Boolean(body.imported)), auth_share: custodyDigest(String(body.auth_share)), recovery_share: custodyDigest(String(body.recovery_share)) })
  } else if (action === 'add') {
    const next = signerOf(String(body.new_address))
    Object.assign(details, { new_address: next.address, wallet_index: String(body.wallet_index) })
    others.push(next)
  } else {
    details.auth_share = custodyDigest(b64(signer.shares.auth))
    if (action === 'set_automatic_recovery') details.recovery_share = custodyDigest(String(body.recovery_share))
    else {
      Object.assign(details, {
        recovery_method: String(body.recovery_method),
        encrypted_recovery_share: custodyDigest(`${body.encrypted_recovery_share?.ciphertext}.${body.encrypted_recovery_share?.iv}`),
        kdf: kdfDigest(body.kdf ?? {}),
      })
      if (body.verifier !== undefined) details.verifier = custodyDigest(String(body.verifier))
    }
  }
  const text = custodyStatement({ action, appId: server.appId, userId, address: signer.address, nonce, details })
  const sign = (s: { chain: Chain; secret: Uint8Array; walletIndex: number }) => signCustodyStatement(s.chain, s.secret, s.walletIndex, text)
  return {
    nonce,
    signature: await sign(signer),
    ...(action === 'add' ? { new_address_signature: await sign(others[0]!) } : {}),
  }
}

/** Options of custodyCall. */
export interface CustodyCallOptions {
  /** The request's Origin (default the wallet frame's; null: none). */
  origin?: string | null
  /** The device that signs the call's proof (default the server's `device`; null: no proof, as a token thief). */
  device?: TestDevice | null
  /** false: send the body as it is, without the wallet's custody proof fields (default: added when missing). */
  prove?: boolean
}

/**
 * Posts to a custody route of `server` as the frame would: the user's token, the wallet origin, a device proof, and for
 * the writes the wallet's signature of what they store (unless the body carries its own `signature`).
 */
export const custodyCall =
  (server: TestServer, token: string | null | undefined, options: CustodyCallOptions | string | null = {}) =>
  async (route: string, body: unknown) => {
    const { origin = WALLET_ORIGIN, device = server.device, prove = true } = typeof options === 'object' && options !== null ? options : { origin: options }
    const path = `/api/v1/embedded_wallets/${route}`
    let sent = body
    if (prove && device && token && PROVEN.has(route as CustodyAction) && body && typeof body === 'object' && !('signature' in body)) {
      try {
        sent = { ...body, ...(await custodyProofFields(server, token, device, route as CustodyAction, body as Record<string, unknown>)) }
      } catch {
        // A body the kit can't sign for (an unknown address, a refused nonce): sent as it is, for the route to refuse.
      }
    }
    const headers: Record<string, string> = origin ? { origin } : {}
    if (device && token) Object.assign(headers, await device.proofHeader(path, token))
    return server.request(path, { body: sent, ...(token ? { token } : {}), headers })
  }
