import { cookies } from 'next/headers'
import Link from 'next/link'
import { TOKEN_COOKIE, userIdOf } from '../lib/foyer'
import { Account } from './account'

// Rendered on the server for every request (not prerendered at build), then hydrated in the browser.
export const dynamic = 'force-dynamic'

// A server component: it knows the user from the token cookie before any JavaScript runs in the browser.
export default async function Page() {
  const userId = await userIdOf((await cookies()).get(TOKEN_COOKIE)?.value)
  return (
    <main>
      <h1>Foyer + Next.js</h1>
      <p data-testid="server-rendered">Rendered on the server</p>
      <p data-testid="server-user">{userId ? `Signed in as ${userId}` : 'Signed out'}</p>
      <Account />
      <Link href="/dashboard">Dashboard</Link>
    </main>
  )
}
