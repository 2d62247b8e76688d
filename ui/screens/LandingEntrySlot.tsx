import { Suspense } from 'react'
import type { LandingEntry } from '../../core/client/registry.js'
import { useT } from '../i18n/useT.js'
import { lazyScreen } from '../modal/lazyScreen.js'
import { Button } from '../primitives/Button.js'
import { ScreenErrorBoundary } from '../modal/ScreenErrorBoundary.js'

/** Props every landing entry component receives. */
export interface LandingEntryProps {
  loginMethod: string
  /** Show the input directly (first e-mail/SMS option) instead of a button that expands to it. */
  inline: boolean
}

/** Renders one plugin's lazy landing entry; while it loads, a disabled button with its label holds the place. */
export function LandingEntrySlot({ entry, inline }: { entry: LandingEntry; inline: boolean }) {
  const t = useT()
  const Entry = lazyScreen(entry.entry)
  const placeholder = (
    <Button variant="option" icon={entry.meta.icon} disabled>
      {t(entry.meta.label)}
    </Button>
  )
  return (
    <ScreenErrorBoundary fallback={() => placeholder}>
      <Suspense fallback={placeholder}>
        <Entry loginMethod={entry.loginMethod} inline={inline} />
      </Suspense>
    </ScreenErrorBoundary>
  )
}
