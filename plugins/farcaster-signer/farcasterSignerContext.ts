import type { Foyer } from '../../core/client/types.js'
import { FlowError } from '../../core/errors/index.js'
import type { LinkedAccount, User } from '../../core/protocol/index.js'
import { primaryEmbeddedWallet } from '../embedded-wallet/index.js'
import { farcasterSignerMessages } from './schema.js'

/** Client error codes of the rules (§5) and of the flow. */
export const farcasterSignerClientCodes = {
  notAuthenticated: 'MUST_BE_AUTHENTICATED',
  noEmbeddedWallet: 'NO_EMBEDDED_WALLET',
  noFarcasterAccount: 'NO_FARCASTER_ACCOUNT',
  noSigner: 'NO_FARCASTER_SIGNER',
  revoked: 'FARCASTER_SIGNER_REVOKED',
  timeout: 'FARCASTER_SIGNER_TIMEOUT',
  keyMismatch: 'FARCASTER_SIGNER_KEY_MISMATCH',
} as const

/** What a Farcaster signer action works with: the user's embedded Ethereum wallet, fid and approved key. */
export interface FarcasterSignerContext {
  user: User
  address: string
  fid: number
  /** The approved signer's public key (0x-hex), or null before one is approved. */
  signerPublicKey: `0x${string}` | null
}

/**
 * §5: a signed-in user (an access token), an embedded Ethereum wallet and a Farcaster account; FlowError with the
 * spec's text otherwise. `requireSigner`: an approved signer public key too.
 */
export function farcasterSignerContext(foyer: Foyer, requireSigner = false): FarcasterSignerContext {
  const user = foyer.$session.peek().user
  if (!user) throw new FlowError('User must be authenticated to use Farcaster signers', farcasterSignerClientCodes.notAuthenticated)
  const wallet = primaryEmbeddedWallet(user, 'ethereum')
  if (!wallet?.address) throw new FlowError(farcasterSignerMessages.noEmbeddedWallet, farcasterSignerClientCodes.noEmbeddedWallet)
  const farcaster = user.linkedAccounts.find((a: LinkedAccount) => a.type === 'farcaster')
  const fid = Number(farcaster?.fid)
  if (!farcaster || !Number.isSafeInteger(fid) || fid <= 0) throw new FlowError(farcasterSignerMessages.noFarcasterAccount, farcasterSignerClientCodes.noFarcasterAccount)
  const key = typeof farcaster.signerPublicKey === 'string' ? (farcaster.signerPublicKey as `0x${string}`) : null
  if (requireSigner && !key) throw new FlowError(farcasterSignerMessages.noSigner, farcasterSignerClientCodes.noSigner)
  return { user, address: wallet.address, fid, signerPublicKey: key }
}
