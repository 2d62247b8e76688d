import type { AdminStats } from '../adminApi.js'
import { methodSeries, percent } from './statsSeries.js'

/** The overview's figures as text: what the charts draw, readable without them. */
export function StatsFigures({ stats }: { stats: AdminStats }) {
  const signups = methodSeries(stats.days, 'signups')
  const logins = methodSeries(stats.days, 'logins')
  const wallets = stats.days.reduce((sum, day) => sum + day.wallets_created, 0)
  const byMethod = (totals: Record<string, number>) =>
    Object.entries(totals)
      .map(([method, count]) => `${method} ${count}`)
      .join(', ') || 'none'
  const sum = (totals: Record<string, number>) => Object.values(totals).reduce((a, b) => a + b, 0)
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title">Figures for the last {stats.days.length} days</h2>
      <dl className="fa-figures" data-testid="stats-figures">
        <div>
          <dt>Users</dt>
          <dd>{stats.total_users}</dd>
        </div>
        <div>
          <dt>Daily active</dt>
          <dd>{stats.active.dau}</dd>
        </div>
        <div>
          <dt>Weekly active</dt>
          <dd>{stats.active.wau}</dd>
        </div>
        <div>
          <dt>Monthly active</dt>
          <dd>{stats.active.mau}</dd>
        </div>
        <div>
          <dt>MFA adoption</dt>
          <dd>
            {percent(stats.mfa.with_mfa, stats.mfa.users)} <span className="fa-muted">({stats.mfa.with_mfa} of {stats.mfa.users})</span>
          </dd>
        </div>
        <div>
          <dt>Wallets created</dt>
          <dd>{wallets}</dd>
        </div>
        <div>
          <dt>Sign-ups</dt>
          <dd>
            {sum(signups.totals)} <span className="fa-muted">({byMethod(signups.totals)})</span>
          </dd>
        </div>
        <div>
          <dt>Logins</dt>
          <dd>
            {sum(logins.totals)} <span className="fa-muted">({byMethod(logins.totals)})</span>
          </dd>
        </div>
      </dl>
    </section>
  )
}
