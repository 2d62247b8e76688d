// The Playwright example's host page: HostPage under a FoyerProvider, pointed at the test server the URL names
// (`?apiUrl=…&appId=…`, so the page is built once and each run's server is passed as it loads).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider } from 'foyer'
import { email } from 'foyer/plugins/email'
import { HostPage } from './HostPage.js'

const plugins = [email()]
const params = new URLSearchParams(location.search)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider appId={params.get('appId') ?? ''} apiUrl={params.get('apiUrl') ?? ''} plugins={plugins}>
      <HostPage />
    </FoyerProvider>
  </StrictMode>,
)
