import { useT } from '../i18n/useT.js'
import { CheckIcon } from '../primitives/icons.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'

/** Shown after a successful flow until the kernel closes the modal. */
export default function SuccessScreen({ params }: { params?: { title?: string } }) {
  const t = useT()
  return (
    <ScreenLayout
      icon={
        <span className="foyer-success">
          <CheckIcon />
        </span>
      }
      title={params?.title ?? t('success.title')}
    />
  )
}
