import { useSignals } from '@preact/signals-react/runtime'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { MfaState } from './mfaState.js'

/**
 * Until when this device (this session) is verified, as far as this page saw: the end of the server's window after the
 * last verification the page saw pass, reckoned from when its call left (never later than the server's end). Null when
 * the page saw none (another tab's, or one before a reload), once the window ended, after a logout, and without the
 * mfa() plugin. Protected wallet actions don't ask for a verification until then.
 */
export function useMfaVerifiedUntil(): Date | null {
  useSignals()
  const foyer = useFoyerKernel()
  if (!foyer.registry.plugin('mfa')) return null
  const verified = foyer.pluginState<MfaState>('mfa').verified.value
  return verified && verified.userId === foyer.$session.value.user?.id ? new Date(verified.until) : null
}
