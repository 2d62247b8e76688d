import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider } from 'foyer'
import { email } from 'foyer/plugins/email'
import { App } from './App.js'

const plugins = [email()]

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider
      appId={import.meta.env.VITE_FOYER_APP_ID}
      apiUrl={import.meta.env.VITE_FOYER_API_URL}
      plugins={plugins}
      config={{ appearance: { theme: 'light', loginMessage: 'Sign in to the Foyer example app' } }}
    >
      <App />
    </FoyerProvider>
  </StrictMode>,
)
