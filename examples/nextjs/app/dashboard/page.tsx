import { cookies } from 'next/headers'
import { TOKEN_COOKIE, userIdOf } from '../../lib/foyer'

export const dynamic = 'force-dynamic'

// Protected by proxy.ts: a signed-out visitor never gets here.
export default async function Dashboard() {
  const userId = await userIdOf((await cookies()).get(TOKEN_COOKIE)?.value)
  return (
    <main>
      <h1>Dashboard</h1>
      <p data-testid="dashboard-user">{userId}</p>
    </main>
  )
}
