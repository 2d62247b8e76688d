import { Button, useFoyerKernel, useT, type LandingEntryProps } from '../../../ui/index.js'

/** The Telegram option on the landing list: opens the Telegram auth screen. */
export default function TelegramEntry(_props: Partial<LandingEntryProps>) {
  const foyer = useFoyerKernel()
  const t = useT()
  return (
    <Button variant="option" icon={foyer.registry.plugin('telegram')?.meta?.icon} onClick={() => foyer.modal.push('telegram/auth')}>
      {t('telegram.label')}
    </Button>
  )
}
