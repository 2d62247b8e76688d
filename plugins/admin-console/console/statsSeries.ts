import type { AdminStatsDay } from '../adminApi.js'

/** One chart's rows (a day each: its date and a count per method) and its methods, most used first. */
export interface MethodSeries {
  rows: ({ date: string } & Record<string, number | string>)[]
  methods: string[]
  totals: Record<string, number>
}

/** The days' sign-ups or logins by method, as stacked-bar rows (every method in every row, 0 when absent). */
export function methodSeries(days: readonly AdminStatsDay[], field: 'signups' | 'logins'): MethodSeries {
  const totals: Record<string, number> = {}
  for (const day of days) for (const [method, count] of Object.entries(day[field])) totals[method] = (totals[method] ?? 0) + count
  const methods = Object.keys(totals).sort((a, b) => totals[b]! - totals[a]! || a.localeCompare(b))
  const rows = days.map((day) => ({ date: day.date, ...Object.fromEntries(methods.map((m) => [m, day[field][m] ?? 0])) }))
  return { rows, methods, totals }
}

/** A share as a whole percentage ('—' of nothing). */
export const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—')

/** The series' colours: distinct, readable on the light and the dark background. */
export const SERIES_COLOURS = ['#5a61f0', '#12a150', '#e07b00', '#d63a8a', '#1f8fd6', '#8a5cf0', '#7a8a00', '#c0392b']
