import { uiScreens } from '../../../core/client/screenIds.js'
import { Button, useFoyerKernel, useT } from '../../../ui/index.js'
import type { LandingEntryProps } from '../../../ui/index.js'

/** The wallet list screen the ui layer registers. */
export const WALLET_LIST_SCREEN = uiScreens.walletList

/**
 * The 'Solana wallet' option on the landing list: opens the wallet list narrowed to Solana wallets
 * (walletChainType 'solana-only'); a connected wallet continues to `siws/sign`.
 */
export default function SiwsEntry(_props: Partial<LandingEntryProps>) {
  const foyer = useFoyerKernel()
  const t = useT()
  // The chain type goes in the list's params, not the flow's login options: going back and choosing
  // an Ethereum wallet option must not inherit 'solana-only'.
  const open = () => foyer.modal.push(WALLET_LIST_SCREEN, { walletChainType: 'solana-only' })
  return (
    <Button variant="option" icon={foyer.registry.plugin('siws')?.meta?.icon} onClick={open}>
      {t('siws.label')}
    </Button>
  )
}
