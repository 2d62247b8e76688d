// What the passkey MFA method (mfa-passkey) uses of this plugin in its lazily loaded code (its enrollment screen, its
// in-page verification). The entry lends it lazily (loadPasskeyKit): it loads with that code, never in the host's
// first load.
export { addPasskey } from './passkeyCeremonies.js'
export { passkeyDisplayName } from './passkeyDisplayName.js'
export { passkeyErrorText } from './screens/passkeyErrorText.js'
export { passkeyErrorCodes, toPasskeyError } from './passkeyErrors.js'
export { passkeyTexts } from './schema.js'
// The browser side of the WebAuthn wire mappings (the spec's snake_case ↔ @simplewebauthn/browser's JSON).
export { requestOptionsFromWire, authenticationResponseToWire, creationOptionsFromWire, registrationResponseToWire } from '../../core/protocol/webauthnWire.js'
