import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { errorResponse, handlerFetch, KIT_API_URL, KIT_APP_ID, testAppConfig } from '../../test/kit/renderWithFoyer.js'
import { CaptchaError, type CaptchaProviderFactory } from './captcha.js'
import { createFoyer } from './createFoyer.js'
import { errorScreenFor } from './errorScreen.js'
import { createTranslator } from './i18n/createTranslator.js'
import { en } from './i18n/en.js'
import { definePlugin, type FoyerPlugin } from './plugin.js'
import { createMemoryStorage } from './storage.js'

const api = {
  init: { path: '/api/v1/x/init', input: v.object({ email: v.pipe(v.string(), v.email()), token: v.optional(v.nullable(v.string())) }), captcha: 'token' },
  plain: { path: '/api/v1/x/plain', input: v.object({ token: v.optional(v.nullable(v.string())) }) },
}
const loginPlugin = definePlugin({ id: 'x', kind: 'login', api })

function captchaPlugin(token: (siteKey: string) => Promise<string>) {
  const reset = vi.fn()
  const factory: CaptchaProviderFactory = (_foyer, report) => ({
    token: async (siteKey) => {
      report('loading')
      const t = await token(siteKey)
      report('success')
      return t
    },
    reset,
  })
  return { plugin: definePlugin({ id: 'fake-captcha', kind: 'feature', captcha: factory }), reset }
}

async function kernel(plugins: FoyerPlugin[], captchaEnabled: boolean, route: () => unknown = () => ({ success: true })) {
  const { fetch, requests } = handlerFetch(
    { '/api/v1/x/init': route, '/api/v1/x/plain': () => ({ ok: true }) },
    testAppConfig({ captcha_enabled: captchaEnabled, captcha_site_key: captchaEnabled ? 't:key' : null }),
  )
  const foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins, fetch, storage: createMemoryStorage() })
  await foyer.init()
  return {
    foyer,
    get requests() {
      return requests.filter((r) => r.path.startsWith('/api/v1/x/'))
    },
  }
}

describe('foyer.captcha and calls that carry a captcha token', () => {
  it('with captcha on, call() fills a null token field with a fresh token from the plugin (given the site key)', async () => {
    const seen: string[] = []
    const { plugin } = captchaPlugin(async (key) => (seen.push(key), `tok-${seen.length}`))
    const k = await kernel([plugin, loginPlugin], true)
    const { foyer } = k
    expect(foyer.captcha.$status.value).toBe('ready')
    await foyer.call('x.init', { email: 'a@example.com', token: null })
    await foyer.call('x.init', { email: 'a@example.com' })
    expect(k.requests.map((r) => r.body.token)).toEqual(['tok-1', 'tok-2'])
    expect(seen).toEqual(['t:key', 't:key'])
    expect(foyer.captcha.$status.value).toBe('success')
  })

  it('a token the caller already has is kept; calls without a captcha field get none', async () => {
    const { plugin } = captchaPlugin(async () => 'fresh')
    const k = await kernel([plugin, loginPlugin], true)
    const { foyer } = k
    await foyer.call('x.init', { email: 'a@example.com', token: 'mine' })
    await foyer.call('x.plain', { token: null })
    expect(k.requests.map((r) => r.body.token)).toEqual(['mine', null])
  })

  it('with captcha off: status disabled, token() null, the body goes out untouched', async () => {
    const token = vi.fn(async () => 'never')
    const { plugin } = captchaPlugin(token)
    const k = await kernel([plugin, loginPlugin], false)
    const { foyer } = k
    expect(foyer.captcha.$status.value).toBe('disabled')
    expect(await foyer.captcha.token()).toBeNull()
    await foyer.call('x.init', { email: 'a@example.com', token: null })
    expect(k.requests[0]!.body.token).toBeNull()
    expect(token).not.toHaveBeenCalled()
  })

  it('invalid input spends no captcha and sends nothing', async () => {
    const token = vi.fn(async () => 'tok')
    const { plugin } = captchaPlugin(token)
    const k = await kernel([plugin, loginPlugin], true)
    const { foyer } = k
    await expect(foyer.call('x.init', { email: 'not-an-email', token: null })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(token).not.toHaveBeenCalled()
    expect(k.requests).toHaveLength(0)
  })

  it('captcha on but no captcha plugin: a clear error and no request', async () => {
    const k = await kernel([loginPlugin], true)
    const { foyer } = k
    await expect(foyer.call('x.init', { email: 'a@example.com', token: null })).rejects.toMatchObject({
      code: 'CAPTCHA_NOT_LOADED',
      shortMessage: 'Captcha is enabled but no captcha plugin is loaded',
    })
    expect(k.requests).toHaveLength(0)
  })

  it('a failing captcha sends nothing and surfaces its error', async () => {
    const { plugin } = captchaPlugin(async () => {
      throw new CaptchaError('You did not pass CAPTCHA. Please try again.', 'CAPTCHA_FAILURE', { retriesExhausted: true })
    })
    const k = await kernel([plugin, loginPlugin], true)
    const { foyer } = k
    await expect(foyer.call('x.init', { email: 'a@example.com', token: null })).rejects.toMatchObject({ code: 'CAPTCHA_FAILURE' })
    expect(k.requests).toHaveLength(0)
  })

  it("after the server's invalid_captcha the captcha is reset (§8)", async () => {
    const { plugin, reset } = captchaPlugin(async () => 'tok')
    const { foyer } = await kernel([plugin, loginPlugin], true, () => errorResponse(400, 'invalid_captcha', 'Invalid captcha'))
    await expect(foyer.call('x.init', { email: 'a@example.com', token: null })).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' })
    expect(reset).toHaveBeenCalledTimes(1)
    expect(foyer.captcha.$status.value).toBe('ready')
  })

  it('the error screen adds the adblocker hint only after the retries ran out', () => {
    const t = createTranslator(en)
    const exhausted = errorScreenFor(new CaptchaError('x', 'CAPTCHA_FAILURE', { retriesExhausted: true }), t, null)
    expect(exhausted.params).toEqual({ title: 'You did not pass CAPTCHA. Please try again.', detail: 'If you use an adblocker or VPN, try disabling and re-attempting.' })
    expect(errorScreenFor(new CaptchaError('x', 'CAPTCHA_FAILURE'), t, null).params).toEqual({ title: 'You did not pass CAPTCHA. Please try again.' })
    expect(errorScreenFor(new CaptchaError('Captcha failed', 'CAPTCHA_TIMEOUT'), t, null).params).toEqual({
      title: 'Something went wrong! Please try again later.',
    })
  })
})
