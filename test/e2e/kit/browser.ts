import { chromium, type Browser, type Page } from 'playwright-core'

/** Debian's Chromium, headless, with the flags this closed-network machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

/** The dev outbox's messages (e-mails and SMS) to `to`. */
export async function outboxTo(apiUrl: string, to: string): Promise<{ to: string; code: string | null }[]> {
  const messages = (await (await fetch(`${apiUrl}/dev/outbox`)).json()) as { to: string; code: string | null }[]
  return messages.filter((m) => m.to === to)
}

/** Polls the dev outbox until a message to `to` has a code not in `seen`. */
export async function codeFromOutbox(apiUrl: string, to: string, seen = new Set<string>(), timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const message = (await outboxTo(apiUrl, to)).find((m) => m.code && !seen.has(m.code))
    if (message?.code) return message.code
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no code for ${to} in the dev outbox`)
}

/**
 * Resolves once the page's finite CSS animations and transitions have ended (the modal pops in, the drawer
 * slides up): a box measured before then is a frame of the animation, not the layout. Endless ones (spinners)
 * don't count.
 */
export async function animationsSettled(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: timeoutMs, polling: 'raf' },
  )
}

/**
 * Clicks the page's 'Log in' and answers the modal's e-mail input, expanding the e-mail option when it is
 * collapsed. While an entry's lazy chunk loads, a disabled stand-in holds its place: only the real entry counts.
 */
export async function openEmailInput(page: Page) {
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  const dialog = page.getByRole('dialog')
  const input = dialog.locator('input[type="email"]')
  const option = dialog.getByRole('button', { name: /email/i, disabled: false })
  await input.or(option).first().waitFor()
  if (!(await input.isVisible())) await option.click()
  await input.waitFor()
  return { dialog, input }
}
