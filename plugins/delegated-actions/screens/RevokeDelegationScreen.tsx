import { useFoyerKernel } from '../../../ui/index.js'
import { delegatedActionsCalls } from '../delegatedActionsCalls.js'
import { delegatedActionsErrors } from '../delegationTexts.js'
import { DelegationPrompt, type DelegationPromptParams } from './DelegationPrompt.js'

/** 'Revoke permission' (§2): Confirm calls POST /api/v1/wallets/revoke (every delegation of the user), then refreshes the user. */
export default function RevokeDelegationScreen({ params }: { params: DelegationPromptParams }) {
  const foyer = useFoyerKernel()
  const run = async () => {
    await delegatedActionsCalls.revoke(foyer, {})
    await foyer.session.refreshUser()
  }
  return (
    <DelegationPrompt
      params={params}
      run={run}
      testId="foyer-delegation-revoke"
      declined={{ text: delegatedActionsErrors.declinedRevoke, code: 'USER_DECLINED_REVOKE' }}
      keys={{
        title: 'delegatedActions.revoke.title',
        body: 'delegatedActions.revoke.body',
        decline: 'delegatedActions.revoke.decline',
        confirm: 'delegatedActions.revoke.confirm',
        working: 'delegatedActions.revoke.working',
        success: 'delegatedActions.revoke.success',
        failure: 'delegatedActions.revoke.failure',
      }}
    />
  )
}
