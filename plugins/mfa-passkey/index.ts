import { definePlugin } from '../../core/client/plugin.js'
import { screenWith } from '../../core/client/screenWith.js'
import type { Foyer } from '../../core/client/types.js'
import { loadMfaEnrollmentKit, MFA_CODE_WAIT_MS } from '../mfa/index.js'
import { loadPasskeyKit } from '../passkey/index.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { mfaPasskeyApi } from './api.js'
import type { MfaPasskeyState } from './mfaPasskeyState.js'

// The entry's own typed calls, the same as mfaPasskeyCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const mfaPasskeyCalls = apiClient<typeof mfaPasskeyApi>('mfa-passkey')

/** Options of the passkey method. */
export interface MfaPasskeyPluginOptions {
  order?: number
  texts?: Record<string, string>
}

/** The passkey method's English. */
export const mfaPasskeyTexts = {
  'mfaPasskey.label': 'Passkey',
  'mfaPasskey.chooserLabel': 'Passkey',
  'mfaPasskey.verifying.title': 'Verifying with passkey',
  'mfaPasskey.setup.title': 'Set up passkey verification',
  'mfaPasskey.setup.subtitle': 'Add a passkey to confirm it is you with your face, fingerprint or device PIN.',
  'mfaPasskey.setup.add': 'Add a new passkey',
  'mfaPasskey.list.title': 'Enable your passkeys for verification',
  'mfaPasskey.list.subtitle': 'The passkeys you choose will confirm it is you before your wallet signs or exports.',
  'mfaPasskey.viewAll': 'View All',
  'mfaPasskey.add': 'Add new passkey',
  'mfaPasskey.enable': 'Enable',
  'mfaPasskey.success.title': 'Passkey verification added',
  'mfaPasskey.remove.title': 'Remove passkey verification?',
  'mfaPasskey.unknownDevice': 'Unknown device',
  'mfaPasskey.notFound': 'Not a passkey of this account',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="9" cy="8" r="4"/><path d="M3 20a6 6 0 0 1 10.5-4"/><circle cx="18" cy="13" r="2.5"/><path d="M18 15.5V21l1.5-1.5"/></svg>'

/** Passkeys are added with the passkey plugin's link ceremony: the chooser offers the method only with it loaded and on. */
const cannotAddPasskeys = (foyer: Foyer) => !foyer.registry.plugins.some((p) => p.id === 'passkey') || !foyer.$config.peek()?.server.passkey

/**
 * Passkey MFA: `plugins={[passkey(), mfa(), mfaPasskey()]}` (it adds passkeys through the passkey plugin); the app
 * enables it with `mfa_methods: ['passkey']` and the server loads passkeyServer() and mfaPasskeyServer(). Choosing it
 * on 'Verify your identity' prompts for one of the enrolled passkeys at once — inside the wallet frame's origin when the
 * embedded wallet is loaded (the assertion never passes through the host page), else in the host page.
 */
export function mfaPasskey(options: MfaPasskeyPluginOptions = {}) {
  return definePlugin({
    id: 'mfa-passkey',
    kind: 'mfa',
    api: () => import('./api.js').then((m) => m.mfaPasskeyApi),
    state: (): MfaPasskeyState => ({ loadPasskeyKit }),
    screens: {
      enroll: {
        load: screenWith(() => import('./screens/EnrollPasskeyScreen.js'), () => Promise.all([loadMfaEnrollmentKit(), loadPasskeyKit()])),
        title: 'mfaPasskey.setup.title',
      },
    },
    mfa: {
      method: 'passkey',
      label: 'mfaPasskey.label',
      chooserLabel: 'mfaPasskey.chooserLabel',
      icon,
      order: options.order ?? 2,
      verification: 'direct',
      // §7: the spec's start of a passkey verification (useMfa's init('passkey') for headless hosts).
      start: (foyer: Foyer) => mfaPasskeyCalls.init(foyer, {}),
      // The whole ceremony, in the wallet frame's origin when the app has the embedded wallet; WebAuthn code loads on first use.
      verify: async (foyer: Foyer) => (await import('./verifyWithPasskey.js')).verifyWithPasskey(foyer, { codeWaitMs: MFA_CODE_WAIT_MS }),
      verifyingTitle: 'mfaPasskey.verifying.title',
      enrollScreen: 'mfa-passkey/enroll',
      // §7: unenrolling submits an empty credentialIds list.
      remove: (foyer: Foyer) => mfaPasskeyCalls.enroll(foyer, { credentialIds: [] }),
      removeTitle: 'mfaPasskey.remove.title',
      unavailable: cannotAddPasskeys,
    },
    errors: { MFA_PASSKEY_NOT_FOUND: 'mfaPasskey.notFound' },
    texts: { ...mfaPasskeyTexts, ...options.texts },
  })
}
export * from './mfaPasskeyApiExports.js'
