import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors/index.js'
import { errorScreenFor } from './errorScreen.js'
import { createTranslator } from './i18n/createTranslator.js'
import { en } from './i18n/en.js'
import { uiScreens } from './screenIds.js'
import type { ResolvedConfig } from './types.js'

const t = createTranslator(en)
const err = (serverCode: string, status: number, message = 'Server says no') => new ApiError(message, { status, serverCode })

describe('errorScreenFor: the kernel table of core codes (errorTexts.ts)', () => {
  it.each([
    ['invalid_data', 400, 'email: Invalid email'],
    ['cannot_link_more_of_type', 400, 'User already has an account of type email linked.'],
    ['sms_verification_failed', 422, 'The number can not receive SMS'],
    ['not_allowed', 400, 'Cannot unlink the last login method of this account.'],
  ])("%s shows the server's message", (code, status, message) => {
    expect(errorScreenFor(err(code, status, message), t, null)).toEqual({ screen: uiScreens.error, params: { title: message, cta: { label: 'Try again', action: 'back' } } })
  })

  it.each([
    ['unauthorized', 401, { title: 'Session ended', detail: 'Please log in again.' }],
    ['invalid_transfer_nonce', 400, { title: 'Authentication failed', detail: 'This transfer offer has expired. Link the account again to get a new one.' }],
    ['missing_or_invalid_mfa', 403, { title: 'Something went wrong', detail: 'MFA verification failed, retry.' }],
    ['invalid_origin', 403, { title: 'Something went wrong', detail: 'This website is not allowed to log in to this app.' }],
    ['invalid_app_id', 400, { title: 'Invalid app ID' }],
  ])('%s has its own text, not the developer-facing server message', (code, status, params) => {
    expect(errorScreenFor(err(code, status), t, null).params).toMatchObject(params)
    expect(JSON.stringify(errorScreenFor(err(code, status), t, null).params)).not.toContain('Server says no')
  })

  it('failure screens of their own; the host config words the allowlist screen', () => {
    expect(errorScreenFor(err('user_limit_reached', 403), t, null).screen).toBe(uiScreens.userLimit)
    expect(errorScreenFor(err('user_does_not_exist', 404), t, null).screen).toBe(uiScreens.accountNotFound)
    const config = { allowlist: { errorTitle: 'Members only', errorCtaText: 'Join', errorCtaLink: 'https://example.com/join' } } as ResolvedConfig
    expect(errorScreenFor(err('allowlist_rejected', 403), t, config)).toEqual({
      screen: uiScreens.allowlist,
      params: { title: 'Members only', detail: 'Have you been invited?', cta: { label: 'Join', href: 'https://example.com/join' } },
    })
  })

  it("a plugin's code gets the plugin's text; a transfer without its data reads as 'linked to another user'", () => {
    expect(errorScreenFor(err('keys_unavailable', 503), t, null, { KEYS_UNAVAILABLE: 'Unable to authenticate with custom auth token' }).params).toMatchObject({
      title: 'Something went wrong',
      detail: 'Unable to authenticate with custom auth token',
    })
    expect(errorScreenFor(err('account_transfer_required', 400), t, null)).toMatchObject({ screen: uiScreens.error, params: { title: 'Authentication failed' } })
  })
})
