import { useT } from '../i18n/useT.js'
import { BackIcon, CloseIcon } from '../primitives/icons.js'

/** The dialog's top bar: back (when there is a screen to go back to) and close (when dismissable). */
export function ModalHeader({ onBack, onClose }: { onBack?: (() => void) | undefined; onClose?: (() => void) | undefined }) {
  const t = useT()
  return (
    <div className="foyer-header">
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
