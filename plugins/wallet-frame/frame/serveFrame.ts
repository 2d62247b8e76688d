import { FRAME_HEIGHT, FRAME_READY, frameEvents, type FrameAnswer, type FrameEvent, type FrameRequest } from '../channel/frameProtocol.js'
import { frameErrorTypes, type FrameErrorType } from '../channel/frameProtocol.js'
import { FrameFailure, GENERIC_FAILURE } from './frameFailure.js'
import type { FrameHandler } from './kernel/frameHalf.js'
import type { LazyHalves } from './kernel/lazyHalves.js'

export type { FrameHandler } from './kernel/frameHalf.js'

/** What the page needs to start: the embedding page's origin and the origins allowed to embed this app's frame. */
export interface FrameStart {
  parentOrigin: string
  allowedOrigins: readonly string[]
  /** A visible page: posts its content's height on the channel whenever it changes (the host sizes the iframe). */
  reportHeight?: boolean
}

const known = new Set<string>(Object.values(frameEvents))

/**
 * Opens the channel to the embedding page: checks its origin against the app's allowed origins (frame-ancestors
 * enforces the same list in the browser), then posts `foyer:iframe:ready` to that origin only, transferring the
 * MessagePort all requests arrive on. Answers each `{event, id, data}` with `{id, event, response | error}`: the
 * kernel's own `handlers`, else a plugin's frame half (`halves`, loaded at its first event).
 */
export function serveFrame(start: FrameStart, handlers: Partial<Record<FrameEvent, FrameHandler>>, win: Window = window, halves?: LazyHalves): boolean {
  if (!start.allowedOrigins.includes(start.parentOrigin) || win.parent === win) {
    console.error('Origins between parent and child windows do not match.')
    return false
  }
  const channel = new MessageChannel()
  const port = channel.port1
  port.onmessage = async (message: MessageEvent<FrameRequest>) => {
    const request = message.data
    if (!request || typeof request.id !== 'string' || typeof request.event !== 'string') return
    const answer = await handle(request, handlers, halves)
    port.postMessage(answer)
  }
  win.parent.postMessage({ type: FRAME_READY }, start.parentOrigin, [channel.port2])
  if (start.reportHeight) reportHeight(win, port)
  return true
}

/** Posts `{type: foyer:iframe:height, height}` (CSS px of the body) now and on every change of the body's size. */
function reportHeight(win: Window, port: MessagePort): void {
  const body = win.document.body
  let last = -1
  const send = () => {
    const height = Math.ceil(body.getBoundingClientRect().height)
    if (height === last) return
    last = height
    port.postMessage({ type: FRAME_HEIGHT, height })
  }
  const Observer = (win as Window & typeof globalThis).ResizeObserver
  if (typeof Observer === 'function') new Observer(send).observe(body)
  send()
}

/**
 * A refusal a handler meant: a FrameFailure, also one a separately built frame half made with its own copy of the
 * class (same name, a spec type). Anything else answers the generic text: its message could carry secrets.
 */
function refusal(error: unknown): { type: FrameErrorType; message: string } | null {
  if (error instanceof FrameFailure) return { type: error.type, message: error.message }
  if (!(error instanceof Error) || error.name !== 'FrameFailure') return null
  const type = (error as Error & { type?: unknown }).type
  return (frameErrorTypes as readonly unknown[]).includes(type) ? { type: type as FrameErrorType, message: error.message } : null
}

async function handle(request: FrameRequest, handlers: Partial<Record<FrameEvent, FrameHandler>>, halves?: LazyHalves): Promise<FrameAnswer> {
  const { id, event } = request
  try {
    // The kernel's own handler first (a half never replaces one), else a half's: also for a kernel event the kernel
    // leaves to a half (Ethereum signing is the embedded wallet's own half).
    const handler = (known.has(event) ? handlers[event as FrameEvent] : undefined) ?? (await halves?.handler(event))
    if (!handler) return { id, event, error: { type: 'invalid_request_arguments', message: `Unsupported event ${String(event).slice(0, 64)}` } }
    return { id, event, response: await handler(request.data) }
  } catch (error) {
    return { id, event, error: refusal(error) ?? { type: 'error', message: GENERIC_FAILURE } }
  }
}
