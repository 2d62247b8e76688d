import { useT } from '../i18n/useT.js'
import { BackIcon, CloseIcon } from '../primitives/icons.js'

/**
 * The dialog's top bar: back (when there is a screen to go back to) and close (when dismissable). On a
 * phone, where the dialog is a bottom drawer, the stylesheet shows the drawer's handle above it.
 */
export function ModalHeader({ onBack, onClose }: { onBack?: (() => void) | undefined; onClose?: (() => void) | undefined }) {
  const t = useT()
  return (
    <div className="foyer-header">
      <span className="foyer-drawer-handle" aria-hidden="true" data-testid="foyer-drawer-handle" />
      {onBack ? (
        <button type="button" className="foyer-icon-button" aria-label={t('common.back')} onClick={onBack}>
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      {onClose ? (
        <button type="button" className="foyer-icon-button" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      ) : null}
    </div>
  )
}
