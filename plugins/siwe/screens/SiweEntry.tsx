import { Button, useFoyerKernel, useT, type LandingEntryProps } from '../../../ui/index.js'
import { WALLET_LIST_SCREEN } from '../walletListScreen.js'

/**
 * The 'Ethereum wallet' option of the landing's wallet group: opens the wallet list narrowed to
 * Ethereum wallets (as the Solana option narrows to Solana); a connected wallet comes back to 'siwe/sign'.
 */
export default function SiweEntry(_props: Partial<LandingEntryProps>) {
  const foyer = useFoyerKernel()
  const t = useT()
  return (
    <Button variant="option" icon={foyer.registry.plugin('siwe')?.meta?.icon} onClick={() => foyer.modal.push(WALLET_LIST_SCREEN, { walletChainType: 'ethereum-only' })}>
      {t('siwe.label')}
    </Button>
  )
}
