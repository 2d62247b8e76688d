import type { AuthResult, Foyer } from '../../core/client/types.js'
import { BaseError } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser, User } from '../../core/protocol/index.js'
import { passkeyCalls } from './passkeyCalls.js'
import { passkeyErrorCodes, toPasskeyError } from './passkeyErrors.js'
import { passkeyTexts } from './schema.js'
import { authenticationResponseToWire, creationOptionsFromWire, registrationResponseToWire, requestOptionsFromWire } from '../../core/protocol/webauthnWire.js'

/** A step of a passkey ceremony (the hooks' statuses between 'initial' and 'done'). */
export type PasskeyStep = 'generating-challenge' | 'awaiting-passkey' | 'submitting-response'

/** @simplewebauthn/browser, loaded only when a ceremony starts; refuses browsers without WebAuthn. */
async function webauthn() {
  const lib = await import('@simplewebauthn/browser')
  if (!lib.browserSupportsWebAuthn()) throw new BaseError(passkeyTexts.notSupported, { code: passkeyErrorCodes.notSupported })
  return lib
}

/** The passkey account with `credentialId` in a user. */
export function findPasskeyAccount(user: RawUser, credentialId: string): LinkedAccount | null {
  return (user.linkedAccounts.find((a) => a.type === 'passkey' && a.credentialId === credentialId) as LinkedAccount | undefined) ?? null
}

type Step = (step: PasskeyStep) => void
/** registerInit or linkInit: the same options, for a new user or the signed-in one. */
type RegInit = () => ReturnType<typeof passkeyCalls.registerInit>

async function register(registerInit: RegInit, onStep: Step) {
  const lib = await webauthn()
  onStep('generating-challenge')
  const init = await registerInit()
  onStep('awaiting-passkey')
  const created = await lib.startRegistration({ optionsJSON: creationOptionsFromWire(init.options) }).catch((e: unknown) => {
    throw toPasskeyError(e)
  })
  onStep('submitting-response')
  return { relying_party: init.relying_party, authenticator_response: registrationResponseToWire(created) }
}

/** Logs in with an existing passkey (discoverable credential; no user name asked). */
export async function loginWithPasskey(foyer: Foyer, onStep: Step = () => {}): Promise<AuthResult> {
  const lib = await webauthn()
  onStep('generating-challenge')
  const init = await passkeyCalls.authenticateInit(foyer, { token: null })
  onStep('awaiting-passkey')
  const asserted = await lib.startAuthentication({ optionsJSON: requestOptionsFromWire(init.relying_party, init.options) }).catch((e: unknown) => {
    throw toPasskeyError(e)
  })
  onStep('submitting-response')
  const response = await passkeyCalls.authenticate(foyer, {
    relying_party: init.relying_party,
    challenge: init.options.challenge,
    authenticator_response: authenticationResponseToWire(asserted),
  })
  return foyer.completeAuth(response, { loginMethod: 'passkey', account: findPasskeyAccount(response.user, asserted.id), intent: 'login' })
}

/** Creates a new user with a new passkey (signup, no session needed). */
export async function signupWithPasskey(foyer: Foyer, onStep: Step = () => {}): Promise<AuthResult> {
  const body = await register(() => passkeyCalls.registerInit(foyer, { token: null }), onStep)
  const response = await passkeyCalls.register(foyer, body)
  return foyer.completeAuth(response, {
    loginMethod: 'passkey',
    account: findPasskeyAccount(response.user, body.authenticator_response.id),
    intent: 'login',
  })
}

/**
 * Registers a new passkey and links it to the logged-in user (up to 5), without finishing a link flow: answers the
 * server's user and the new credential id (the passkey MFA enrollment adds passkeys this way and stays on its screen).
 */
export async function addPasskey(foyer: Foyer, onStep: Step = () => {}): Promise<{ user: RawUser; credentialId: string }> {
  const body = await register(() => passkeyCalls.linkInit(foyer, {}), onStep)
  return { user: await passkeyCalls.link(foyer, body), credentialId: body.authenticator_response.id }
}

/** Adds a passkey to the logged-in user (up to 5). */
export async function linkPasskey(foyer: Foyer, onStep: Step = () => {}, successTitle?: string): Promise<AuthResult> {
  const { user, credentialId } = await addPasskey(foyer, onStep)
  return foyer.completeAuth(
    { user },
    { loginMethod: 'passkey', account: findPasskeyAccount(user, credentialId), intent: 'link', ...(successTitle ? { successTitle } : {}) },
  )
}

/** Removes one of the user's passkeys; answers the updated user (also set on the session). */
export async function unlinkPasskey(foyer: Foyer, credentialId: string): Promise<User | null> {
  await passkeyCalls.unlink(foyer, { credential_id: credentialId })
  return foyer.session.refreshUser()
}
