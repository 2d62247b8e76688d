import { Button, useFoyerKernel, useT } from '../../../ui/index.js'

/** The Farcaster option on the landing list: opens the 'Awaiting Farcaster connection' screen. */
export default function FarcasterEntry() {
  const foyer = useFoyerKernel()
  const t = useT()
  return (
    <Button variant="option" icon={foyer.registry.plugin('farcaster')?.meta?.icon} onClick={() => foyer.modal.push('farcaster/connect')}>
      {t('farcaster.label')}
    </Button>
  )
}
