import type { BaseError } from '../../core/errors/index.js'
import { CROSS_APP_POPUP_POLL_MS, CROSS_APP_TIMEOUT_MS } from './schema.js'

/** Options of waitForProvider. */
export interface WaitForProviderOptions<T> {
  /** Only messages from exactly this origin and from `popup` count; every other one is ignored. */
  origin: string
  /** A message's outcome: a value ends the wait, an Error fails it, undefined ignores the message. */
  accept(data: Record<string, unknown>): T | Error | undefined
  timeoutError: () => BaseError
  closedError: () => BaseError
  timeoutMs?: number
  pollMs?: number
  win?: Window
}

/** §4: waits for the provider popup's answer, its closing (rejected) or the timeout; closes the popup on an answer or a timeout. */
export function waitForProvider<T>(popup: Window, options: WaitForProviderOptions<T>): Promise<T> {
  const win = options.win ?? window
  return new Promise<T>((resolve, reject) => {
    const end = () => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(timer)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== options.origin || event.source !== popup) return
      if (!event.data || typeof event.data !== 'object') return
      const outcome = options.accept(event.data as Record<string, unknown>)
      if (outcome === undefined) return
      end()
      // The popup answered: close it here (it waits for that, see answerRequester), so its answer can't be lost to its
      // own closing.
      popup.close()
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      end()
      reject(options.closedError())
    }, options.pollMs ?? CROSS_APP_POPUP_POLL_MS)
    const timer = setTimeout(() => {
      end()
      popup.close()
      reject(options.timeoutError())
    }, options.timeoutMs ?? CROSS_APP_TIMEOUT_MS)
    win.addEventListener('message', onMessage)
  })
}
