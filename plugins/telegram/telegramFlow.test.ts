import { describe, expect, it } from 'vitest'
import { ApiError, ValidationError } from '../../core/errors/index.js'
import { readTelegramReturn, telegramError, telegramErrorFor } from './telegramFlow.js'

const api = (status: number, code: string, message = code) => new ApiError(message, { status, serverCode: code })

describe('readTelegramReturn', () => {
  it('reads the seven widget parameters and gives the URL without them (other parameters stay)', () => {
    const url = new URL('https://host.example/app?tab=2&id=42&first_name=Ada&last_name=L&username=ada&photo_url=https%3A%2F%2Ft.me%2Fp.jpg&auth_date=1700000000&hash=' + 'a'.repeat(64) + '#top')
    const back = readTelegramReturn(url)!
    expect(back.payload).toEqual({
      result: { id: '42', first_name: 'Ada', last_name: 'L', username: 'ada', photo_url: 'https://t.me/p.jpg', auth_date: '1700000000', hash: 'a'.repeat(64) },
    })
    expect(back.cleaned.href).toBe('https://host.example/app?tab=2#top')
  })

  it('is null without Telegram parameters, and has no payload when some are missing (canceled)', () => {
    expect(readTelegramReturn(new URL('https://host.example/?id=5'))).toBeNull()
    const partial = readTelegramReturn(new URL('https://host.example/?id=5&hash=abc'))!
    expect(partial.payload).toBeNull()
    expect(partial.cleaned.search).toBe('')
  })
})

describe('telegramErrorFor (spec §8, Telegram)', () => {
  it('maps every case to the spec text', () => {
    expect(telegramErrorFor(api(409, 'linked_to_another_user'))).toEqual({ text: 'This account has already been linked to another user.', retry: false })
    expect(telegramErrorFor(api(403, 'disallowed_login_method'))).toEqual({ text: 'Login with Telegram not allowed', retry: false })
    for (const e of [api(400, 'invalid_data'), api(401, 'invalid_credentials'), api(400, 'cannot_link_more_of_type'), api(400, 'captcha_failure'), new ValidationError('x')]) {
      expect(telegramErrorFor(e)).toEqual({ text: 'Something went wrong. Try again.', retry: true })
    }
    expect(telegramErrorFor(api(429, 'too_many_requests', 'Too many requests'))).toEqual({ text: 'Too many requests. Please wait before trying again.', retry: false })
    expect(telegramErrorFor(api(429, 'too_many_requests', 'Rate limit exceeded'))).toEqual({
      text: 'Request limit reached for Telegram. Please wait a moment and try again.',
      retry: false,
    })
    for (const code of ['allowlist_rejected', 'user_limit_reached', 'user_does_not_exist', 'account_transfer_required']) {
      expect(telegramErrorFor(api(403, code))).toEqual({ screen: true })
    }
    expect(telegramErrorFor(telegramError('canceled'))).toEqual({ text: 'Telegram auth failed or was canceled by the client', retry: true })
    expect(telegramErrorFor(telegramError('notInitialized'))).toEqual({ text: 'Telegram was not initialized', retry: true })
    expect(telegramErrorFor(api(500, 'internal'))).toEqual({ text: 'Authentication failed', retry: true })
    expect(telegramErrorFor(new Error('boom'))).toEqual({ text: 'Authentication failed', retry: true })
  })
})
