import type { Page } from 'playwright-core'
import type { Stack } from './startStack.js'

/** What the test page keeps of the frame it embedded (window.__walletFrame). */
interface EmbeddedFrame {
  frame: HTMLIFrameElement
  port: MessagePort
  /** Everything the frame answered on its port, in order. */
  answers: unknown[]
  /** Messages that reached the page's window from the frame other than the handshake. */
  windowMessages: unknown[]
}

/** The URL of the hidden wallet frame page for the stack's app, embedded by `parentOrigin` (default the app's). */
export function walletFrameUrl(stack: Pick<Stack, 'walletUrl' | 'appId' | 'appUrl'>, parentOrigin = new URL(stack.appUrl).origin): string {
  return `${stack.walletUrl}/apps/${stack.appId}/embedded-wallets?parent_origin=${encodeURIComponent(parentOrigin)}`
}

/**
 * Embeds the wallet frame in `page` (a page of the app's origin) and waits for its real handshake: the
 * `foyer:iframe:ready` message from that frame's window, carrying the MessagePort every request then travels on.
 * The port and what comes back on it stay in the page (window.__walletFrame) for frameRequest and frameAnswers.
 */
export async function embedWalletFrame(page: Page, stack: Pick<Stack, 'walletUrl' | 'appId' | 'appUrl'>): Promise<void> {
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve, reject) => {
        const frame = document.createElement('iframe')
        frame.src = src
        const state = { frame, answers: [] as unknown[], windowMessages: [] as unknown[] } as unknown as EmbeddedFrame
        const timer = setTimeout(() => reject(new Error('the wallet frame sent no ready message in 20 s')), 20_000)
        addEventListener('message', (event) => {
          if (event.source !== frame.contentWindow) return
          if ((event.data as { type?: unknown } | null)?.type !== 'foyer:iframe:ready' || state.port) {
            state.windowMessages.push(event.data)
            return
          }
          clearTimeout(timer)
          const port = event.ports[0]
          if (!port) return reject(new Error('the ready message carried no port'))
          state.port = port
          port.onmessage = (answer) => state.answers.push(answer.data)
          ;(window as unknown as { __walletFrame: EmbeddedFrame }).__walletFrame = state
          resolve()
        })
        document.body.appendChild(frame)
      }),
    walletFrameUrl(stack),
  )
}

/** Posts `message` on the embedded frame's port (as the host's proxy does), as is: malformed ones too. */
export async function postOnPort(page: Page, message: unknown): Promise<void> {
  await page.evaluate((m) => (window as unknown as { __walletFrame: EmbeddedFrame }).__walletFrame.port.postMessage(m), message as never)
}

/** Everything the embedded frame answered on its port so far. */
export async function frameAnswers(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __walletFrame: EmbeddedFrame }).__walletFrame.answers)
}

/** Sends `{event, id, data}` on the port and waits for the frame's answer with that id. */
export async function frameRequest(page: Page, event: string, id: string, data: unknown, timeoutMs = 20_000): Promise<unknown> {
  await postOnPort(page, { event, id, data })
  const handle = await page.waitForFunction(
    (wanted) => (window as unknown as { __walletFrame: EmbeddedFrame }).__walletFrame.answers.find((a) => (a as { id?: unknown } | null)?.id === wanted),
    id,
    { timeout: timeoutMs },
  )
  return handle.jsonValue()
}

/** The signed-in user's access token, as the example app's kernel keeps it (localStorage). */
export async function storedAccessToken(page: Page, appId: string): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), `foyer:${appId}:token`)
  if (!token) throw new Error('no access token in the page (is the user signed in?)')
  return token.replace(/^"|"$/g, '')
}

/** The wallet frame's custody calls ('create', 'auth_share', …) that left the page or its frames, in order. */
export function custodyCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const match = /\/api\/v1\/embedded_wallets\/(\w+)$/.exec(request.url())
    if (match) calls.push(match[1]!)
  })
  return calls
}


/**
 * An init script (context.addInitScript) recording every message the page's MessagePorts carry, both ways, in
 * `window.__foyerMessages` ({out} or {in}): what a test checks carries no key, share or password.
 */
export const recordPortMessages = () => {
  const seen: unknown[] = []
  ;(window as unknown as { __foyerMessages: unknown[] }).__foyerMessages = seen
  const send = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, ...rest: never[]) {
    seen.push({ out: message })
    return send.call(this, message, ...rest)
  }
  const descriptor = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    set(listener: ((event: MessageEvent) => void) | null) {
      descriptor.set!.call(this, listener && ((event: MessageEvent) => (seen.push({ in: event.data }), listener.call(this, event))))
    },
    get() {
      return descriptor.get!.call(this)
    },
  })
}

/**
 * Runs the password flow drawn in the wallet frame's recovery page (create → save → confirm → 'I understand…' →
 * finalize) with `password`, waits for 'Success' and closes it.
 */
export async function setPasswordInFrame(page: Page, password: string): Promise<void> {
  const frame = page.getByRole('dialog').getByTestId('foyer-set-recovery-frame').frameLocator('iframe')
  await frame.getByRole('heading', { name: 'Create a password' }).waitFor({ timeout: 20_000 })
  await frame.getByTestId('foyer-recovery-password').fill(password)
  await frame.getByTestId('foyer-recovery-continue').click()
  await frame.getByRole('heading', { name: 'Save your password' }).waitFor()
  await frame.getByTestId('foyer-recovery-continue').click()
  await frame.getByTestId('foyer-recovery-confirmation').fill(password)
  await frame.getByTestId('foyer-recovery-continue').click()
  await frame.getByTestId('foyer-recovery-ack').check()
  await frame.getByTestId('foyer-recovery-submit').click()
  await frame.getByRole('heading', { name: 'Success' }).waitFor({ timeout: 30_000 })
  await frame.getByRole('button', { name: 'Close' }).click()
}
