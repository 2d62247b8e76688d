import { adminPaths, type AdminApp } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { listOf } from './listOf.js'
import { useLoad, type Loaded } from './useLoad.js'

/** The server's apps (GET apps). */
export function useApps(): Loaded<AdminApp[]> {
  const { call } = useAdmin()
  return useLoad(async () => listOf<AdminApp>(await call('GET', adminPaths.apps)), 'apps')
}
