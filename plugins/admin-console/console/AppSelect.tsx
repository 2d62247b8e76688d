import { useId } from 'react'
import type { AdminApp } from '../adminApi.js'

/** Chooses one of the apps (the overview's and the users page's). */
export function AppSelect({ apps, value, onChange }: { apps: readonly AdminApp[]; value: string; onChange: (appId: string) => void }) {
  const id = useId()
  return (
    <div className="fa-field fa-inline">
      <label htmlFor={id}>App</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {apps.map((app) => (
          <option key={app.id} value={app.id}>
            {app.name} ({app.id})
          </option>
        ))}
      </select>
    </div>
  )
}
