import { BaseError } from '../../../core/errors/index.js'
import { setLookParams, type FrameLook } from './frameLook.js'
import { FRAME_HEIGHT, FRAME_READY, FRAME_WAITS, framePath, type FrameAnswer, type FrameErrorType, type FrameEventName } from './frameProtocol.js'

/** An answer of the frame with an error, or a frame that never answered. */
export class WalletProxyError extends BaseError {
  override name = 'WalletProxyError'
  /** The spec's wallet-proxy error type ('error', 'wallet_not_on_device', …). */
  readonly type: FrameErrorType | 'proxy_unavailable' | 'origin_mismatch'
  constructor(type: WalletProxyError['type'], message: string) {
    super(message, { code: `WALLET_PROXY_${type.toUpperCase()}` })
    this.type = type
  }
}

/** The messages of the spec (§8). */
export const walletProxyTexts = {
  unavailable: 'Cannot connect to wallet proxy',
  originMismatch: 'Origins between parent and child windows do not match.',
  https: 'Embedded wallet only available over HTTPS',
} as const

/** Where the frame lives and who the host is. */
export interface WalletProxyOptions {
  /** The frame's origin (`https://wallet.example.com`; in dev the server's second port). */
  walletOrigin: string
  appId: string
  /** The client's analytics id (`caid`). */
  clientAnalyticsId: string
  clientId?: string
  /** Default wait for the frame's handshake (ms). */
  readyTimeoutMs?: number
}

/** A live connection to the wallet frame. */
export interface WalletProxy {
  /** Sends `event` and waits for its answer; rejects with WalletProxyError (the frame's type) or a timeout. */
  request<R>(event: FrameEventName, data: unknown, timeoutMs?: number): Promise<R>
  /** Removes the frame. */
  destroy(): void
}

/** Embedded wallets need a secure page: HTTPS, or localhost / an IP literal in development (the spec's rule). */
export function assertSecureWalletContext(location: Pick<Location, 'protocol' | 'hostname'>): void {
  if (location.protocol === 'https:') return
  const host = location.hostname
  if (host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.startsWith('[')) return
  throw new WalletProxyError('error', walletProxyTexts.https)
}

let counter = 0
const nextId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`

/** Mounts the hidden frame and waits for its handshake (handshakeWalletFrame). */
export function connectWalletProxy(options: WalletProxyOptions, doc: Document = document): Promise<WalletProxy> {
  const win = doc.defaultView!
  assertSecureWalletContext(win.location)
  const frame = doc.createElement('iframe')
  frame.src = walletFrameUrl(options, framePath(options.appId), win.location.origin)
  // Passkey MFA runs in the frame (foyer:mfa:verify): WebAuthn in a cross-origin frame needs the embedder's delegation.
  frame.allow = `publickey-credentials-get ${new URL(options.walletOrigin).origin}`
  frame.title = 'Foyer wallet'
  frame.setAttribute('aria-hidden', 'true')
  frame.tabIndex = -1
  frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden'
  const connected = handshakeWalletFrame(frame, options.readyTimeoutMs ?? FRAME_WAITS.initial)
  doc.body.appendChild(frame)
  return connected.catch((error: unknown) => {
    frame.remove()
    throw error
  })
}

/**
 * The URL of a wallet frame page (`path` on the wallet origin) for this app and embedding page; a visible page also
 * gets the modal's `look` (the frame checks each value before it uses it).
 */
export function walletFrameUrl(options: Pick<WalletProxyOptions, 'walletOrigin' | 'clientAnalyticsId' | 'clientId'>, path: string, parentOrigin: string, look?: FrameLook): string {
  const url = new URL(path, options.walletOrigin)
  url.searchParams.set('caid', options.clientAnalyticsId)
  if (options.clientId) url.searchParams.set('client_id', options.clientId)
  url.searchParams.set('parent_origin', parentOrigin)
  if (look) setLookParams(url, look)
  return url.href
}

/** The tallest a visible frame page may make its iframe (CSS px); taller content scrolls inside the frame. */
export const MAX_FRAME_HEIGHT = 720

/**
 * Waits for `frame` (already given its src; mounted by the caller before or after) to post `foyer:iframe:ready` from
 * its own window and origin, carrying the MessagePort all requests then use — so no other window can read or inject
 * answers. The hidden proxy and the visible export page both start this way.
 */
export function handshakeWalletFrame(frame: HTMLIFrameElement, timeoutMs: number, options: { autoHeight?: boolean } = {}): Promise<WalletProxy> {
  const win = frame.ownerDocument.defaultView!
  const expectedOrigin = new URL(frame.src).origin
  return new Promise<WalletProxy>((resolve, reject) => {
    const timer = win.setTimeout(() => fail(new WalletProxyError('proxy_unavailable', walletProxyTexts.unavailable)), timeoutMs)
    const fail = (error: Error) => {
      cleanup()
      reject(error)
    }
    const cleanup = () => {
      win.clearTimeout(timer)
      win.removeEventListener('message', onMessage)
    }
    const onMessage = (event: MessageEvent) => {
      // Only our own frame's window counts; any other window or origin is ignored.
      if (event.source !== frame.contentWindow) return
      if ((event.data as { type?: unknown } | null)?.type !== FRAME_READY) return
      if (event.origin !== expectedOrigin) return fail(new WalletProxyError('origin_mismatch', walletProxyTexts.originMismatch))
      const port = event.ports[0]
      if (!port) return
      cleanup()
      resolve(createProxy(port, frame, win, options.autoHeight === true))
    }
    win.addEventListener('message', onMessage)
  })
}

function createProxy(port: MessagePort, frame: HTMLIFrameElement, win: Window, autoHeight: boolean): WalletProxy {
  const pending = new Map<string, { resolve: (value: any) => void; reject: (error: Error) => void; timer: number }>()
  port.onmessage = (event: MessageEvent<FrameAnswer | { type?: unknown; height?: unknown }>) => {
    const message = event.data
    if (message && 'type' in message && message.type === FRAME_HEIGHT) {
      // A visible page's content height: the iframe follows it (a number only, within bounds).
      const height = message.height
      if (autoHeight && typeof height === 'number' && Number.isFinite(height)) frame.style.height = `${Math.min(MAX_FRAME_HEIGHT, Math.max(0, Math.ceil(height)))}px`
      return
    }
    const answer = message as FrameAnswer
    const waiting = answer && pending.get(answer.id)
    if (!waiting) return
    pending.delete(answer.id)
    win.clearTimeout(waiting.timer)
    if ('error' in answer) waiting.reject(new WalletProxyError(answer.error.type, answer.error.message))
    else waiting.resolve(answer.response)
  }
  return {
    request<R>(event: FrameEventName, data: unknown, timeoutMs: number = FRAME_WAITS.flow) {
      const id = nextId()
      return new Promise<R>((resolve, reject) => {
        const timer = win.setTimeout(() => {
          pending.delete(id)
          reject(new WalletProxyError('proxy_unavailable', walletProxyTexts.unavailable))
        }, timeoutMs)
        pending.set(id, { resolve, reject, timer })
        port.postMessage({ event, id, data })
      })
    },
    destroy() {
      for (const { reject, timer } of pending.values()) {
        win.clearTimeout(timer)
        reject(new WalletProxyError('proxy_unavailable', walletProxyTexts.unavailable))
      }
      pending.clear()
      port.close()
      frame.remove()
    },
  }
}
