import { lazy, Suspense, useState } from 'react'
import { adminPaths, type AdminStats } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { AppSelect } from './AppSelect.js'
import { ErrorText } from './ErrorText.js'
import { StatsFigures } from './StatsFigures.js'
import { useApps } from './useApps.js'
import { useLoad } from './useLoad.js'
import { useSelectedApp } from './useSelectedApp.js'

// The charts (recharts) load apart, after the figures: they are not in the console's first load.
const StatsCharts = lazy(() => import('./StatsCharts.js').then((m) => ({ default: m.StatsCharts })))
const PERIODS = [7, 30, 90] as const

/** Per app: sign-ups and logins per day by method, active users, MFA adoption, wallets created. */
export function OverviewPage() {
  const { call } = useAdmin()
  const apps = useApps()
  const [appId, setAppId] = useSelectedApp(apps.data)
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30)
  const stats = useLoad(async () => (appId ? call<AdminStats>('GET', `${adminPaths.stats(appId)}?days=${days}`) : null), `${appId}/${days}`)
  return (
    <>
      <h1>Overview</h1>
      <ErrorText error={apps.error} />
      <div className="fa-toolbar">
        {apps.data && <AppSelect apps={apps.data} value={appId} onChange={setAppId} />}
        <fieldset className="fa-segmented">
          <legend>Period</legend>
          {PERIODS.map((period) => (
            <label key={period}>
              <input type="radio" name="period" value={period} checked={days === period} onChange={() => setDays(period)} />
              {period} days
            </label>
          ))}
        </fieldset>
      </div>
      <ErrorText error={stats.error} />
      {stats.loading && !stats.data && <p role="status">Loading the figures…</p>}
      {stats.data && (
        <>
          <StatsFigures stats={stats.data} />
          <Suspense fallback={<p role="status">Loading the charts…</p>}>
            <StatsCharts stats={stats.data} />
          </Suspense>
        </>
      )}
    </>
  )
}
