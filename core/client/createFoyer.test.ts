import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../errors/index.js'
import { createFoyer } from './createFoyer.js'
import { errorScreenFor } from './errorScreen.js'
import { createTranslator } from './i18n/createTranslator.js'
import { en } from './i18n/en.js'
import { definePlugin, type FoyerPlugin } from './plugin.js'
import { isEmbeddedWalletContextAllowed } from './secureContext.js'
import { createMemoryStorage } from './storage.js'

const APP = 'test_app_0000000000000001'
const load = async () => ({ default: () => null })
const ui = definePlugin({
  id: 'foyer',
  kind: 'feature',
  screens: { landing: { load }, error: { load }, success: { load }, 'account-not-found': { load }, 'user-limit': { load }, 'allowlist-rejected': { load } },
})
const user = { id: 'u', createdAt: 1, linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: false, isGuest: false }
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
const token = `${b64({})}.${b64({ aud: APP, exp: Math.floor(Date.now() / 1000) + 3600 })}.s`

function make(plugins: FoyerPlugin[] = []) {
  return createFoyer({ appId: APP, apiUrl: 'http://api.test', plugins: [ui, ...plugins], storage: createMemoryStorage(), fetch: vi.fn() as never })
}

afterEach(() => vi.useRealTimers())

describe('createFoyer', () => {
  it("refuses an app id that is not exactly 25 characters with 'Invalid app ID'", () => {
    for (const appId of ['short', 'x'.repeat(26), 42 as never]) {
      expect(() => createFoyer({ appId, apiUrl: 'http://api.test' })).toThrow('Invalid app ID')
    }
  })

  it.each([
    ['login', 'EXITED_AUTH_FLOW'],
    ['link', 'EXITED_LINK_FLOW'],
    ['update', 'EXITED_UPDATE_FLOW'],
  ] as const)('closing the modal during a %s flow reports %s', (intent, code) => {
    const foyer = make()
    const onError = vi.fn()
    foyer.registerCallbacks(intent, { onError })
    foyer.modal.open({ intent })
    foyer.modal.close()
    expect(onError).toHaveBeenCalledWith(code)
  })

  it('a transfer offer is no failure while the modal shows its prompt; headless, the host gets the code', () => {
    const foyer = make()
    const onError = vi.fn()
    foyer.registerCallbacks('link', { onError })
    const offer = () => new ApiError('Transfer?', { status: 400, serverCode: 'account_transfer_required', data: {} })
    foyer.modal.open({ intent: 'link' })
    foyer.failAuth(offer())
    expect(onError).not.toHaveBeenCalled()
    foyer.modal.close()
    expect(onError).toHaveBeenCalledWith('EXITED_LINK_FLOW')
    onError.mockClear()
    foyer.failAuth(offer())
    expect(onError).toHaveBeenCalledWith('ACCOUNT_TRANSFER_REQUIRED')
  })

  it('a flow opened with intent null (connect a wallet) reports no exit when closed', () => {
    const foyer = make()
    const onError = vi.fn()
    for (const intent of ['login', 'link', 'update'] as const) foyer.registerCallbacks(intent, { onError })
    foyer.modal.open({ intent: null })
    foyer.modal.close()
    expect(onError).not.toHaveBeenCalled()
  })

  it('clears the flow state 200 ms after closing', () => {
    vi.useFakeTimers()
    const foyer = make()
    foyer.modal.open()
    foyer.modal.push('foyer/error', { title: 'x' })
    foyer.modal.close()
    expect(foyer.$modal.value.open).toBe(false)
    expect(foyer.$modal.value.stack).toHaveLength(2)
    vi.advanceTimersByTime(199)
    expect(foyer.$modal.value.stack).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(foyer.$modal.value.stack).toHaveLength(0)
    expect(foyer.$modal.value.intent).toBeNull()
  })

  it('pushing an unknown screen raises a PluginError', () => {
    const foyer = make()
    foyer.modal.open()
    expect(() => foyer.modal.push('nope/screen')).toThrow(/No screen "nope\/screen"/)
  })

  it('completeAuth runs onLoginSuccess hooks in order (with prompts), then callbacks, success and close', async () => {
    vi.useFakeTimers()
    const order: string[] = []
    const terms = definePlugin({
      id: 'terms',
      kind: 'feature',
      screens: { accept: { load, dismissable: false } },
      hooks: {
        onLoginSuccess: async (ctx) => {
          order.push('terms:start')
          const accepted = await ctx.prompt<boolean>('terms/accept')
          order.push(`terms:${accepted}`)
        },
      },
    })
    const wallet = definePlugin({ id: 'wallet', kind: 'wallet', hooks: { onLoginSuccess: () => void order.push('wallet') } })
    const foyer = make([terms, wallet])
    const onComplete = vi.fn()
    const onError = vi.fn()
    foyer.registerCallbacks('login', { onComplete, onError })
    foyer.modal.open()
    const done = foyer.completeAuth({ user, token, refresh_token: 'rt', is_new_user: true }, { loginMethod: 'email' })
    await vi.advanceTimersByTimeAsync(0)
    expect(foyer.$modal.value.stack.at(-1)?.id).toBe('terms/accept')
    expect(onComplete).not.toHaveBeenCalled()
    foyer.modal.resolvePrompt(true)
    const result = await done
    expect(order).toEqual(['terms:start', 'terms:true', 'wallet'])
    expect(result).toMatchObject({ isNewUser: true, loginMethod: 'email', wasAlreadyAuthenticated: false })
    expect(onComplete).toHaveBeenCalledOnce()
    expect(foyer.$modal.value.stack.at(-1)?.id).toBe('foyer/success')
    await vi.advanceTimersByTimeAsync(1000)
    expect(foyer.$modal.value.open).toBe(false)
    expect(onError).not.toHaveBeenCalled() // closing after success is not an exit
  })

  it("a hook that showed its own success ('All set!') gets no second 'Success!' after it; the modal still closes", async () => {
    vi.useFakeTimers()
    const wallet = definePlugin({
      id: 'wallet',
      kind: 'wallet',
      screens: { created: { load } },
      hooks: {
        onLoginSuccess: async (ctx) => {
          await ctx.prompt('wallet/created')
          ctx.successShown = true
        },
      },
    })
    const foyer = make([wallet])
    foyer.modal.open()
    const done = foyer.completeAuth({ user, token, refresh_token: 'rt', is_new_user: true }, { loginMethod: 'email' })
    await vi.advanceTimersByTimeAsync(0)
    foyer.modal.resolvePrompt()
    await done
    expect(foyer.$modal.value.stack.map((entry) => entry.id)).not.toContain('foyer/success')
    await vi.advanceTimersByTimeAsync(1000)
    expect(foyer.$modal.value.open).toBe(false)
  })

  it('closing during a prompt rejects the flow with the exit code', async () => {
    const hook = definePlugin({ id: 'ask', kind: 'feature', screens: { q: { load } }, hooks: { onLoginSuccess: (ctx) => ctx.prompt('ask/q') as Promise<void> } })
    const foyer = make([hook])
    const onError = vi.fn()
    foyer.registerCallbacks('login', { onError })
    foyer.modal.open()
    const done = foyer.completeAuth({ user, token, refresh_token: 'rt' }, { loginMethod: 'email' })
    await new Promise((r) => setTimeout(r, 0))
    foyer.modal.close()
    await expect(done).rejects.toMatchObject({ code: 'EXITED_AUTH_FLOW' })
    expect(onError).toHaveBeenCalledWith('EXITED_AUTH_FLOW')
    expect(onError).toHaveBeenCalledTimes(1) // the close reports it; completeAuth doesn't report it again
  })

  it('showError routes failure codes to their screens', () => {
    const foyer = make()
    foyer.modal.open()
    foyer.modal.showError(new ApiError('x', { status: 404, serverCode: 'user_does_not_exist' }))
    expect(foyer.$modal.value.stack.at(-1)?.id).toBe('foyer/account-not-found')
    foyer.modal.showError(new ApiError('x', { status: 403, serverCode: 'user_limit_reached' }))
    expect(foyer.$modal.value.stack.at(-1)?.id).toBe('foyer/user-limit')
  })

  it('otpError gives the spec texts inline and moves to a screen for terminal errors', () => {
    const foyer = make()
    foyer.modal.open()
    expect(foyer.modal.otpError(new ApiError('bad', { status: 401, serverCode: 'invalid_credentials' }))).toBe('Invalid or expired verification code')
    expect(foyer.modal.otpError(new ApiError('boom', { status: 500, serverCode: 'internal_error' }))).toBe('Issue verifying code')
    expect(foyer.modal.otpError(new ApiError('x', { status: 409, serverCode: 'linked_to_another_user' }))).toBeNull()
    expect(foyer.$modal.value.stack.at(-1)?.params).toMatchObject({ title: 'Authentication failed', detail: 'This account has already been linked to another user.' })
  })
})

describe("a plugin's loadTexts", () => {
  it("joins the kernel's texts with the plugin's first screen, below its `texts` and the host's textLocalization", async () => {
    const wallet = definePlugin({
      id: 'w',
      kind: 'wallet',
      screens: { s: { load } },
      texts: { 'w.b': 'B from the plugin options' },
      loadTexts: async () => ({ 'w.a': 'A', 'w.b': 'B', 'w.c': 'C' }),
    })
    const foyer = createFoyer({
      appId: APP,
      apiUrl: 'http://api.test',
      plugins: [ui, wallet],
      storage: createMemoryStorage(),
      fetch: vi.fn() as never,
      texts: { 'w.a': 'A from the extra defaults' },
      config: { intl: { textLocalization: { 'w.c': 'C from the host' } } },
    })
    expect(foyer.t('w.a')).toBe('A from the extra defaults')
    await foyer.registry.screen('w/s').load()
    expect([foyer.t('w.a'), foyer.t('w.b'), foyer.t('w.c')]).toEqual(['A', 'B from the plugin options', 'C from the host'])
  })
})

describe('errorScreenFor (spec §8 table)', () => {
  const t = createTranslator(en)
  const err = (serverCode: string, status = 400, message = 'Server says no') => new ApiError(message, { status, serverCode })
  it.each([
    ['too_many_requests', 429, { title: 'Request failed', detail: 'Too many attempts.', cta: { label: 'Try again later' } }],
    ['disallowed_login_method', 403, { title: 'Not allowed', cta: { label: 'Try another method' } }],
    ['allowlist_rejected', 403, { title: "You don't have access to this app", detail: 'Have you been invited?', cta: { label: 'Try another account' } }],
    ['invalid_captcha', 400, { title: 'Something went wrong', detail: 'Please try again.' }],
    ['some_400', 400, { title: 'Server says no' }],
    ['some_422', 422, { title: 'Server says no' }],
    ['internal_error', 500, { title: 'Something went wrong', detail: 'Try again later' }],
  ])('%s', (code, status, expected) => {
    expect(errorScreenFor(err(code, status), t, null).params).toMatchObject(expected)
  })
})

describe('isEmbeddedWalletContextAllowed', () => {
  it('requires HTTPS except on localhost or an IP', () => {
    expect(isEmbeddedWalletContextAllowed('https://app.example.com')).toBe(true)
    expect(isEmbeddedWalletContextAllowed('http://localhost:5173')).toBe(true)
    expect(isEmbeddedWalletContextAllowed('http://127.0.0.1:8787')).toBe(true)
    expect(isEmbeddedWalletContextAllowed('http://192.168.1.20')).toBe(true)
    expect(isEmbeddedWalletContextAllowed('http://[::1]:3000')).toBe(true)
    expect(isEmbeddedWalletContextAllowed('http://app.example.com')).toBe(false)
    expect(isEmbeddedWalletContextAllowed('http://999.1.1.1')).toBe(false)
  })
})
