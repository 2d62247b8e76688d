import { Button, useFoyerKernel, useT, type LandingEntryProps } from '../../../ui/index.js'

/** The landing's 'I have a passkey' link: opens the passkey login. */
export default function PasskeyEntry(_props: Partial<LandingEntryProps>) {
  const foyer = useFoyerKernel()
  const t = useT()
  return (
    <Button variant="link" onClick={() => foyer.modal.push('passkey/login', { action: 'login' })}>
      {t('landing.passkey')}
    </Button>
  )
}
