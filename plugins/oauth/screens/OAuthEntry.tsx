import { Button, useFoyerKernel, useT, type LandingEntryProps } from '../../../ui/index.js'
import { startModalOAuth } from '../oauthFlow.js'
import { oauthProviders, providerDisplayName, isOAuthProvider } from '../providers.js'

/** One provider's button on the landing list; a click starts its flow (popup opened within the click). */
export default function OAuthEntry({ loginMethod }: Partial<LandingEntryProps>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const provider = loginMethod ?? ''
  return (
    <Button
      variant="option"
      icon={isOAuthProvider(provider) ? oauthProviders[provider].icon : undefined}
      data-testid={`foyer-oauth-${provider}`}
      onClick={() => startModalOAuth(foyer, provider)}
    >
      {t(providerDisplayName(provider))}
    </Button>
  )
}
