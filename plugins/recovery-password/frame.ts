// Password recovery's frame half: the recovery page loads it when a request for 'user-passcode' arrives (the server
// half declares it), so argon2id (hash-wasm) and the password screens stay out of every other page of the frame.
import { defineRecoveryHalf } from '../wallet-frame/frame.js'
import { passwordMethod } from './frame/passwordMethod.js'

export default defineRecoveryHalf({ methods: { 'user-passcode': passwordMethod } })

export { passwordKeySource } from './frame/passwordKeySource.js'
export { deriveOprfPasswordKey, derivePasswordKey, newOprfPasswordKdf, newPasswordKdf } from './frame/passwordKey.js'
export { recoveryErrorText } from './frame/passwordMethod.js'
export { passwordError, passwordStrength, passwordTexts, passwordValid, generatePassword, PASSWORD_MIN_LENGTH } from './frame/passwordRules.js'
export { oprfBlind, oprfFinalize } from './custody/recoveryOprf.js'
export { OPRF_PASSWORD_KDF, PASSWORD_KDF } from './passwordConstants.js'
