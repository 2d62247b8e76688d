import { useAdmin } from './AdminContext.js'

/** Says, to a viewer, why the page has no write controls (the API refuses their writes anyway). */
export function ReadOnlyNote() {
  const { canWrite } = useAdmin()
  if (canWrite) return null
  return <p className="fa-note">You are a viewer: you can read everything here, but only an owner can change it.</p>
}
