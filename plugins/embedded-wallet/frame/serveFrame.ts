import { FRAME_HEIGHT, FRAME_READY, frameEvents, type FrameAnswer, type FrameEvent, type FrameRequest } from '../frameProtocol.js'
import { FrameFailure, GENERIC_FAILURE } from './frameFailure.js'

/** What a handler answers an event with; it throws FrameFailure for the spec's error types. */
export type FrameHandler = (data: unknown) => Promise<unknown>

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
 * MessagePort all requests arrive on. Answers each `{event, id, data}` with `{id, event, response | error}`.
 */
export function serveFrame(start: FrameStart, handlers: Partial<Record<FrameEvent, FrameHandler>>, win: Window = window): boolean {
  if (!start.allowedOrigins.includes(start.parentOrigin) || win.parent === win) {
    console.error('Origins between parent and child windows do not match.')
    return false
  }
  const channel = new MessageChannel()
  const port = channel.port1
  port.onmessage = async (message: MessageEvent<FrameRequest>) => {
    const request = message.data
    if (!request || typeof request.id !== 'string' || typeof request.event !== 'string') return
    const answer = await handle(request, handlers)
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

async function handle(request: FrameRequest, handlers: Partial<Record<FrameEvent, FrameHandler>>): Promise<FrameAnswer> {
  const { id, event } = request
  const handler = known.has(event) ? handlers[event] : undefined
  if (!handler) return { id, event, error: { type: 'invalid_request_arguments', message: `Unsupported event ${String(event).slice(0, 64)}` } }
  try {
    return { id, event, response: await handler(request.data) }
  } catch (error) {
    if (error instanceof FrameFailure) return { id, event, error: { type: error.type, message: error.message } }
    return { id, event, error: { type: 'error', message: GENERIC_FAILURE } }
  }
}
