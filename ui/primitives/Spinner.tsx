import { useT } from '../i18n/useT.js'

/** An accessible loading indicator. */
export function Spinner({ label }: { label?: string }) {
  const t = useT()
  return <span className="foyer-spinner" role="status" aria-label={label ?? t('common.loading')} />
}
