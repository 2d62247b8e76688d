import { createContext, useContext } from 'react'
import type { AdminSession } from '../adminApi.js'

/** One admin API call (adminFetch with the operator's token); a 403 asking for verification sends the console back to it. */
export type AdminCall = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<T>

/** What every console page reads: the call, the verified session, and whether the operator may write. */
export interface AdminContextValue {
  call: AdminCall
  session: AdminSession
  canWrite: boolean
}

export const AdminContext = createContext<AdminContextValue | null>(null)

/** The console's admin context (inside the verified console only). */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext)
  if (!value) throw new Error('useAdmin must be used inside the verified console')
  return value
}
