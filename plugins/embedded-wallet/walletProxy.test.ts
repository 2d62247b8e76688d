// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { FRAME_READY, frameEvents } from './frameProtocol.js'
import { assertSecureWalletContext, handshakeWalletFrame, walletProxyTexts } from './walletProxy.js'

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

  it('needs HTTPS except on localhost or an IP', () => {
    expect(() => assertSecureWalletContext({ protocol: 'http:', hostname: 'app.example.com' })).toThrow('Embedded wallet only available over HTTPS')
    for (const hostname of ['localhost', '127.0.0.1', 'app.localhost']) expect(() => assertSecureWalletContext({ protocol: 'http:', hostname })).not.toThrow()
    expect(() => assertSecureWalletContext({ protocol: 'https:', hostname: 'app.example.com' })).not.toThrow()
  })
})
