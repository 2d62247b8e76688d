import { useCallback, useRef, useState } from 'react'
import { transferAccount } from '../../core/client/actions/transferAccount.js'
import { transferMethodOf } from '../../core/client/transferMethod.js'
import { BaseError } from '../../core/errors/index.js'
import type { AccountTransferData, LinkedAccount, User } from '../../core/protocol/index.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'

/** Where a transfer stands on the prompt and the asset check. */
export type AccountTransferStatus = 'idle' | 'transferring' | 'done'

/** The moved account: the newest of its type (the transfer stamps it verified now). */
function movedAccount(user: User, type: string): LinkedAccount | null {
  const ofType = user.linkedAccounts.filter((a) => a.type === type)
  return ofType.reduce<LinkedAccount | null>((best, a) => (!best || (a.latestVerifiedAt ?? 0) >= (best.latestVerifiedAt ?? 0) ? a : best), null)
}

/**
 * Runs the transferAccount action for the transfer screens, then finishes the link flow like any link
 * (host onSuccess with the linked account, modal closes after the success delay). The button itself says
 * 'Success!', so the kernel's success screen is skipped.
 */
export function useAccountTransfer(data: AccountTransferData) {
  const foyer = useFoyerKernel()
  const t = useT()
  const method = transferMethodOf(foyer.registry, data.account_type, t)
  const [status, setStatus] = useState<AccountTransferStatus>('idle')
  const [error, setError] = useState<string | null>(null)
  const running = useRef(false)

  const transfer = useCallback(async () => {
    if (running.current) return
    running.current = true
    setStatus('transferring')
    setError(null)
    let user: User
    try {
      user = await transferAccount(foyer, data)
    } catch (e) {
      running.current = false
      setStatus('idle')
      setError(e instanceof BaseError ? e.shortMessage : t('error.generic.detail'))
      return
    }
    setStatus('done')
    // The transfer is done whatever a flow hook decides; completeAuth reports hook failures to the host itself.
    await foyer
      .completeAuth({ user }, { loginMethod: method.loginMethod, account: movedAccount(user, data.account_type), intent: 'link', successScreen: false })
      .catch(() => {})
  }, [data, foyer, method.loginMethod, t])

  return { method, status, error, transfer }
}
