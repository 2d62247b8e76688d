// @vitest-environment happy-dom
import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthResult } from '../../core/client/types.js'
import { ValidationError } from '../../core/errors/index.js'
import { CodeSchema, type LinkedAccount, type RawUser, type TokenResponse } from '../../core/protocol/index.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { verifyOtpCode, type OtpCodeCalls } from '../../core/client/actions/verifyOtpCode.js'
import { useOtpLogin, type OtpLoginMethod, type UseOtpLoginParameters, type UseOtpLoginReturnType } from './useOtpLogin.js'

afterEach(cleanup)

const user = { id: 'u1', linkedAccounts: [] } as unknown as RawUser
const account = { type: 'test', address: 'x' } as unknown as LinkedAccount
const response = { user, token: 't', refresh_token: null } as TokenResponse

/** A fake code method: `check` refuses 'bad', `sendCode` upper-cases the destination. */
function fakeMethod() {
  return {
    loginMethod: 'fake',
    check: vi.fn(({ to }: { to: string; disableSignup?: boolean }) => {
      if (to === 'bad') throw new ValidationError('Bad destination', { to: 'Bad destination' })
      return to
    }),
    sendCode: vi.fn(async (to: string) => to.toUpperCase()),
    authenticate: vi.fn(async () => response),
    findAccount: vi.fn(() => account),
    codeSchema: CodeSchema,
  } satisfies OtpLoginMethod<{ to: string; disableSignup?: boolean }, string>
}

async function renderOtp(method: ReturnType<typeof fakeMethod>, callbacks: UseOtpLoginParameters = {}) {
  const hook: { current: UseOtpLoginReturnType<{ to: string; disableSignup?: boolean }> | null } = { current: null }
  const Probe = () => {
    hook.current = useOtpLogin(method, callbacks)
    return null
  }
  const { foyer } = await renderWithFoyer(<Probe />)
  const result = { user: {}, isNewUser: false, loginMethod: 'fake', loginAccount: account } as unknown as AuthResult
  const completeAuth = vi.spyOn(foyer, 'completeAuth').mockResolvedValue(result)
  return { hook: () => hook.current!, completeAuth, result, foyer }
}

describe('useOtpLogin', () => {
  it('sends to the checked destination, checks the code locally, then authenticates and completes the login', async () => {
    const method = fakeMethod()
    const onComplete = vi.fn()
    const onError = vi.fn()
    const { hook, completeAuth, result } = await renderOtp(method, { onComplete, onError })
    expect(hook().state).toEqual({ status: 'initial', error: null })

    await act(() => hook().sendCode({ to: 'dest', disableSignup: true }))
    expect(hook().state.status).toBe('awaiting-code-input')

    // Rejects like Privy's hooks, so a host's try/catch sees the failure; state and onError say the same.
    await act(() => expect(hook().loginWithCode({ code: '12ab56' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' }))
    expect(hook().state.status).toBe('error')
    expect(hook().state.error?.shortMessage).toBe('Code should be numeric')
    expect(onError).toHaveBeenCalledWith('VALIDATION_ERROR')
    expect(method.authenticate).not.toHaveBeenCalled()

    await act(() => hook().loginWithCode({ code: ' 123456 ' }))
    expect(hook().state).toEqual({ status: 'done', error: null })
    expect(method.authenticate).toHaveBeenCalledWith({ destination: 'DEST', code: '123456', mode: 'no-signup' }, expect.anything())
    expect(method.findAccount).toHaveBeenCalledWith(user, 'DEST')
    expect(completeAuth).toHaveBeenCalledWith(response, { loginMethod: 'fake', account, intent: 'login' })
    expect(onComplete).toHaveBeenCalledWith(result)
  })

  it('a refused destination is an error without a send; a code before sendCode is a flow error', async () => {
    const method = fakeMethod()
    const onError = vi.fn()
    const { hook } = await renderOtp(method, { onError })
    await act(() => expect(hook().sendCode({ to: 'bad' })).rejects.toBeInstanceOf(ValidationError))
    expect(hook().state.status).toBe('error')
    expect(hook().state.error?.shortMessage).toBe('Bad destination')
    expect(method.sendCode).not.toHaveBeenCalled()

    await act(() => expect(hook().loginWithCode({ code: '123456' })).rejects.toMatchObject({ shortMessage: 'Auth flow must be initialized first' }))
    expect(hook().state.error?.shortMessage).toBe('Auth flow must be initialized first')
    expect(onError).toHaveBeenCalledTimes(2)
  })

  it('a failed send or authenticate lands in state as a BaseError', async () => {
    const method = fakeMethod()
    method.sendCode.mockRejectedValueOnce(new Error('network down'))
    const { hook } = await renderOtp(method)
    await act(() => expect(hook().sendCode({ to: 'dest' })).rejects.toMatchObject({ shortMessage: 'Unknown error occurred.' }))
    expect(hook().state.status).toBe('error')
    expect(hook().state.error?.shortMessage).toBe('Unknown error occurred.')

    await act(() => hook().sendCode({ to: 'dest' }))
    method.authenticate.mockRejectedValueOnce(new ValidationError('Invalid or expired verification code'))
    await act(() => expect(hook().loginWithCode({ code: '123456' })).rejects.toBeInstanceOf(ValidationError))
    expect(hook().state.error?.shortMessage).toBe('Invalid or expired verification code')
    expect(method.authenticate).toHaveBeenCalledWith(expect.objectContaining({ mode: 'login-or-sign-up' }), expect.anything())
  })
})

describe('useOtpLogin after logout', () => {
  it('state goes back to initial when the session ends', async () => {
    const method = fakeMethod()
    const { hook, foyer } = await renderOtp(method)
    await act(() => expect(hook().sendCode({ to: 'bad' })).rejects.toBeInstanceOf(ValidationError))
    expect(hook().state.status).toBe('error')
    // The session module emits 'logout' whenever an authenticated session is cleared.
    act(() => foyer.emitter.emit('logout'))
    expect(hook().state).toEqual({ status: 'initial', error: null })
  })
})

describe('verifyOtpCode', () => {
  const calls = () =>
    ({
      loginMethod: 'fake',
      authenticate: vi.fn(async () => response),
      link: vi.fn(async () => user),
      update: vi.fn(async () => user),
      findAccount: vi.fn(() => account),
    }) satisfies OtpCodeCalls
  const fakeFoyer = (intent: string | null, disableSignup?: boolean) => {
    const completeAuth = vi.fn(async () => ({}) as AuthResult)
    const foyer = { $modal: { peek: () => ({ intent, options: { disableSignup } }) }, completeAuth }
    return { foyer: foyer as unknown as Parameters<typeof verifyOtpCode>[0], completeAuth }
  }

  it('logs in by default, with the mode of the login options', async () => {
    const c = calls()
    const { foyer, completeAuth } = fakeFoyer(null, true)
    await verifyOtpCode(foyer, { calls: c, code: '123456' })
    expect(c.authenticate).toHaveBeenCalledWith('123456', 'no-signup')
    expect(completeAuth).toHaveBeenCalledWith(response, { loginMethod: 'fake', account, intent: 'login' })
  })

  it("links or updates by the modal's intent", async () => {
    for (const intent of ['link', 'update'] as const) {
      const c = calls()
      const { foyer, completeAuth } = fakeFoyer(intent)
      await verifyOtpCode(foyer, { calls: c, code: '654321' })
      expect(c[intent]).toHaveBeenCalledWith('654321')
      expect(c.authenticate).not.toHaveBeenCalled()
      expect(completeAuth).toHaveBeenCalledWith({ user }, { loginMethod: 'fake', account, intent })
    }
  })
})
