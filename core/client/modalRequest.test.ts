import { describe, expect, it, vi } from 'vitest'
import { createFoyer } from './createFoyer.js'
import { definePlugin, type FoyerPlugin } from './plugin.js'
import { createMemoryStorage } from './storage.js'

const load = async () => ({ default: () => null })
const ui = definePlugin({ id: 'foyer', kind: 'feature', screens: { landing: { load }, error: { load }, success: { load } } })
const asks = definePlugin({
  id: 'asks',
  kind: 'feature',
  screens: { sign: { load }, done: { load }, code: { load }, pay: { load } },
  intents: { pay: { code: 'EXITED_PAY_FLOW', text: 'User exited pay flow' } },
})

function make(plugins: FoyerPlugin[] = []) {
  return createFoyer({ appId: 'test_app_0000000000000001', apiUrl: 'http://api.test', plugins: [ui, asks, ...plugins], storage: createMemoryStorage(), fetch: vi.fn() as never })
}
const top = (foyer: ReturnType<typeof make>) => foyer.$modal.peek().stack.at(-1)?.id
const settled = async (p: Promise<unknown>) => p.then((value) => ({ value }), (error) => ({ error }))

describe('foyer.modal.request', () => {
  it('opens the modal on its screen with its intent, resolves with the answer and closes the modal it opened', async () => {
    const foyer = make()
    const answer = foyer.modal.request<string>('asks/sign', { message: 'hi' }, { intent: 'sign' })
    expect(foyer.$modal.peek()).toMatchObject({ open: true, intent: 'sign', stack: [{ id: 'asks/sign', params: { message: 'hi' } }] })
    foyer.modal.resolve('0xsig')
    expect(await answer).toBe('0xsig')
    expect(foyer.$modal.peek().open).toBe(false)
  })

  it("closing rejects the request with its intent's exit error: never left hanging", async () => {
    const foyer = make()
    for (const [intent, code, message] of [
      ['sign', 'USER_REJECTED_REQUEST', 'The user rejected the request.'],
      ['mfa', 'MFA_CANCELED', 'MFA canceled'],
      ['pay', 'EXITED_PAY_FLOW', 'User exited pay flow'],
      [null, 'MODAL_CLOSED', 'The modal was closed'],
    ] as const) {
      const pending = settled(foyer.modal.request('asks/sign', undefined, { intent }))
      foyer.modal.close()
      const outcome = await pending
      expect(outcome).toMatchObject({ error: { code, shortMessage: message } })
    }
  })

  it('a request made while the modal shows something without an intent is rejected when it closes (was dropped before)', async () => {
    const foyer = make()
    foyer.modal.open({ intent: null, screen: 'asks/done' })
    const pending = settled(foyer.modal.request('asks/sign'))
    expect(top(foyer)).toBe('asks/sign')
    foyer.modal.close()
    expect(await pending).toMatchObject({ error: { code: 'MODAL_CLOSED' } })
  })

  it('queues: the second request waits for the first, then gets a modal of its own; closing ends only the one on screen', async () => {
    const foyer = make()
    const first = foyer.modal.request<string>('asks/sign', { n: 1 }, { intent: 'sign' })
    const second = settled(foyer.modal.request<string>('asks/sign', { n: 2 }, { intent: 'sign' }))
    const third = foyer.modal.request<string>('asks/code', undefined, { intent: 'mfa' })
    expect(foyer.$modal.peek().stack).toEqual([{ id: 'asks/sign', params: { n: 1 } }])
    foyer.modal.resolve('one')
    expect(await first).toBe('one')
    expect(foyer.$modal.peek()).toMatchObject({ open: true, intent: 'sign', stack: [{ id: 'asks/sign', params: { n: 2 } }] })
    foyer.modal.close()
    expect(await second).toMatchObject({ error: { code: 'USER_REJECTED_REQUEST' } })
    expect(foyer.$modal.peek()).toMatchObject({ open: true, intent: 'mfa', stack: [{ id: 'asks/code' }] })
    foyer.modal.reject(new Error('wrong code'))
    await expect(third).rejects.toThrow('wrong code')
    expect(foyer.$modal.peek().open).toBe(false)
  })

  it('joins an open flow on top of its screen, and keeps the flow open when answered', async () => {
    const foyer = make()
    foyer.modal.open({ intent: 'login' })
    const code = foyer.modal.request<string>('asks/code', undefined, { intent: 'mfa' })
    expect(foyer.$modal.peek()).toMatchObject({ open: true, intent: 'login', stack: [{ id: 'foyer/landing' }, { id: 'asks/code' }] })
    foyer.modal.resolve('123456')
    expect(await code).toBe('123456')
    expect(foyer.$modal.peek().open).toBe(true)
  })

  it('going back past the screen, or another flow taking the modal, rejects the request', async () => {
    const foyer = make()
    foyer.modal.open({ intent: 'login' })
    const backedOut = settled(foyer.modal.request('asks/code'))
    foyer.modal.back()
    expect(await backedOut).toMatchObject({ error: { code: 'EXITED_AUTH_FLOW' } })
    expect(top(foyer)).toBe('foyer/landing')

    const replacedByFlow = settled(foyer.modal.request('asks/sign', undefined, { intent: 'sign' }))
    foyer.modal.open({ intent: 'link' })
    expect(await replacedByFlow).toMatchObject({ error: { code: 'EXITED_AUTH_FLOW' } })
  })

  it('a screen that moves on to its next step (replace) keeps its request; destroy rejects everything waiting', async () => {
    const foyer = make()
    const signed = foyer.modal.request<string>('asks/sign', undefined, { intent: 'sign' })
    const waiting = settled(foyer.modal.request('asks/sign', undefined, { intent: 'sign' }))
    foyer.modal.replace('asks/done')
    foyer.modal.resolve('0xsig')
    expect(await signed).toBe('0xsig')
    foyer.destroy()
    expect(await waiting).toMatchObject({ error: { code: 'USER_REJECTED_REQUEST' } })
  })

  it('an unknown screen rejects at once and the queue moves on', async () => {
    const foyer = make()
    await expect(foyer.modal.request('asks/nope')).rejects.toThrow('No screen "asks/nope"')
    const next = foyer.modal.request<number>('asks/sign')
    foyer.modal.resolve(1)
    expect(await next).toBe(1)
  })

  it('a plugin may not redeclare an intent', () => {
    const again = definePlugin({ id: 'again', kind: 'feature', intents: { sign: { code: 'X', text: 'x' } } })
    expect(() => make([again])).toThrow('intent "sign" is already declared')
  })
})
