// The plugin's frame half: it runs in the wallet frame, on the wallet's origin, loaded there at its first event. Written
// as a third party would: only the package's public frame entry is imported.
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from '@noble/hashes/utils'
import { defineFrameHalf, FrameFailure, frameData } from 'foyer/plugins/wallet-frame/frame'
import { NOTE_MAX_LENGTH, NOTE_PREFIX, noteSignerFrameEvents } from './frameEvents.js'


/**
 * `foyer:note-signer:sign`: signs `{ note }` with the wallet's note key — an ed25519 key the frame kernel derives from
 * the wallet's secret for this purpose only (the same after a recovery on any device; never one of the wallet's
 * Ethereum or Solana keys), over "Foyer note v1\n" + the note. Answers the public key and the signature; the key never
 * leaves the frame.
 */
export default defineFrameHalf({
  handlers: (kernel) => ({
    [noteSignerFrameEvents.sign]: async (raw) => {
      const { accessToken, address, note } = frameData(raw)
      if (typeof note !== 'string' || !note || note.length > NOTE_MAX_LENGTH) {
        throw new FrameFailure('invalid_request_arguments', `A note is 1 to ${NOTE_MAX_LENGTH} characters`)
      }
      const wallet = await kernel.wallet(address, accessToken)
      const key = kernel.deriveKey(wallet, { salt: 'example:note-signer', info: `note-key/v1/${wallet.chainType}/${wallet.walletIndex}` })
      const signature = ed25519.sign(new TextEncoder().encode(NOTE_PREFIX + note), key)
      return { publicKey: `0x${bytesToHex(ed25519.getPublicKey(key))}`, signature: `0x${bytesToHex(signature)}` }
    },
  }),
})
