import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { PluginIcon } from './PluginIcon.js'
import { Spinner } from './Spinner.js'

/** Button props: a native button plus a look and a busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'option' | 'link'
  /** Shows a spinner over the label (the button keeps its size) and disables the button. */
  loading?: boolean
  /** Plugin icon (inline SVG markup or URL) or a React node shown before the label. */
  icon?: string | ReactNode
}

/** The first letter of a label: the neutral icon of an option row that has none. */
const initial = (children: ReactNode) => (typeof children === 'string' ? children.trim().charAt(0) : '')

/**
 * The modal's button. An 'option' row always has an icon slot (the plugin's icon, or a neutral
 * initial), so the labels of a list line up whether or not each row has an icon.
 */
export function Button({ variant = 'secondary', loading = false, icon, disabled, children, type = 'button', ...rest }: ButtonProps) {
  const iconSlot =
    typeof icon === 'string' || (icon == null && variant === 'option') ? (
      <PluginIcon icon={typeof icon === 'string' ? icon : undefined} fallback={initial(children)} />
    ) : icon != null ? (
      <span className="foyer-button-icon" aria-hidden="true">
        {icon}
      </span>
    ) : null
  return (
    <button
      {...rest}
      type={type}
      className={rest.className ? `foyer-button ${rest.className}` : 'foyer-button'}
      data-variant={variant}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {iconSlot}
      <span className="foyer-button-label">{children}</span>
      {loading ? (
        <span className="foyer-button-busy">
          <Spinner />
        </span>
      ) : null}
    </button>
  )
}
