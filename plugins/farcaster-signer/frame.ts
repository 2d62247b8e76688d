import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { defineFrameHalf, FrameFailure, frameData, type FrameKernel, type FrameWallet } from '../wallet-frame/frame.js'
import { farcasterSignerFrameEvents } from './frameEvents.js'

/** Bytes of a Farcaster message hash (BLAKE3-160, the hub's `hash` field). */
export const FARCASTER_HASH_BYTES = 20

/**
 * The Farcaster signer key of an embedded Ethereum wallet: an ed25519 private key derived from the wallet's secret by
 * the frame kernel's key API, so a recovery on a new device makes the same key and the signer the user approved keeps
 * working. The key never leaves the frame.
 *
 * Why HKDF (the kernel's deriveKey) and not a SLIP-0010 path: Farcaster signer keys have no standard derivation
 * (Warpcast and the hubs use random keys, and there's no SLIP-44 coin type for them), so a path would be one we invent,
 * and any wallet the user later imports the recovery phrase into could derive a key on it for something else. HKDF with
 * our own salt and info string is domain-separated from every BIP-32/SLIP-0010 key of the same seed, and works the same
 * for an imported wallet, whose secret is a private key with no seed. Salt and info are the ones the frame used before
 * the key moved to this plugin, so signers made then keep working.
 */
export function farcasterSignerKeyOf(kernel: FrameKernel, wallet: FrameWallet): Uint8Array {
  return kernel.deriveKey(wallet, { salt: 'foyer:farcaster-signer', info: `farcaster-signer/v1/wallet/${wallet.walletIndex}` })
}

/** Only an embedded Ethereum wallet has a Farcaster signer (the server checks the same). */
function assertEthereum(wallet: FrameWallet) {
  if (wallet.chainType !== 'ethereum') throw new FrameFailure('invalid_request_arguments', 'Farcaster signers need an embedded Ethereum wallet')
}

const publicKeyOf = (key: Uint8Array): `0x${string}` => `0x${bytesToHex(ed25519.getPublicKey(key))}`


/**
 * `foyer:farcaster:init-signer` answers the wallet's signer public key (0x-hex, 32 bytes: what the app's custody
 * account signs a key request for). `foyer:farcaster:sign` signs a Farcaster message hash (0x + 20 bytes) for the
 * user's fid (a positive safe integer; hub messages carry it next to the signature, the key itself is per wallet).
 */
export default defineFrameHalf({
  handlers: (kernel) => ({
    [farcasterSignerFrameEvents.initSigner]: async (raw) => {
      const { accessToken, address } = frameData(raw)
      const wallet = await kernel.wallet(address, accessToken)
      assertEthereum(wallet)
      return { publicKey: publicKeyOf(farcasterSignerKeyOf(kernel, wallet)) }
    },
    [farcasterSignerFrameEvents.sign]: async (raw) => {
      const { accessToken, address, hash, fid } = frameData(raw)
      const wallet = await kernel.wallet(address, accessToken)
      assertEthereum(wallet)
      if (typeof hash !== 'string' || !new RegExp(`^0x[0-9a-fA-F]{${FARCASTER_HASH_BYTES * 2}}$`).test(hash)) {
        throw new FrameFailure('invalid_request_arguments', `hash must be 0x and ${FARCASTER_HASH_BYTES} bytes of hex`)
      }
      if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0) throw new FrameFailure('invalid_request_arguments', 'fid must be a positive integer')
      const key = farcasterSignerKeyOf(kernel, wallet)
      return { signature: `0x${bytesToHex(ed25519.sign(hexToBytes(hash.slice(2)), key))}` as const, publicKey: publicKeyOf(key) }
    },
  }),
})
