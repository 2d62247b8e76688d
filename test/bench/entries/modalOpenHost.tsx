// The e-mail host the modal-open benchmark loads in Chromium: it records when `ready` first turns true
// and when the 'Log in' click happened, so the page itself measures click → first modal screen.
import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer } from 'foyer'
import { email } from 'foyer/plugins/email'

declare global {
  interface Window {
    foyerBench: { readyAt: number | null; clickAt: number | null }
  }
}

function App() {
  const { ready, login } = useFoyer()
  if (ready && window.foyerBench.readyAt === null) window.foyerBench.readyAt = performance.now()
  return (
    <button
      data-ready={ready ? 'true' : 'false'}
      onClick={(event) => {
        window.foyerBench.clickAt = event.timeStamp
        login()
      }}
    >
      Log in
    </button>
  )
}
/** Renders the host (the package marks modules side-effect free, so the page calls this). */
export function mount() {
  window.foyerBench = { readyAt: null, clickAt: null }
  const query = new URLSearchParams(location.search)
  createRoot(document.getElementById('root')!).render(
    <FoyerProvider appId={query.get('app')!} apiUrl={query.get('api')!} plugins={[email()]}>
      <App />
    </FoyerProvider>,
  )
}
