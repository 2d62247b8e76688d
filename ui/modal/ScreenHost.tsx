import { memo, Suspense } from 'react'
import type { ScreenEntry } from '../../core/client/types.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { Spinner } from '../primitives/Spinner.js'
import { ErrorText } from '../primitives/ErrorText.js'
import { lazyScreen } from './lazyScreen.js'
import { ScreenErrorBoundary } from './ScreenErrorBoundary.js'

/** Props every screen component receives. */
export interface ScreenProps<P = any> {
  params: P
}

/** Renders the screen on top of the modal stack (lazy, with a spinner while it loads). */
export const ScreenHost = memo(function ScreenHost({ entry }: { entry: ScreenEntry | undefined }) {
  const foyer = useFoyerKernel()
  const t = useT()
  if (!entry) return <Loading />
  const def = foyer.registry.screens.get(entry.id)
  if (!def) return <Broken title={t('error.generic.title')} detail={`No screen "${entry.id}" is registered.`} />
  const Screen = lazyScreen(def)
  return (
    <ScreenErrorBoundary fallback={() => <Broken title={t('error.generic.title')} detail={t('error.generic.detail')} />}>
      <Suspense fallback={<Loading />}>
        <Screen params={entry.params} />
      </Suspense>
    </ScreenErrorBoundary>
  )
})

function Loading() {
  return (
    <div className="foyer-center">
      <Spinner />
    </div>
  )
}

function Broken({ title, detail }: { title: string; detail: string }) {
  return (
    <ScreenLayout title={title}>
      <ErrorText>{detail}</ErrorText>
    </ScreenLayout>
  )
}
