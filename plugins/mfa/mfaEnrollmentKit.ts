// What MFA method plugins' enrollment screens share with the hub's own screens; the hub's entry lends it lazily
// (loadMfaEnrollmentKit), so it loads with those screens, never in the host's first load.
export { useSteppedUpCall } from './useSteppedUpCall.js'
export { useEnrolledWindowText } from './useEnrolledWindowText.js'
export { mfaEnrollErrorText } from './mfaEnrollErrorText.js'
export { noteMfaVerified } from './mfaWindow.js'
