import { signal } from '@preact/signals-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CaptchaError } from '../../core/client/captcha.js'
import type { Foyer } from '../../core/client/types.js'
import type { TurnstileApi, TurnstileRenderOptions } from './turnstileApi.js'
import { CAPTCHA_AUTO_EXECUTE_DELAY_MS, CAPTCHA_SCREEN, CAPTCHA_TIMEOUT_MS, captchaRetryDelay } from './constants.js'
import { createTurnstileProvider } from './turnstileProvider.js'

type Behaviour = 'pass' | 'fail' | 'silent'

/** A scripted `window.turnstile`: each execute answers per the next behaviour in `plan`. */
function fakeTurnstile(plan: Behaviour[]) {
  const widgets = new Map<string, TurnstileRenderOptions>()
  const calls: string[] = []
  let n = 0
  const api: TurnstileApi = {
    render(_el, options) {
      const id = `w${++n}`
      widgets.set(id, options)
      calls.push(`render:${options.sitekey}`)
      return id
    },
    execute(id) {
      calls.push('execute')
      const options = widgets.get(id as string)!
      const behaviour = plan.shift() ?? 'pass'
      if (behaviour === 'pass') setTimeout(() => options.callback?.(`token-${calls.length}`), 10)
      if (behaviour === 'fail') setTimeout(() => options['error-callback']?.('300030'), 10)
    },
    reset: () => void calls.push('reset'),
    remove: () => void calls.push('remove'),
    getResponse: () => undefined,
  }
  return { api, calls, widgets }
}

function fakeFoyer(open = false) {
  const $modal = signal({ open, intent: 'login', stack: [{ id: 'foyer/landing' }], error: null, options: {} } as any)
  const modal = {
    push: vi.fn((id: string) => ($modal.value = { ...$modal.value, stack: [...$modal.value.stack, { id }] })),
    back: vi.fn(() => ($modal.value = { ...$modal.value, stack: $modal.value.stack.slice(0, -1) })),
  }
  return { foyer: { $modal, modal, $config: signal(null) } as unknown as Foyer, modal, $modal }
}

function setup(plan: Behaviour[], open = false) {
  const turnstile = fakeTurnstile(plan)
  const statuses: string[] = []
  const { foyer, modal, $modal } = fakeFoyer(open)
  const load = vi.fn(async () => turnstile.api)
  const provider = createTurnstileProvider(foyer, (s) => statuses.push(s), { load, container: () => ({}) as HTMLElement })
  return { provider, statuses, turnstile, load, modal, $modal }
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('Turnstile provider', () => {
  it('renders an invisible execute-on-demand widget with the key after "t:", waits the auto-execute delay, answers the token', async () => {
    const { provider, statuses, turnstile } = setup(['pass'])
    const token = provider.token('t:0x4AAAAAAAkey')
    await vi.advanceTimersByTimeAsync(CAPTCHA_AUTO_EXECUTE_DELAY_MS - 1)
    expect(turnstile.calls).toEqual(['render:0x4AAAAAAAkey'])
    await vi.advanceTimersByTimeAsync(400)
    await expect(token).resolves.toMatch(/^token-/)
    const options = turnstile.widgets.get('w1')!
    expect(options).toMatchObject({ execution: 'execute', appearance: 'interaction-only', retry: 'never' })
    expect(statuses).toEqual(['loading', 'success'])
  })

  it('an unsupported site key fails at once without loading the script', async () => {
    const { provider, load } = setup([])
    await expect(provider.token('0x4AAAAAAAkey')).rejects.toMatchObject({ code: 'UNSUPPORTED_CAPTCHA_SITE_KEY', shortMessage: 'Unsupported captcha site key' })
    expect(load).not.toHaveBeenCalled()
  })

  it('retries a failed execution 3 times after 1000, 2000 and 4000 ms, resetting the widget each time', async () => {
    const { provider, turnstile } = setup(['fail', 'fail', 'fail', 'pass'])
    const token = provider.token('t:key')
    await vi.advanceTimersByTimeAsync(CAPTCHA_AUTO_EXECUTE_DELAY_MS + 10)
    expect(turnstile.calls.filter((c) => c === 'execute')).toHaveLength(1)
    // The first retry waits its 1000 ms before resetting and re-executing.
    await vi.advanceTimersByTimeAsync(captchaRetryDelay(1) - 1)
    expect(turnstile.calls.filter((c) => c === 'execute')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1 + CAPTCHA_AUTO_EXECUTE_DELAY_MS + 10)
    expect(turnstile.calls.filter((c) => c === 'execute')).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(captchaRetryDelay(2) + captchaRetryDelay(3) + 2 * (CAPTCHA_AUTO_EXECUTE_DELAY_MS + 10) + 200)
    await expect(token).resolves.toMatch(/^token-/)
    expect(turnstile.calls).toEqual(['render:key', 'execute', 'reset', 'execute', 'reset', 'execute', 'reset', 'execute'])
    expect([captchaRetryDelay(1), captchaRetryDelay(2), captchaRetryDelay(3)]).toEqual([1000, 2000, 4000])
  })

  it('after the retries run out: CAPTCHA_FAILURE with the adblocker hint, status error', async () => {
    const { provider, statuses, turnstile } = setup(['fail', 'fail', 'fail', 'fail', 'pass'])
    const token = provider.token('t:key')
    const settled = token.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(15_000)
    const error = (await settled) as CaptchaError
    expect(error).toBeInstanceOf(CaptchaError)
    expect(error.code).toBe('CAPTCHA_FAILURE')
    expect(error.shortMessage).toBe('You did not pass CAPTCHA. Please try again.')
    expect(error.retriesExhausted).toBe(true)
    expect(turnstile.calls.filter((c) => c === 'execute')).toHaveLength(4)
    expect(statuses.at(-1)).toBe('error')
  })

  it('a token that never comes times out after 20 s with CAPTCHA_TIMEOUT "Captcha failed"', async () => {
    const { provider, statuses } = setup(['silent'])
    const settled = provider.token('t:key').catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(CAPTCHA_TIMEOUT_MS - 200)
    let done = false
    void settled.then(() => (done = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(await settled).toMatchObject({ code: 'CAPTCHA_TIMEOUT', shortMessage: 'Captcha failed' })
    expect(statuses).toEqual(['loading', 'error'])
  })

  it('a script that cannot load counts as a failed attempt and is retried', async () => {
    const turnstile = fakeTurnstile(['pass'])
    const { foyer } = fakeFoyer()
    const load = vi.fn().mockRejectedValueOnce(new Error('blocked')).mockResolvedValue(turnstile.api)
    const provider = createTurnstileProvider(foyer, () => {}, { load, container: () => ({}) as HTMLElement })
    const token = provider.token('t:key')
    await vi.advanceTimersByTimeAsync(captchaRetryDelay(1) + CAPTCHA_AUTO_EXECUTE_DELAY_MS + 300)
    await expect(token).resolves.toMatch(/^token-/)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('each token is fresh: the widget is reset before the next execution; expiry reports ready', async () => {
    const { provider, statuses, turnstile } = setup(['pass', 'pass'])
    const first = provider.token('t:key')
    await vi.advanceTimersByTimeAsync(1000)
    const a = await first
    turnstile.widgets.get('w1')!['expired-callback']?.(a)
    expect(statuses.at(-1)).toBe('ready')
    const second = provider.token('t:key')
    await vi.advanceTimersByTimeAsync(1000)
    const b = await second
    expect(b).not.toBe(a)
    expect(turnstile.calls).toEqual(['render:key', 'execute', 'reset', 'execute'])
  })

  it('with the modal open, the captcha screen shows while waiting and is popped afterwards', async () => {
    const { provider, modal, $modal } = setup(['pass'], true)
    const token = provider.token('t:key')
    expect(modal.push).toHaveBeenCalledWith(CAPTCHA_SCREEN)
    expect($modal.value.stack.at(-1).id).toBe(CAPTCHA_SCREEN)
    await vi.advanceTimersByTimeAsync(1000)
    await token
    expect($modal.value.stack.map((s: { id: string }) => s.id)).toEqual(['foyer/landing'])
  })

  it('on a deeper screen (a code screen resending) no screen is pushed, so that screen keeps its state', async () => {
    const { provider, modal, $modal } = setup(['pass'], true)
    $modal.value = { ...$modal.value, stack: [...$modal.value.stack, { id: 'email/code' }] }
    const token = provider.token('t:key')
    await vi.advanceTimersByTimeAsync(1000)
    expect(await token).toBeTruthy()
    expect(modal.push).not.toHaveBeenCalled()
    expect($modal.value.stack.map((s: { id: string }) => s.id)).toEqual(['foyer/landing', 'email/code'])
  })

  it('with the modal closed (headless flows) no screen is pushed', async () => {
    const { provider, modal } = setup(['pass'], false)
    const token = provider.token('t:key')
    await vi.advanceTimersByTimeAsync(1000)
    await token
    expect(modal.push).not.toHaveBeenCalled()
  })
})
