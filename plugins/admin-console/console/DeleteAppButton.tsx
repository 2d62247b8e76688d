import { useState } from 'react'
import { adminPaths, type AdminApp } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { routeHref } from './useRoute.js'

/** Deletes an app (owners), after typing its id. */
export function DeleteAppButton({ app }: { app: AdminApp }) {
  const { call, canWrite } = useAdmin()
  const [open, setOpen] = useState(false)
  if (!canWrite) return null
  return (
    <section className="fa-card fa-danger-zone" aria-labelledby="delete-app-title">
      <h2 id="delete-app-title">Delete this app</h2>
      <p>Its users can no longer sign in to it.</p>
      <button type="button" className="fa-button fa-danger" onClick={() => setOpen(true)}>
        Delete app
      </button>
      {open && (
        <ConfirmDialog
          title={`Delete ${app.name}?`}
          confirmLabel="Delete app"
          typed={app.id}
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            await call('DELETE', adminPaths.app(app.id))
            location.hash = routeHref({ page: 'apps' })
          }}
        >
          <p>This can't be undone.</p>
        </ConfirmDialog>
      )}
    </section>
  )
}
