import { NextResponse, type NextRequest } from 'next/server'
import { TOKEN_COOKIE, userIdOf } from './lib/foyer'

// Next 16's middleware (middleware.ts before): runs before /dashboard renders and sends signed-out visitors home.
export async function proxy(request: NextRequest) {
  const userId = await userIdOf(request.cookies.get(TOKEN_COOKIE)?.value)
  if (!userId) return NextResponse.redirect(new URL('/?signed-out', request.url))
  return NextResponse.next()
}

export const config = { matcher: ['/dashboard/:path*'] }
