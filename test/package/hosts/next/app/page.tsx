import { Account } from './account'

// Rendered on the server for every request (not prerendered at build), then hydrated in the browser.
export const dynamic = 'force-dynamic'

export default function Page() {
  return (
    <main>
      <h1>Next.js host</h1>
      <p data-testid="server-rendered">Rendered on the server</p>
      <Account />
    </main>
  )
}
