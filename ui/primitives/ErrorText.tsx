/**
 * An error message, announced to screen readers. Without a message it renders an empty line that the
 * stylesheet hides, except inside a field, where it keeps the line's space: an error that appears
 * under an input then doesn't move anything (the alert itself is inserted with its text, so it is read).
 */
export function ErrorText({ children, id }: { children?: string | null | undefined; id?: string }) {
  return (
    <p className="foyer-error" id={id}>
      {children ? <span role="alert">{children}</span> : null}
    </p>
  )
}
