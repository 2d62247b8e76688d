import type { ErrorScreenParams } from '../../core/client/errorScreen.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { ErrorIcon } from '../primitives/icons.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'

/** Params of the error and failure screens; `title` falls back to the screen's default. */
export type ErrorScreenProps = { params?: Partial<ErrorScreenParams> | undefined; defaultTitle?: string }

/** The generic error screen: title, detail and the call to action the kernel chose. */
export function ErrorScreen({ params = {}, defaultTitle = 'error.generic.title' }: ErrorScreenProps) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { title, detail, cta } = params
  const act = () => {
    if (!cta) return
    if (cta.href) {
      window.open(cta.href, '_blank', 'noopener,noreferrer')
      return
    }
    if (cta.action === 'close') foyer.modal.close()
    else foyer.modal.back() // 'back' and 'retry' both return to the screen that failed
  }
  return (
    <ScreenLayout
      icon={<ErrorIcon />}
      title={title ?? t(defaultTitle)}
      subtitle={detail}
    >
      {cta ? (
        <Button variant="primary" onClick={act}>
          {cta.label}
        </Button>
      ) : null}
    </ScreenLayout>
  )
}

/** The error screen as a registered screen (default export for the lazy loader). */
export default function ErrorScreenRoute({ params }: { params?: Partial<ErrorScreenParams> }) {
  return <ErrorScreen params={params} />
}
