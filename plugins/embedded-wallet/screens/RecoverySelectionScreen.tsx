import { useState } from 'react'
import { Button, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { recoveryMethodOf, type UserOwnedRecoveryMethod } from '../custody/recoveryOptions.js'
import { RECOVERY_SCREENS, type RecoveryMethod } from '../walletConstants.js'

/** What the selection offers: the app's user-owned methods for the wallet at `address`, which now recovers by `current`. */
export interface RecoverySelectionParams {
  address: string
  options: UserOwnedRecoveryMethod[]
  current: RecoveryMethod
}

/**
 * Recovery selection (spec §2): 'Secure your account' for a wallet that recovers automatically, 'Update backup method'
 * for one with a user-owned method, which may also go back to automatic recovery. Each row is a method of the
 * recovery-method slot (its plugin's label) and opens its flow; the info panel says why.
 */
export default function RecoverySelectionScreen({ params }: { params: RecoverySelectionParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [why, setWhy] = useState(false)
  const updating = params.current !== 'privy'
  return (
    <ScreenLayout
      title={t(updating ? 'embeddedWallet.recovery.updateTitle' : 'embeddedWallet.recovery.setTitle')}
      subtitle={t('embeddedWallet.recovery.selectSubtitle')}
    >
      {params.options.map((method) => (
        <Button
          key={method}
          variant="option"
          data-testid={`foyer-recovery-option-${method}`}
          onClick={() => foyer.modal.push(RECOVERY_SCREENS.setPassword, { address: params.address, recoveryMethod: method })}
        >
          {t(recoveryMethodOf(foyer, method)?.label ?? method)}
          {params.current === method ? ` · ${t('embeddedWallet.recovery.current')}` : ''}
        </Button>
      ))}
      {updating ? (
        <Button variant="option" data-testid="foyer-recovery-option-privy" onClick={() => foyer.modal.push(RECOVERY_SCREENS.automatic, { address: params.address })}>
          {t('embeddedWallet.recovery.option.automatic')}
        </Button>
      ) : null}
      <Button variant="link" aria-expanded={why} onClick={() => setWhy(!why)}>
        {t('embeddedWallet.recovery.why')}
      </Button>
      {why ? (
        <p className="foyer-subtitle" data-testid="foyer-recovery-why">
          {t('embeddedWallet.recovery.whyBody')}
        </p>
      ) : null}
    </ScreenLayout>
  )
}
