import { Spinner, useT } from '../../../ui/index.js'

/**
 * The captcha screen (§2: invisible and hidden): shown while a token is on its way, before the awaiting
 * screen. The widget itself lives outside the modal and appears only if Turnstile needs an interaction.
 */
export default function CaptchaScreen() {
  const t = useT()
  return (
    <div className="foyer-center" data-testid="foyer-captcha-screen" aria-busy="true">
      <Spinner label={t('captcha.verifying')} />
    </div>
  )
}
