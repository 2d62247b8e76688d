import { useFoyerKernel } from '../../../ui/index.js'
import { delegatedActionsFrameEvents } from '../frameEvents.js'
import { delegatedActionsErrors } from '../delegationTexts.js'
import { DelegationPrompt, type DelegationPromptParams } from './DelegationPrompt.js'

type WalletFrameRequest = (address: string, event: string, data?: Record<string, unknown>, name?: string) => Promise<unknown>

/**
 * 'Enable delegated actions' (§2): Accept has the wallet frame seal this wallet's key to the server's delegation key
 * and post it (after unlocking the wallet, with MFA step-up when the user has MFA); then the user is refreshed.
 */
export default function DelegationConsentScreen({ params }: { params: DelegationPromptParams }) {
  const foyer = useFoyerKernel()
  const run = async () => {
    const request = foyer.actions().walletFrameRequest as WalletFrameRequest
    await request(params.address, delegatedActionsFrameEvents.consent, {}, 'delegatedActionsConsent')
    await foyer.session.refreshUser()
  }
  return (
    <DelegationPrompt
      params={params}
      run={run}
      testId="foyer-delegation-consent"
      declined={{ text: delegatedActionsErrors.declinedDelegation, code: 'USER_DECLINED_DELEGATION' }}
      keys={{
        title: 'delegatedActions.consent.title',
        body: 'delegatedActions.consent.body',
        note: 'delegatedActions.consent.note',
        decline: 'delegatedActions.consent.decline',
        confirm: 'delegatedActions.consent.accept',
        working: 'delegatedActions.consent.working',
        success: 'delegatedActions.consent.success',
        failure: 'delegatedActions.consent.failure',
      }}
    />
  )
}
