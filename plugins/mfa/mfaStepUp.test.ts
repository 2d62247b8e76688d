import { describe, expect, it, vi } from 'vitest'
import { runWithMiddleware, MAX_STEP_RETRIES } from '../../core/client/callMiddleware.js'
import type { Foyer, MfaMethodSlot } from '../../core/client/types.js'
import { ApiError, BaseError } from '../../core/errors/index.js'
import { mfaSms } from '../mfa-sms/index.js'
import { mfaPasskey } from '../mfa-passkey/index.js'
import { mfaEnrollErrorText } from './mfaEnrollErrorText.js'
import { mfaErrorText } from './mfaErrorText.js'
import { createMfaState, MFA_CODE_WAIT_MS } from './mfaState.js'
import { mfaStepUp } from './mfaStepUp.js'
import { promptMfa } from './promptMfa.js'
import { initMfa, submitMfa, verifyDirect } from './verifyMfa.js'

const totp: MfaMethodSlot = {
  method: 'totp', label: 'Authenticator App', chooserLabel: 'Authenticator app', verification: 'code',
  enrollScreen: 'mfa-totp/enroll', removeTitle: 'Remove', remove: async () => ({}) as never,
}

/** The parts of a kernel the step-up reads: config, session, registry, modal, call. */
function kernel({ enrolled = ['totp'], enabled = ['totp'], plugins = [{ id: 'mfa-totp', kind: 'mfa', mfa: totp }] as unknown[] } = {}) {
  const request = vi.fn(async () => undefined)
  const call = vi.fn(async () => ({ success: true }))
  const foyer = {
    $config: { peek: () => ({ server: { mfa_methods: enabled } }) },
    $session: { peek: () => ({ status: 'authenticated', user: { mfaMethods: enrolled } }) },
    registry: { plugins },
    $modal: { peek: () => ({ open: false }) },
    modal: { request },
    call,
    t: (key: string) => key,
  } as unknown as Foyer
  return { foyer, request, call }
}

const call = (id = 'embedded-wallet.connect') => ({ id, def: { path: id }, body: undefined, headers: {}, retry: false })
const frameError = Object.assign(new BaseError('MFA verification failed, retry.', { code: 'WALLET_PROXY_MISSING_OR_INVALID_MFA' }), { type: 'missing_or_invalid_mfa' })
const serverError = new ApiError('MFA verification failed, retry.', { status: 403, serverCode: 'missing_or_invalid_mfa' })

describe('MFA step-up', () => {
  it('opens "Verify your identity" (intent mfa) for a server or a wallet-frame refusal, then asks for a retry', async () => {
    const { foyer, request } = kernel()
    const middleware = mfaStepUp(foyer, () => createMfaState(false))
    expect(await middleware.onResponseError!({ ...call(), attempt: 0 }, serverError)).toBe('retry')
    expect(await middleware.onResponseError!({ ...call(), attempt: 0 }, frameError)).toBe('retry')
    expect(request).toHaveBeenCalledWith('mfa/verify', {}, { intent: 'mfa' })
  })

  it('steps over nothing else: other errors, the MFA calls themselves (a wrong code), a user without a method', async () => {
    const { foyer, request } = kernel()
    const middleware = mfaStepUp(foyer, () => createMfaState(false))
    expect(await middleware.onResponseError!({ ...call(), attempt: 0 }, new ApiError('x', { status: 403, serverCode: 'not_allowed' }))).toBeUndefined()
    expect(await middleware.onResponseError!({ ...call('mfa.verify'), attempt: 0 }, serverError)).toBeUndefined()
    const none = kernel({ enrolled: [] })
    expect(await mfaStepUp(none.foyer, () => createMfaState(false)).onResponseError!({ ...call(), attempt: 0 }, serverError)).toBeUndefined()
    // A method the app no longer enables (or no plugin verifies) can't be asked for either.
    const off = kernel({ enabled: [] })
    expect(await mfaStepUp(off.foyer, () => createMfaState(false)).onResponseError!({ ...call(), attempt: 0 }, serverError)).toBeUndefined()
    expect(request).not.toHaveBeenCalled()
    expect(none.request).not.toHaveBeenCalled()
    expect(off.request).not.toHaveBeenCalled()
  })

  it('tries a refused operation 4 times in all, asking before each retry, then fails with the refusal', async () => {
    const { foyer, request } = kernel()
    const run = vi.fn(async () => {
      throw frameError
    })
    await expect(runWithMiddleware([mfaStepUp(foyer, () => createMfaState(false))], call(), run)).rejects.toBe(frameError)
    expect(run).toHaveBeenCalledTimes(MAX_STEP_RETRIES + 1)
    expect(MAX_STEP_RETRIES + 1).toBe(4)
    expect(request).toHaveBeenCalledTimes(MAX_STEP_RETRIES)
  })

  it('with noPromptOnMfaRequired tells the listeners and waits for submit (retry) or cancel (MFA canceled)', async () => {
    const { foyer, request, call: send } = kernel()
    const state = createMfaState(true)
    const heard: string[][] = []
    state.listeners.add((methods) => heard.push(methods))
    const middleware = mfaStepUp(foyer, () => state)

    const first = middleware.onResponseError!({ ...call(), attempt: 0 }, serverError)
    expect(heard).toEqual([['totp']])
    await submitMfa(foyer, state, 'totp', ' 123456 ')
    expect(send).toHaveBeenCalledWith('mfa.verify', { method: 'totp', code: '123456' }, undefined)
    expect(await first).toBe('retry')

    const second = middleware.onResponseError!({ ...call(), attempt: 0 }, serverError)
    state.settle(new BaseError('MFA canceled', { code: 'MFA_CANCELED' }))
    await expect(second).rejects.toMatchObject({ code: 'MFA_CANCELED' })
    expect(request).not.toHaveBeenCalled()
  })

  it('refuses a malformed code or an unknown method before sending anything', async () => {
    const { foyer, call: send } = kernel()
    const state = createMfaState(true)
    for (const code of [123456, '12345', 'abcdef', null]) await expect(submitMfa(foyer, state, 'totp', code)).rejects.toThrow('mfa.invalidCode')
    await expect(submitMfa(foyer, state, 'email', '123456')).rejects.toThrow('mfa.unsupportedMethod')
    await expect(submitMfa(foyer, state, 'sms', '123456')).rejects.toThrow('mfa.unsupportedMethod')
    expect(send).not.toHaveBeenCalled()
  })
})

describe('how a verification starts (§7) and how a direct method verifies', () => {
  const allThree = () =>
    kernel({
      enabled: ['totp', 'sms', 'passkey'],
      enrolled: ['totp', 'sms', 'passkey'],
      plugins: [{ id: 'mfa-totp', kind: 'mfa', mfa: totp }, mfaSms(), mfaPasskey()],
    })

  it("starts SMS with passwordless_sms/init {action: 'verify'}, passkey with passkeys/init {}, totp with the kernel's mfa/init", async () => {
    const { foyer, call: send } = allThree()
    await initMfa(foyer, 'sms')
    await initMfa(foyer, 'passkey')
    await initMfa(foyer, 'totp')
    expect(send.mock.calls.map((c) => (c as unknown[]).slice(0, 2))).toEqual([
      ['mfa-sms.init', { action: 'verify' }],
      ['mfa-passkey.init', {}],
      ['mfa.init', { method: 'totp' }],
    ])
    await expect(initMfa(foyer, 'email')).rejects.toThrow('mfa.unsupportedMethod')
    expect(send).toHaveBeenCalledTimes(3)
  })

  it("runs a direct method's own verification, then settles the headless wait; a method without one is unsupported", async () => {
    const { foyer } = kernel()
    const state = createMfaState(true)
    const waiting = state.waitForVerification(() => new Error('timed out'))
    const verify = vi.fn(async () => undefined)
    await verifyDirect(foyer, state, { ...totp, method: 'passkey', verification: 'direct', verify })
    expect(verify).toHaveBeenCalledWith(foyer)
    await expect(waiting).resolves.toBeUndefined()
    await expect(verifyDirect(foyer, state, totp)).rejects.toThrow('mfa.unsupportedMethod')
  })
})

describe('the headless code wait (noPromptOnMfaRequired)', () => {
  it(`fails with mfa_timeout ('Timed out waiting for MFA code') after ${MFA_CODE_WAIT_MS} ms without submit or cancel`, async () => {
    vi.useFakeTimers()
    try {
      const { foyer } = kernel()
      const texts: Record<string, string> = { 'mfa.timedOut': 'Timed out waiting for MFA code' }
      ;(foyer as unknown as { t: (k: string) => string }).t = (key) => texts[key] ?? key
      const state = createMfaState(true)
      const waiting = promptMfa(foyer, state)
      const outcome = waiting.then(() => 'verified', (error: unknown) => error)
      await vi.advanceTimersByTimeAsync(MFA_CODE_WAIT_MS - 1)
      expect(state.pending).not.toBeNull()
      await vi.advanceTimersByTimeAsync(1)
      expect(await outcome).toMatchObject({ code: 'MFA_TIMEOUT', type: 'mfa_timeout', message: 'Timed out waiting for MFA code' })
      expect(mfaErrorText(await outcome)).toEqual({ text: 'mfa.error.timeout', blocked: false })
      expect(state.pending).toBeNull()
      // A wait answered in time leaves no timer behind to fail the next one.
      const next = promptMfa(foyer, state)
      state.settle()
      await expect(next).resolves.toBe(true)
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('mfaErrorText', () => {
  it("gives the spec's text per failure, and blocks input only for max attempts and rate limits", () => {
    expect(mfaErrorText(serverError)).toEqual({ text: 'mfa.error.invalidCode', blocked: false })
    expect(mfaErrorText(new ApiError('x', { status: 403, serverCode: 'mfa_verification_max_attempts_reached' }))).toEqual({ text: 'mfa.error.maxAttempts', blocked: true })
    expect(mfaErrorText({ type: 'mfa_timeout', message: 'Timed out waiting for MFA code' })).toEqual({ text: 'mfa.error.timeout', blocked: false })
    // Rate limits (per user, over 600 s) have their own text: not the max-attempts promise of 10 seconds.
    expect(mfaErrorText(new Error('Request failed with code 429'))).toEqual({ text: 'mfa.error.rateLimited', blocked: true })
    expect(mfaErrorText(new ApiError('x', { status: 429, serverCode: 'too_many_requests' }))).toEqual({ text: 'mfa.error.rateLimited', blocked: true })
    expect(mfaErrorText(new BaseError('MFA canceled', { code: 'MFA_CANCELED' }))).toEqual({ text: 'mfa.error.canceled', blocked: false })
    expect(mfaErrorText(new Error('boom'))).toEqual({ text: 'mfa.error.generic', blocked: false })
  })

  it('a locked method (server code or wallet-frame type) has its own text and blocks that method only', () => {
    const outcome = { text: 'mfa.error.locked', blocked: true, methodLocked: true }
    expect(mfaErrorText(new ApiError('x', { status: 403, serverCode: 'mfa_method_locked' }))).toEqual(outcome)
    expect(mfaErrorText({ type: 'mfa_method_locked', message: 'locked' })).toEqual(outcome)
    expect(mfaEnrollErrorText(new ApiError('x', { status: 403, serverCode: 'mfa_method_locked' }))).toEqual(outcome)
  })

  it("gives enrollment its texts: canceling the verification asked first is 'Verification canceled', max attempts block", () => {
    expect(mfaEnrollErrorText(new BaseError('MFA canceled', { code: 'MFA_CANCELED' }))).toEqual({ text: 'mfa.error.canceled', blocked: false })
    expect(mfaEnrollErrorText(new ApiError('x', { status: 403, serverCode: 'mfa_verification_max_attempts_reached' }))).toEqual({ text: 'mfa.error.maxAttempts', blocked: true })
    expect(mfaEnrollErrorText(new ApiError('x', { status: 429, serverCode: 'too_many_requests' }))).toEqual({ text: 'mfa.error.rateLimited', blocked: true })
    expect(mfaEnrollErrorText(new ApiError('x', { status: 401, serverCode: 'invalid_credentials' }))).toEqual({ text: 'mfa.error.invalidCode', blocked: false })
    expect(mfaEnrollErrorText(new Error('boom'))).toEqual({ text: 'mfa.error.enrollment', blocked: false })
  })
})
