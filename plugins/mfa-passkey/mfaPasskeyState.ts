import type { PasskeyKit } from '../passkey/index.js'

/** The passkey method's state (`foyer.pluginState<MfaPasskeyState>('mfa-passkey')`). */
export interface MfaPasskeyState {
  /**
   * The passkey plugin's loadPasskeyKit, handed over by this plugin's entry to its lazily loaded code (the in-page
   * verification): a lazily loaded module that imported the passkey entry itself would move that entry's modules into
   * a first-load chunk of their own (+0.4 kB measured on a host with passkey MFA).
   */
  loadPasskeyKit: () => Promise<PasskeyKit>
}
