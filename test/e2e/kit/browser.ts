import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, headless, with the flags this closed-network machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

/** Polls the dev outbox until a message to `to` newer than `after` has a code. */
export async function codeFromOutbox(apiUrl: string, to: string, seen = new Set<string>(), timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${apiUrl}/dev/outbox`)).json()) as { to: string; code: string | null }[]
    const message = messages.find((m) => m.to === to && m.code && !seen.has(m.code))
    if (message?.code) return message.code
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no code for ${to} in the dev outbox`)
}
