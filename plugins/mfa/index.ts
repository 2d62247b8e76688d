import { definePlugin } from '../../core/client/plugin.js'
import { createMfaState, type MfaState } from './mfaState.js'
import { mfaStepUp } from './mfaStepUp.js'
import { mfaTexts } from './mfaTexts.js'

/** Options of the MFA hub. */
export interface MfaPluginOptions {
  /** Don't open 'Verify your identity' when a call needs a verification: useRegisterMfaListener's onMfaRequired hears it. */
  noPromptOnMfaRequired?: boolean
  /** Overrides of the English texts. */
  texts?: Record<string, string>
}

/**
 * MFA for the signed-in user: `plugins={[mfa(), mfaTotp()]}`. The hub holds what every method shares — the
 * verification and enrollment screens, the step-up loop around sensitive calls, the hooks — and the method plugins
 * (kind 'mfa', their `mfa` slot) bring their enrollment screens and how they verify.
 */
export function mfa(options: MfaPluginOptions = {}) {
  return definePlugin({
    id: 'mfa',
    kind: 'feature',
    api: () => import('./api.js').then((m) => m.mfaApi),
    state: (foyer): MfaState => createMfaState(options.noPromptOnMfaRequired ?? false, foyer),
    middleware: (foyer) => mfaStepUp(foyer, () => foyer.pluginState<MfaState>('mfa')),
    screens: {
      verify: { load: () => import('./screens/VerifyMfaScreen.js'), title: 'mfa.verify.title', back: false },
      enroll: { load: () => import('./screens/MfaEnrollmentScreen.js'), title: 'mfa.enroll.title' },
      remove: { load: () => import('./screens/RemoveMfaScreen.js'), title: 'mfa.remove' },
    },
    // The window the texts name is the server's (its app config's mfa_window_seconds), never a number of the host's.
    texts: { ...mfaTexts, ...options.texts },
  })
}

export { useMfa, type UseMfaReturnType } from './useMfa.js'
export { useMfaEnrollment, type UseMfaEnrollmentReturnType } from './useMfaEnrollment.js'
export { useRegisterMfaListener, type UseRegisterMfaListenerParameters } from './useRegisterMfaListener.js'
export { isMfaRequired } from './mfaStepUp.js'
export { mfaErrorText } from './mfaExports.js'
export type { MfaErrorOutcome } from './mfaErrorText.js'
export { mfaTexts } from './mfaTexts.js'
export { useMfaVerifiedUntil } from './useMfaVerifiedUntil.js'
export { formatMfaWindow, mfaWindowSeconds, noteMfaVerified } from './mfaExports.js'
/** The hub's state (`foyer.pluginState<MfaState>('mfa')`), for MFA method plugins. */
export { MFA_CODE_WAIT_MS, type MfaState } from './mfaState.js'

/**
 * For MFA method plugins: loads what their enrollment screens share with the hub's (useSteppedUpCall,
 * useEnrolledWindowText, mfaEnrollErrorText, noteMfaVerified), with the screen (core/client/screenWith.ts) instead of
 * in the host's first load.
 */
export const loadMfaEnrollmentKit = () => import('./mfaEnrollmentKit.js')
/** What loadMfaEnrollmentKit loads (mfaEnrollmentKit.ts). */
export type MfaEnrollmentKit = Awaited<ReturnType<typeof loadMfaEnrollmentKit>>
export * from './mfaApiExports.js'
