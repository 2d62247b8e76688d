import { useState } from 'react'
import { FoyerProvider } from '../../../ui/foyer.js'
import { email } from '../../email/index.js'
import { mfa } from '../../mfa/index.js'
import { mfaTotp } from '../../mfa-totp/index.js'
import { passkey } from '../../passkey/index.js'
import { ADMIN_APP_ID } from '../adminApi.js'
import { AdminGate } from './AdminGate.js'
import { useThemeChoice } from './useThemeChoice.js'

/**
 * The console's root: Foyer for the internal admin app on this origin, with the sign-ins operators use (e-mail,
 * passkey) and TOTP (the admin API needs it); the modal follows the console's light or dark theme.
 */
export function ConsoleApp() {
  const { theme, toggle } = useThemeChoice()
  // The plugins are made once: the provider keeps the ones it started with.
  const [plugins] = useState(() => [email(), passkey(), mfa(), mfaTotp()])
  return (
    <FoyerProvider appId={ADMIN_APP_ID} apiUrl={location.origin} plugins={plugins} config={{ appearance: { theme } }}>
      <AdminGate theme={theme} toggleTheme={toggle} />
    </FoyerProvider>
  )
}
