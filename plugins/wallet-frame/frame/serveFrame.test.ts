import { describe, expect, it } from 'vitest'
import { FRAME_HEIGHT, FRAME_READY, frameEvents } from '../channel/frameProtocol.js'
import { FrameFailure, GENERIC_FAILURE } from './frameFailure.js'
import { serveFrame, type FrameHandler } from './serveFrame.js'
import { lazyHalves } from './kernel/lazyHalves.js'
import { testFrameKernel } from './kernel/testFrameKernel.js'

const APP = 'http://localhost:5173'

/** A stand-in for the frame's window: its parent records what the frame posts (and the port it hands over). */
function frameWindow() {
  const posted: { message: unknown; origin: string; port: MessagePort }[] = []
  const parent = { postMessage: (message: unknown, origin: string, ports: MessagePort[]) => posted.push({ message, origin, port: ports[0]! }) }
  return { win: { parent } as unknown as Window, posted }
}

function ask(port: MessagePort, request: unknown): Promise<any> {
  return new Promise((resolve) => {
    port.onmessage = (event) => resolve(event.data)
    port.postMessage(request)
  })
}

describe('the frame side of the channel', () => {
  it('posts ready only to an allowed parent origin, with the port', () => {
    const refused = frameWindow()
    expect(serveFrame({ parentOrigin: 'http://evil.test', allowedOrigins: [APP] }, {}, refused.win)).toBe(false)
    expect(refused.posted).toEqual([])
    const { win, posted } = frameWindow()
    expect(serveFrame({ parentOrigin: APP, allowedOrigins: [APP] }, {}, win)).toBe(true)
    expect(posted).toHaveLength(1)
    expect(posted[0]).toMatchObject({ message: { type: FRAME_READY }, origin: APP })
    posted[0]!.port.close()
  })

  it("a visible page posts its body's height on the channel at once and again when it changes; the hidden proxy does not", async () => {
    let observed: (() => void) | undefined
    let height = 120.2
    const body = { getBoundingClientRect: () => ({ height }) }
    const make = () => {
      const { win, posted } = frameWindow()
      Object.assign(win, { document: { body }, ResizeObserver: class { constructor(callback: () => void) { observed = callback } observe() {} } })
      return { win, posted }
    }
    const visible = make()
    serveFrame({ parentOrigin: APP, allowedOrigins: [APP], reportHeight: true }, {}, visible.win)
    const port = visible.posted[0]!.port
    const heights: unknown[] = []
    port.onmessage = (event) => heights.push(event.data)
    await new Promise((r) => setTimeout(r, 10))
    height = 240
    observed!()
    observed!() // the same height again: not posted twice
    await new Promise((r) => setTimeout(r, 10))
    expect(heights).toEqual([{ type: FRAME_HEIGHT, height: 121 }, { type: FRAME_HEIGHT, height: 240 }])
    port.close()

    observed = undefined
    const hidden = make()
    serveFrame({ parentOrigin: APP, allowedOrigins: [APP] }, {}, hidden.win)
    expect(observed).toBeUndefined()
    hidden.posted[0]!.port.close()
  })

  it('answers malformed and unknown requests with clear errors, and never passes an exception’s details on', async () => {
    const { win, posted } = frameWindow()
    const secretDetail = 'seed words abandon abandon'
    const handlers: Partial<Record<string, FrameHandler>> = {
      [frameEvents.connect]: async () => ({ address: '0xabc' }),
      [frameEvents.recover]: async () => {
        throw new FrameFailure('invalid_recovery_pin', 'Invalid recovery password, please try again.')
      },
      [frameEvents.rpc]: async () => {
        throw new Error(secretDetail)
      },
    }
    serveFrame({ parentOrigin: APP, allowedOrigins: [APP] }, handlers, win)
    const port = posted[0]!.port
    expect(await ask(port, { event: frameEvents.connect, id: '1', data: {} })).toEqual({ id: '1', event: frameEvents.connect, response: { address: '0xabc' } })
    expect(await ask(port, { event: frameEvents.recover, id: '2', data: {} })).toEqual({
      id: '2',
      event: frameEvents.recover,
      error: { type: 'invalid_recovery_pin', message: 'Invalid recovery password, please try again.' },
    })
    const failed = await ask(port, { event: frameEvents.rpc, id: '3', data: null })
    expect(failed).toEqual({ id: '3', event: frameEvents.rpc, error: { type: 'error', message: GENERIC_FAILURE } })
    expect(JSON.stringify(failed)).not.toContain('abandon')
    expect(await ask(port, { event: 'foyer:wallet:steal', id: '4', data: {} })).toMatchObject({ error: { type: 'invalid_request_arguments' } })
    // Not a request at all: no answer (the next real one still is).
    port.postMessage('garbage')
    port.postMessage({ id: 5 })
    expect(await ask(port, { event: frameEvents.connect, id: '6', data: {} })).toMatchObject({ id: '6', response: { address: '0xabc' } })
    port.close()
  })

  it("answers a plugin's frame-half event through its lazily loaded half; a refusal made with the half's own FrameFailure class keeps its type, anything else the generic text", async () => {
    const { win, posted } = frameWindow()
    /** A FrameFailure as a separately built half has it: another class with the same name. */
    class HalfFailure extends Error {
      constructor(readonly type: string, message: string) {
        super(message)
        this.name = 'FrameFailure'
      }
    }
    const loads: string[] = []
    const halves = lazyHalves({ 'foyer:demo:sign': '/assets/demo.js', 'foyer:demo:refuse': '/assets/demo.js', 'foyer:demo:spoof': '/assets/demo.js', [frameEvents.rpc]: '/assets/demo.js', [frameEvents.connect]: '/assets/demo.js' }, testFrameKernel(), async (path) => {
      loads.push(path)
      return {
        default: {
          handlers: () => ({
            'foyer:demo:sign': async () => ({ signed: true }),
            [frameEvents.rpc]: async () => ({ byHalf: 'rpc' }),
            [frameEvents.connect]: async () => ({ byHalf: 'connect' }),
            'foyer:demo:refuse': async () => {
              throw new HalfFailure('invalid_request_arguments', 'Bad note')
            },
            'foyer:demo:spoof': async () => {
              throw new HalfFailure('not_a_spec_type', 'secret 0xdeadbeef')
            },
          }),
        },
      }
    })
    serveFrame({ parentOrigin: APP, allowedOrigins: [APP] }, { [frameEvents.connect]: async () => ({ byKernel: 'connect' }) }, win, halves)
    const port = posted[0]!.port
    expect(loads).toEqual([])
    // A kernel event the kernel leaves to a half (the embedded wallet's Ethereum signing) goes to the half; one the
    // kernel answers stays the kernel's, whatever a half declares.
    expect(await ask(port, { event: frameEvents.rpc, id: '5', data: {} })).toEqual({ id: '5', event: frameEvents.rpc, response: { byHalf: 'rpc' } })
    expect(await ask(port, { event: frameEvents.connect, id: '6', data: {} })).toEqual({ id: '6', event: frameEvents.connect, response: { byKernel: 'connect' } })
    expect(await ask(port, { event: 'foyer:demo:sign', id: '1', data: {} })).toEqual({ id: '1', event: 'foyer:demo:sign', response: { signed: true } })
    expect(await ask(port, { event: 'foyer:demo:refuse', id: '2', data: {} })).toEqual({ id: '2', event: 'foyer:demo:refuse', error: { type: 'invalid_request_arguments', message: 'Bad note' } })
    expect(await ask(port, { event: 'foyer:demo:spoof', id: '3', data: {} })).toEqual({ id: '3', event: 'foyer:demo:spoof', error: { type: 'error', message: GENERIC_FAILURE } })
    expect(await ask(port, { event: 'foyer:demo:other', id: '4', data: {} })).toMatchObject({ error: { type: 'invalid_request_arguments', message: 'Unsupported event foyer:demo:other' } })
    expect(loads).toEqual(['/assets/demo.js'])
    port.close()
  })
})
