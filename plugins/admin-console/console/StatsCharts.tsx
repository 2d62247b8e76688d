import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { AdminStats } from '../adminApi.js'
import { methodSeries, SERIES_COLOURS, type MethodSeries } from './statsSeries.js'

const AXIS = { stroke: 'currentColor', fontSize: 12 }
const shortDate = (date: string) => date.slice(5)

/** A stacked bar chart of a count per method per day. */
function MethodChart({ title, series }: { title: string; series: MethodSeries }) {
  return (
    <figure className="fa-chart">
      <figcaption>{title}</figcaption>
      {series.methods.length === 0 ? (
        <p className="fa-muted">None in this period.</p>
      ) : (
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={series.rows} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} width={40} />
            <Tooltip />
            <Legend />
            {series.methods.map((method, i) => (
              <Bar key={method} dataKey={method} stackId="methods" fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  )
}

/** The overview's charts (recharts, loaded lazily): sign-ups and logins by method, active users and wallets per day. */
export function StatsCharts({ stats }: { stats: AdminStats }) {
  const perDay = stats.days.map((day) => ({ date: day.date, active: day.active_users, wallets: day.wallets_created }))
  return (
    <section aria-labelledby="charts-title" className="fa-charts">
      <h2 id="charts-title">Per day</h2>
      <MethodChart title="Sign-ups by login method" series={methodSeries(stats.days, 'signups')} />
      <MethodChart title="Logins by login method" series={methodSeries(stats.days, 'logins')} />
      <figure className="fa-chart">
        <figcaption>Active users</figcaption>
        <ResponsiveContainer width="100%" height={200}>
          <LineChart data={perDay} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} width={40} />
            <Tooltip />
            <Line type="monotone" dataKey="active" name="Active users" stroke={SERIES_COLOURS[0]} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="fa-chart">
        <figcaption>Wallets created</figcaption>
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={perDay} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} width={40} />
            <Tooltip />
            <Bar dataKey="wallets" name="Wallets created" fill={SERIES_COLOURS[1]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </section>
  )
}
