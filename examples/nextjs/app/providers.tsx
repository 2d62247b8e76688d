'use client'
import type { ReactNode } from 'react'
import { FoyerProvider } from 'foyer'
import { email } from 'foyer/plugins/email'

// Plugins are functions, so they are made on the client side of the boundary, as Privy's docs do.
const plugins = [email()]

export function Providers({ children }: { children: ReactNode }) {
  return (
    <FoyerProvider appId={process.env.NEXT_PUBLIC_FOYER_APP_ID!} apiUrl={process.env.NEXT_PUBLIC_FOYER_API_URL!} plugins={plugins}>
      {children}
    </FoyerProvider>
  )
}
