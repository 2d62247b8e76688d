import { Button, useFoyerKernel, useT, type LandingEntryProps } from '../../../ui/index.js'
import { startModalOAuth } from '../oauthFlow.js'
// The marks straight from providerIcons.ts, not through providers.ts: the plugin entry re-exports `oauthProviders`, and
// esbuild puts a module that an entry re-exports and some chunk uses in the host's first load (see providers.ts).
import { providerIcons } from '../providerIcons.js'
import { providerDisplayName, isOAuthProvider } from '../providerIds.js'

/** One provider's button on the landing list; a click starts its flow (popup opened within the click). */
export default function OAuthEntry({ loginMethod }: Partial<LandingEntryProps>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const provider = loginMethod ?? ''
  return (
    <Button
      variant="option"
      icon={isOAuthProvider(provider) ? providerIcons[provider] : undefined}
      data-testid={`foyer-oauth-${provider}`}
      onClick={() => startModalOAuth(foyer, provider)}
    >
      {t(providerDisplayName(provider))}
    </Button>
  )
}
