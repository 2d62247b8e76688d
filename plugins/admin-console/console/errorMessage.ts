import { AdminApiError } from './adminFetch.js'

/** What to show for a failed call: the server's message, or a line for anything else. */
export function errorMessage(error: unknown): string {
  if (error instanceof AdminApiError) {
    if (error.code === 'app_changed') return 'Someone else saved this app; reload it to see their changes, then edit again.'
    if (error.code === 'admin_role_required') return `${error.message} (Viewers can read but not change anything.)`
    return error.message
  }
  return error instanceof Error ? error.message : String(error)
}
