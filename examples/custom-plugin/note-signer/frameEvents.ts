/** The note signer's frame event (its frame half, frame.ts): sign a note with the wallet's note key. */
export const noteSignerFrameEvents = {
  sign: 'foyer:note-signer:sign',
} as const

/** What every signed note starts with: a note signature can never pass for another kind of message. */
export const NOTE_PREFIX = 'Foyer note v1\n'

/** The longest note the frame signs (characters). */
export const NOTE_MAX_LENGTH = 280

/** A signed note: the note key's ed25519 public key and the signature over NOTE_PREFIX + the note, both 0x-hex. */
export interface SignedNote {
  publicKey: `0x${string}`
  signature: `0x${string}`
}
