import { useState } from 'react'
import { ADMIN_APP_ID, type AdminApp } from '../adminApi.js'

const KEY = 'foyer-admin-app'

/** The app a page shows: the last one chosen (kept for the tab), else the first that is not the console's own. */
export function useSelectedApp(apps: readonly AdminApp[] | null): [string, (appId: string) => void] {
  const [chosen, setChosen] = useState<string | null>(() => sessionStorage.getItem(KEY))
  const fallback = apps?.find((app) => app.id !== ADMIN_APP_ID)?.id ?? apps?.[0]?.id ?? ''
  const value = chosen && apps?.some((app) => app.id === chosen) ? chosen : fallback
  const choose = (appId: string) => {
    sessionStorage.setItem(KEY, appId)
    setChosen(appId)
  }
  return [value, choose]
}
