import { useLayoutEffect, useState } from 'react'
import { FoyerProvider, type FoyerClientConfig, type FoyerPlugin } from 'foyer'
import { App } from './App.js'
import { loadThemeChoice, saveThemeChoice } from './themeChoice.js'
import { ThemePanel } from './ThemePanel.js'

/** Props of Root: where the Foyer server is, which app, the plugins and the rest of the client config. */
export interface RootProps {
  appId: string
  apiUrl: string
  plugins: FoyerPlugin[]
  config: FoyerClientConfig
}

/** The page shell: FoyerProvider with the visitor's theme, the theme panel beside it and the footer. */
export function Root({ appId, apiUrl, plugins, config }: RootProps) {
  const [choice, setChoice] = useState(loadThemeChoice)

  // The page follows the same choice as the modal (before paint, so it never flashes the other theme).
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = choice.theme
    document.documentElement.style.setProperty('--accent', choice.accentColor)
    saveThemeChoice(choice)
  }, [choice])

  return (
    <div className="shell">
      {/* A new appearance is applied in place: an open modal restyles, the session and the page stay as they are. */}
      <FoyerProvider
        appId={appId}
        apiUrl={apiUrl}
        plugins={plugins}
        config={{ ...config, appearance: { ...config.appearance, theme: choice.theme, accentColor: choice.accentColor } }}
      >
        <App />
      </FoyerProvider>
      <ThemePanel choice={choice} onChange={setChoice} />
      <footer className="footer">
        <p>
          Foyer server <code>{apiUrl}</code> · app <code>{appId}</code>
        </p>
        <p>
          Login codes in dev: the terminal or the <a href={`${apiUrl}/dev/outbox`}>dev outbox</a>.
        </p>
      </footer>
    </div>
  )
}
