import type { Locator, Page } from 'playwright-core'

/** The grey that covers a screenshot's masked parts. */
export const SHOT_MASK = '#8a8f98'

/** A screenshot's options: no animation, no caret, `mask` (dynamic or secret parts) covered, one pixel a CSS pixel. */
export const shotOptions = (mask: Locator[]) => ({ animations: 'disabled' as const, caret: 'hide' as const, mask, maskColor: SHOT_MASK, scale: 'css' as const })

/** What differs from run to run inside `scope`: addresses, the user's id, times, the JSON fields that hold an address. */
export const dynamicParts = (scope: Page | Locator): Locator[] => [
  scope.locator('code:visible, .mono:visible').filter({ hasText: /0x[0-9a-fA-F]{40}|did:foyer:/ }),
  scope.locator('[data-testid="user-id"]:visible, time:visible, textarea:visible'),
]
