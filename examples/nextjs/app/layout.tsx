import type { ReactNode } from 'react'
import { Providers } from './providers'

// A server component: the root layout renders the 'use client' providers file around the page.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
