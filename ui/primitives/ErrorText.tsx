/** An error message, announced to screen readers; renders nothing without a message. */
export function ErrorText({ children, id }: { children?: string | null | undefined; id?: string }) {
  if (!children) return null
  return (
    <p className="foyer-error" role="alert" id={id}>
      {children}
    </p>
  )
}
