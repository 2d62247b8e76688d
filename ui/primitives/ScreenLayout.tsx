import { useContext, useId, type ReactNode } from 'react'
import { ModalContext } from '../modal/ModalContext.js'

/** ScreenLayout props. */
export interface ScreenLayoutProps {
  title: string
  subtitle?: ReactNode
  /** Shown above the title (logo, status icon). */
  icon?: ReactNode
  /** The body (also accepted as `body`). */
  children?: ReactNode
  body?: ReactNode
  footer?: ReactNode
}

/** The standard screen: icon, title (the dialog's accessible name), subtitle, body and footer. */
export function ScreenLayout({ title, subtitle, icon, children, body, footer }: ScreenLayoutProps) {
  const modal = useContext(ModalContext)
  const ownId = useId()
  return (
    <div className="foyer-screen">
      {icon ? <div className="foyer-screen-icon">{icon}</div> : null}
      <div>
        <h2 className="foyer-title" id={modal?.titleId ?? ownId}>
          {title}
        </h2>
        {subtitle ? <p className="foyer-subtitle">{subtitle}</p> : null}
      </div>
      {children || body ? (
        <div className="foyer-body">
          {body}
          {children}
        </div>
      ) : null}
      {footer ? <div className="foyer-footer">{footer}</div> : null}
    </div>
  )
}
