import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { PluginIcon } from './PluginIcon.js'
import { Spinner } from './Spinner.js'

/** Button props: a native button plus a look and a busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'option' | 'link'
  /** Shows a spinner and disables the button. */
  loading?: boolean
  /** Plugin icon (inline SVG markup or URL) or a React node shown before the label. */
  icon?: string | ReactNode
}

/** The modal's button. */
export function Button({ variant = 'secondary', loading = false, icon, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={rest.className ? `foyer-button ${rest.className}` : 'foyer-button'}
      data-variant={variant}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {typeof icon === 'string' ? <PluginIcon icon={icon} /> : icon}
      {children}
      {loading ? <Spinner /> : null}
    </button>
  )
}
