import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { passkeyApi } from './api.js'
import { passkeyErrorCodes } from './passkeyErrors.js'
import { passkeyTexts } from './passkeyTexts.js'
import type { User } from '../../core/protocol/index.js'

/** Options of the passkey plugin. */
export interface PasskeyPluginOptions {
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The passkey plugin's English texts (screens and landing link). */
export const passkeyPluginTexts = {
  'passkey.label': 'Passkey',
  'passkey.waiting.title': 'Waiting for passkey',
  'passkey.waiting.login': 'Please follow the prompts to verify your passkey.',
  'passkey.waiting.signup': 'Please follow the prompts to create your passkey.',
  'passkey.failed.title': 'Could not use your passkey',
  'passkey.retry': 'Try again',
  'passkey.switchToSignup': 'New here? Sign up with a passkey',
  'passkey.switchToLogin': 'I already have a passkey',
  'passkey.link.title': 'Secure your account with a passkey',
  'passkey.list.title': 'Your passkeys',
  'passkey.viewAll': 'View all',
  'passkey.unlink': 'Unlink',
  'passkey.unlinkConfirm': 'Unlink {name}?',
  'passkey.cancel': 'Cancel',
  'passkey.add': 'Add new passkey',
  'passkey.updated': 'Passkeys updated',
  'passkey.done': 'Done',
  'passkey.unknownDevice': 'Unknown device',
  'passkey.benefit.fast': 'Log in faster with your face, fingerprint or device PIN',
  'passkey.benefit.phishing': 'Phishing-resistant: a passkey only works on this app',
  'passkey.benefit.nothingToRemember': 'Nothing to remember: no passwords, no codes',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="9" cy="8" r="4"/><path d="M3 20a6 6 0 0 1 10.5-4"/><circle cx="18" cy="13" r="2.5"/><path d="M18 15.5V21l1.5-1.5"/></svg>'

/** Passkey login, signup and management: `plugins={[passkey()]}`. WebAuthn code loads on first use. */
export function passkey(options: PasskeyPluginOptions = {}) {
  return definePlugin({
    id: 'passkey',
    kind: 'login',
    meta: { label: 'landing.passkey', icon, group: 'passkey', loginMethod: 'passkey', serverFlag: 'passkey' },
    api: () => import('./api.js').then((m) => m.passkeyApi),
    // loginMethod 'passkey' puts this entry in the landing's 'I have a passkey' slot.
    entry: { load: () => import('./screens/PasskeyEntry.js') },
    screens: {
      login: { load: () => import('./screens/PasskeyLoginScreen.js'), title: 'passkey.waiting.title' },
      link: { load: () => import('./screens/PasskeyLinkScreen.js'), title: 'passkey.link.title' },
      updated: { load: () => import('./screens/PasskeyUpdatedScreen.js'), title: 'passkey.updated' },
    },
    // Passkeys never transfer between users (§5), so no `transfer` entry.
    accounts: {
      link: { passkey: (foyer: Foyer) => foyer.modal.open({ intent: 'link', screen: 'passkey/link' }) },
      unlink: { passkey: (foyer: Foyer, credentialId: string) => passkeyCalls.unlink(foyer, { credential_id: credentialId }) },
    },
    errors: {
      [passkeyErrorCodes.notAllowed]: passkeyTexts.notAllowed,
      [passkeyErrorCodes.notSupported]: passkeyTexts.notSupported,
      [passkeyErrorCodes.unknown]: passkeyTexts.unknown,
      CREDENTIAL_ALREADY_REGISTERED: 'This passkey is already registered.',
      PASSKEY_ENROLLED_IN_MFA: passkeyTexts.enrolledInMfa,
    },
    texts: { ...passkeyPluginTexts, ...options.texts },
  })
}

export {
  useLoginWithPasskey,
  useSignupWithPasskey,
  useLinkPasskey,
  LINK_PASSKEY_SCREEN,
  type PasskeyFlowState,
  type PasskeyFlowStatus,
  type UsePasskeyParameters,
} from './usePasskeyHooks.js'

// The entry's own typed calls, the same as passkeyCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const passkeyCalls = apiClient<typeof passkeyApi>('passkey')
export { loginWithPasskey, signupWithPasskey, linkPasskey, addPasskey, unlinkPasskey, passkeyDisplayName } from './passkeyExports.js'
export { toPasskeyError, passkeyErrorCodes } from './passkeyErrors.js'
export type { PasskeyStep } from './passkeyCeremonies.js'
export type { PasskeyNameParts } from './passkeyDisplayName.js'

/** What loadPasskeyKit loads (passkeyKit.ts). */
export type PasskeyKit = typeof import('./passkeyKit.js')
/**
 * For the passkey MFA method (mfa-passkey): loads addPasskey, passkeyDisplayName, passkeyErrorText, the passkey errors
 * and the browser side of the WebAuthn wire mappings, with the code that uses them instead of in the host's first load.
 */
export const loadPasskeyKit = (): Promise<PasskeyKit> => import('./screens/PasskeyLinkScreen.js').then((screen) => screen.passkeyKit)
export * from './passkeyApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer).
declare module 'foyer' {
  interface FoyerLinkFunctions {
    linkPasskey(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkPasskey(credentialId: string): Promise<User>
  }
}
