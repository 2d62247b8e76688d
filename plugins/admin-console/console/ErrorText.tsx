import { errorMessage } from './errorMessage.js'

/** A failed call's message, announced (role="alert"); nothing when there is no error. */
export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p className="fa-error" role="alert">
      {errorMessage(error)}
    </p>
  )
}
