import type { RecoveryKeySource } from '../../wallet-frame/frame.js'
import { oprfBlind, oprfFinalize } from '../custody/recoveryOprf.js'
import { deriveOprfPasswordKey, derivePasswordKey, newOprfPasswordKdf } from './passwordKey.js'

/** The password method's key source: the password lives in the frame's page only; the server sees a blinded point. */
export function passwordKeySource(password: string): RecoveryKeySource {
  const input = new TextEncoder().encode(password.normalize('NFC'))
  return {
    method: 'user-passcode',
    async newKey(evaluate) {
      if (!evaluate) throw new Error('A password key needs the server\'s evaluation')
      const { blind, blindedElement } = oprfBlind(input)
      const kdf = newOprfPasswordKdf()
      const { key, verifier } = await deriveOprfPasswordKey(oprfFinalize(input, blind, await evaluate(blindedElement)), kdf)
      return { key, kdf, verifier }
    },
    keyFor: (kdf) => {
      if (kdf.algorithm !== 'argon2id') throw new Error('This wallet is not recovered with a password set before the OPRF')
      return derivePasswordKey(password, kdf)
    },
    oprfRecovery() {
      const { blind, blindedElement } = oprfBlind(input)
      return { blindedElement, finish: async (kdf, evaluated) => deriveOprfPasswordKey(oprfFinalize(input, blind, evaluated), kdf) }
    },
  }
}
