// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { FRAME_HEIGHT, FRAME_READY, frameEvents } from './frameProtocol.js'
import { assertSecureWalletContext, handshakeWalletFrame, MAX_FRAME_HEIGHT, walletFrameUrl, walletProxyTexts } from './walletProxy.js'

const WALLET = 'http://localhost:8788'

function mountFrame() {
  const frame = document.createElement('iframe')
  frame.src = `${WALLET}/apps/app/embedded-wallets`
  document.body.appendChild(frame)
  return frame
}

const ready = (source: unknown, origin: string, ports: MessagePort[] = []) =>
  window.dispatchEvent(new MessageEvent('message', { data: { type: FRAME_READY }, origin, source: source as Window, ports }))

afterEach(() => document.body.replaceChildren())

describe('the host side of the wallet frame channel', () => {
  it("ignores a ready message from another window, rejects one from the frame's window on another origin", async () => {
    const frame = mountFrame()
    const connecting = handshakeWalletFrame(frame, 2_000)
    const channel = new MessageChannel()
    ready(window, WALLET, [channel.port2]) // another window (this page itself): ignored
    ready(frame.contentWindow, 'http://evil.test', [channel.port2])
    await expect(connecting).rejects.toThrow(walletProxyTexts.originMismatch)
  })

  it("answers over the frame's port only, and says 'Cannot connect to wallet proxy' when the frame never answers", async () => {
    const frame = mountFrame()
    const connecting = handshakeWalletFrame(frame, 2_000)
    const channel = new MessageChannel()
    channel.port1.onmessage = (event) => {
      const { id, event: name } = event.data as { id: string; event: string }
      channel.port1.postMessage(name === frameEvents.connect ? { id, event: name, response: { address: '0xabc' } } : { id, event: name, error: { type: 'wallet_not_on_device', message: 'Wallet not on device' } })
    }
    ready(frame.contentWindow, WALLET, [channel.port2])
    const proxy = await connecting
    await expect(proxy.request(frameEvents.connect, {})).resolves.toEqual({ address: '0xabc' })
    await expect(proxy.request(frameEvents.recover, {})).rejects.toMatchObject({ type: 'wallet_not_on_device', message: 'Wallet not on device' })
    proxy.destroy()

    const silent = handshakeWalletFrame(mountFrame(), 50)
    await expect(silent).rejects.toThrow(walletProxyTexts.unavailable)
  })

  it("a visible page's iframe follows the height its page reports (a number, up to the cap); the hidden proxy's never does", async () => {
    const tick = () => new Promise((r) => setTimeout(r, 10))
    const visible = mountFrame()
    visible.style.height = '330px'
    const connecting = handshakeWalletFrame(visible, 2_000, { autoHeight: true })
    const channel = new MessageChannel()
    ready(visible.contentWindow, WALLET, [channel.port2])
    const proxy = await connecting
    channel.port1.postMessage({ type: FRAME_HEIGHT, height: 212.4 })
    await tick()
    expect(visible.style.height).toBe('213px')
    channel.port1.postMessage({ type: FRAME_HEIGHT, height: '99px; display:none' })
    channel.port1.postMessage({ type: FRAME_HEIGHT, height: Number.NaN })
    await tick()
    expect(visible.style.height).toBe('213px')
    channel.port1.postMessage({ type: FRAME_HEIGHT, height: 50_000 })
    await tick()
    expect(visible.style.height).toBe(`${MAX_FRAME_HEIGHT}px`)
    proxy.destroy()

    const hidden = mountFrame()
    hidden.style.height = '0px'
    const hiddenConnecting = handshakeWalletFrame(hidden, 2_000)
    const other = new MessageChannel()
    ready(hidden.contentWindow, WALLET, [other.port2])
    await hiddenConnecting
    other.port1.postMessage({ type: FRAME_HEIGHT, height: 400 })
    await tick()
    expect(hidden.style.height).toBe('0px')
  })

  it('a frame page URL carries the look for the frame to check, after the spec\'s parameters', () => {
    const url = new URL(walletFrameUrl({ walletOrigin: WALLET, clientAnalyticsId: 'caid-1' }, '/apps/app/embedded-wallets/export', 'http://localhost:5173', { theme: 'dark', accent: '#be123c', font: "'Segoe UI', sans-serif" }))
    expect(Object.fromEntries(url.searchParams)).toEqual({ caid: 'caid-1', parent_origin: 'http://localhost:5173', foyer_theme: 'dark', foyer_accent: '#be123c', foyer_font: "'Segoe UI', sans-serif" })
    expect(new URL(walletFrameUrl({ walletOrigin: WALLET, clientAnalyticsId: 'c' }, '/apps/app/embedded-wallets', 'http://localhost:5173')).searchParams.has('foyer_theme')).toBe(false)
  })

  it('needs HTTPS except on localhost or an IP', () => {
    expect(() => assertSecureWalletContext({ protocol: 'http:', hostname: 'app.example.com' })).toThrow('Embedded wallet only available over HTTPS')
    for (const hostname of ['localhost', '127.0.0.1', 'app.localhost']) expect(() => assertSecureWalletContext({ protocol: 'http:', hostname })).not.toThrow()
    expect(() => assertSecureWalletContext({ protocol: 'https:', hostname: 'app.example.com' })).not.toThrow()
  })
})
