import { Suspense } from 'react'
import type { LandingEntry } from '../../core/client/registry.js'
import { useT } from '../i18n/useT.js'
import { lazyScreen } from '../modal/lazyScreen.js'
import { Button } from '../primitives/Button.js'
import { ErrorText } from '../primitives/ErrorText.js'
import { ScreenErrorBoundary } from '../modal/ScreenErrorBoundary.js'

/** Props every landing entry component receives. */
export interface LandingEntryProps {
  loginMethod: string
  /** Show the input directly (first e-mail/SMS option) instead of a button that expands to it. */
  inline: boolean
}

/**
 * Renders one plugin's lazy landing entry. While it loads, a disabled row with its label holds the place
 * at the entry's size (a link for the passkey slot, a field's height for an inline input), so nothing moves
 * when it arrives; the stand-in is hidden from assistive tech, which meets only the real control.
 */
export function LandingEntrySlot({ entry, inline, variant = 'option' }: { entry: LandingEntry; inline: boolean; variant?: 'option' | 'link' }) {
  const t = useT()
  const Entry = lazyScreen(entry.entry)
  const button = (
    <Button variant={variant} icon={variant === 'option' ? entry.meta.icon : undefined} disabled>
      {t(entry.meta.label)}
    </Button>
  )
  // An inline entry will be a field (row plus its error line): its stand-in takes the same height.
  const placeholder = inline ? (
    <div className="foyer-field">
      {button}
      <ErrorText />
    </div>
  ) : (
    button
  )
  return (
    <ScreenErrorBoundary fallback={() => placeholder}>
      <Suspense
        fallback={
          <div className="foyer-entry-loading" aria-hidden="true">
            {placeholder}
          </div>
        }
      >
        <Entry loginMethod={entry.loginMethod} inline={inline} />
      </Suspense>
    </ScreenErrorBoundary>
  )
}
