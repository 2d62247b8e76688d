import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { animationsSettled } from './browser.js'
import { dynamicParts, shotOptions } from './shotOptions.js'

/** Where the docs' screenshots from the e2e suite go: docs/images/e2e/<name>.png. */
export const DOCS_SHOTS_DIR = fileURLToPath(new URL('../../../docs/images/e2e', import.meta.url))

/** Whether this run writes the docs' screenshots (FOYER_DOCS_SHOTS=1); without it docsShot does nothing. */
export const docsShotsOn = (): boolean => process.env.FOYER_DOCS_SHOTS === '1'

export interface DocsShotOptions {
  /** More parts to cover besides the dynamic ones (addresses, ids, times): QR codes, secrets, e-mails that vary. */
  readonly mask?: Locator[]
  /** What must be visible before the shot (waited for only when shots are on, so the normal run is unchanged). */
  readonly ready?: Locator
}

/**
 * With FOYER_DOCS_SHOTS=1, photographs `target` (a page's viewport, or an element such as the modal dialog) for the
 * docs as docs/images/e2e/<name>.png: animations ended and disabled, caret hidden, pointer moved away, addresses, ids
 * and times covered (with `opts.mask`). Without the variable it returns at once: the suite's normal run is unchanged.
 */
export async function docsShot(target: Page | Locator, name: string, opts: DocsShotOptions = {}): Promise<void> {
  if (!docsShotsOn()) return
  const page = 'goto' in target ? target : target.page()
  await opts.ready?.waitFor({ timeout: 30_000 })
  await page.mouse.move(0, 0)
  await animationsSettled(page)
  const png = await target.screenshot(shotOptions([...dynamicParts(target), ...(opts.mask ?? [])]))
  mkdirSync(DOCS_SHOTS_DIR, { recursive: true })
  writeFileSync(join(DOCS_SHOTS_DIR, `${name}.png`), png)
}
