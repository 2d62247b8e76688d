import { definePlugin } from '../../core/client/plugin.js'
import { mfaApi } from './api.js'
import { createMfaState, type MfaState } from './mfaState.js'
import { mfaStepUp } from './mfaStepUp.js'
import { MFA_WINDOW_MINUTES, mfaTexts } from './mfaTexts.js'

/** Options of the MFA hub. */
export interface MfaPluginOptions {
  /** Don't open 'Verify your identity' when a call needs a verification: useRegisterMfaListener's onMfaRequired hears it. */
  noPromptOnMfaRequired?: boolean
  /**
   * The server's MFA window in minutes (its `mfaWindowSeconds` / 60; default 15): the enrolment success screens say
   * this device needs no verification for that long.
   */
  windowMinutes?: number
  /** Overrides of the English texts. */
  texts?: Record<string, string>
}

/**
 * MFA for the signed-in user: `plugins={[mfa(), mfaTotp()]}`. The hub holds what every method shares — the
 * verification and enrollment screens, the step-up loop around sensitive calls, the hooks — and the method plugins
 * (kind 'mfa', their `mfa` slot) bring their enrollment screens and how they verify.
 */
export function mfa(options: MfaPluginOptions = {}) {
  const texts: Record<string, string> = { ...mfaTexts, ...options.texts }
  texts['mfa.enrolled.window'] = texts['mfa.enrolled.window']!.replace('{minutes}', String(options.windowMinutes ?? MFA_WINDOW_MINUTES))
  return definePlugin({
    id: 'mfa',
    kind: 'feature',
    api: mfaApi,
    state: (): MfaState => createMfaState(options.noPromptOnMfaRequired ?? false),
    middleware: (foyer) => mfaStepUp(foyer, () => foyer.pluginState<MfaState>('mfa')),
    screens: {
      verify: { load: () => import('./screens/VerifyMfaScreen.js'), title: 'mfa.verify.title', back: false },
      enroll: { load: () => import('./screens/MfaEnrollmentScreen.js'), title: 'mfa.enroll.title' },
      remove: { load: () => import('./screens/RemoveMfaScreen.js'), title: 'mfa.remove' },
    },
    texts,
  })
}

export { useMfa, type UseMfaReturnType } from './useMfa.js'
export { useMfaEnrollment, type UseMfaEnrollmentReturnType } from './useMfaEnrollment.js'
export { useRegisterMfaListener, type UseRegisterMfaListenerParameters } from './useRegisterMfaListener.js'
export { isMfaRequired } from './mfaStepUp.js'
export { mfaErrorText } from './mfaErrorText.js'
export { mfaApi, mfaApiPaths } from './api.js'
export { mfaTexts } from './mfaTexts.js'
