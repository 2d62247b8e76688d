import type { Foyer } from '../../core/client/types.js'
import { FlowError, PluginError } from '../../core/errors/index.js'
import type { FrameEventName } from '../embedded-wallet/index.js'
import { farcasterSignerFrameEvents } from './frameEvents.js'
import { farcasterSignerCalls } from './farcasterSignerCalls.js'
import { farcasterSignerClientCodes, farcasterSignerContext } from './farcasterSignerContext.js'
import { fromHex, toHex } from './hex.js'
import { farcasterSignerMessages } from './schema.js'

/** The 'Awaiting Farcaster signer' screen and the modal intent it opens with. */
export const AWAITING_SIGNER_SCREEN = 'farcaster-signer/awaiting'
export const FARCASTER_SIGNER_INTENT = 'farcaster-signer'

/** What the awaiting screen gets. */
export interface AwaitingSignerParams {
  publicKey: `0x${string}`
  approvalUrl: string
}

type WalletFrameRequest = <R>(address: string, event: FrameEventName, data?: Record<string, unknown>, name?: string) => Promise<R>

/** The embedded-wallet plugin's frame request (the key work runs in its wallet frame). */
function frameRequest(foyer: Foyer): WalletFrameRequest {
  const request = foyer.actions().walletFrameRequest as WalletFrameRequest | undefined
  if (!request) throw new PluginError('Farcaster signers need the embedded-wallet plugin', { pluginId: 'farcaster-signer' })
  return request
}

/** An http(s) approval URL may go in a browser window; a `farcaster://` deep link only through the screen's link or QR code. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url)

/**
 * Asks Farcaster for a signer for the user's fid: the wallet frame makes the key (and answers its public key), the
 * server signs and creates the key request, the approval URL opens in a new tab (opened at once, in the click's
 * task, so browsers allow it; the screen links to it too), and 'Awaiting Farcaster signer' polls until the user
 * approved in Warpcast. Resolves with the refreshed user's signer public key.
 */
export async function requestFarcasterSignerFromWarpcast(foyer: Foyer): Promise<{ publicKey: `0x${string}` }> {
  const { address } = farcasterSignerContext(foyer)
  // Before any await: a window opened later than the click's task is blocked as a popup.
  const tab = typeof window !== 'undefined' ? window.open('', '_blank') : null
  try {
    const { publicKey } = await frameRequest(foyer)<{ publicKey: `0x${string}` }>(address, farcasterSignerFrameEvents.initSigner, {}, 'farcaster-init-signer')
    const answer = await farcasterSignerCalls.init(foyer, { ed25519_public_key: publicKey })
    if (answer.status === 'approved') {
      tab?.close()
      await foyer.session.refreshUser()
      return { publicKey }
    }
    if (answer.status === 'revoked' || !answer.signer_approval_url) throw new FlowError(farcasterSignerMessages.revoked, farcasterSignerClientCodes.revoked)
    const approvalUrl = answer.signer_approval_url
    if (tab && isWebUrl(approvalUrl)) {
      tab.opener = null
      tab.location.href = approvalUrl
    } else tab?.close()
    const params: AwaitingSignerParams = { publicKey, approvalUrl }
    await foyer.modal.request(AWAITING_SIGNER_SCREEN, params, { intent: FARCASTER_SIGNER_INTENT })
    return { publicKey }
  } catch (error) {
    if (tab && !tab.closed && tab.location.href === 'about:blank') tab.close()
    throw error
  }
}

/** The approved signer's ed25519 public key (32 bytes); FlowError when the user has none yet. */
export async function getFarcasterSignerPublicKey(foyer: Foyer): Promise<Uint8Array> {
  return fromHex(farcasterSignerContext(foyer, true).signerPublicKey!)
}

/**
 * Signs a Farcaster message hash (the 20-byte BLAKE3 hash a hub message carries) with the user's signer, in the
 * wallet frame; answers the 64-byte ed25519 signature. The frame's key must be the approved one.
 */
export async function signFarcasterMessage(foyer: Foyer, hash: Uint8Array): Promise<Uint8Array> {
  const { address, fid, signerPublicKey } = farcasterSignerContext(foyer, true)
  const { signature, publicKey } = await frameRequest(foyer)<{ signature: `0x${string}`; publicKey: `0x${string}` }>(
    address,
    farcasterSignerFrameEvents.sign,
    { hash: toHex(hash), fid },
    'farcaster-sign',
  )
  if (publicKey.toLowerCase() !== signerPublicKey!.toLowerCase()) {
    throw new FlowError("This wallet's Farcaster signer is not the approved one", farcasterSignerClientCodes.keyMismatch)
  }
  return fromHex(signature)
}
