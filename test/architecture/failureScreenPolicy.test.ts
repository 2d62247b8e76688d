import { describe, expect, it, vi } from 'vitest'
import { errorScreenCodes, failureScreenCodes, hasFailureScreen, otpErrorFor } from '../../core/client/errorScreen.js'
import { createTranslator } from '../../core/client/i18n/createTranslator.js'
import { en } from '../../core/client/i18n/en.js'
import type { Foyer } from '../../core/client/types.js'
import { ApiError, BaseError } from '../../core/errors/index.js'
import { toFarcasterError } from '../../plugins/farcaster/farcasterFlow.js'
import { onModalFlowError } from '../../plugins/oauth/oauthFlow.js'
import { passkeyErrorText } from '../../plugins/passkey/screens/passkeyErrorText.js'
import { siweErrorOutcome, toSiweError } from '../../plugins/siwe/siweFlow.js'
import { toSiwsError } from '../../plugins/siws/siwsFlow.js'
import { telegramErrorFor } from '../../plugins/telegram/telegramFlow.js'
import { walletErrorOutcome } from '../../ui/wallets/walletConnectError.js'

const t = createTranslator(en)
const api = (code: string, status = 403) => new ApiError(`server says ${code}`, { status, serverCode: code.toLowerCase() })

/** A kernel stand-in that records `modal.showError`. */
function fakeFoyer() {
  const showError = vi.fn()
  const foyer = { t, failAuth() {}, $modal: { peek: () => ({ open: true }) }, modal: { showError, replace() {} } } as unknown as Foyer
  return { foyer, showError }
}

/** Whether each flow leaves its screen for the kernel's failure screen on `error`. */
const flows: Record<string, (error: BaseError) => boolean> = {
  'e-mail/SMS code': (e) => 'screen' in otpErrorFor(e, t),
  oauth: (e) => {
    const { foyer, showError } = fakeFoyer()
    onModalFlowError(foyer, e, 'google')
    return showError.mock.calls.length > 0
  },
  passkey: (e) => {
    const { foyer, showError } = fakeFoyer()
    passkeyErrorText(foyer, e)
    return showError.mock.calls.length > 0
  },
  siwe: (e) => siweErrorOutcome(e, t).screen === true,
  wallet: (e) => walletErrorOutcome(e, t).screen === true,
  telegram: (e) => 'screen' in telegramErrorFor(e),
  // Headless flows hand failure-screen errors on unchanged (the screen then calls showError).
  farcaster: (e) => toFarcasterError(e) === e,
  siws: (e) => toSiwsError(e) === e,
}

describe('one failure-screen policy (spec §8)', () => {
  it('hasFailureScreen: the five codes, plus only the `also` codes a flow names', () => {
    expect([...failureScreenCodes].sort()).toEqual(['ACCOUNT_TRANSFER_REQUIRED', 'ALLOWLIST_REJECTED', 'DISALLOWED_LOGIN_METHOD', 'USER_DOES_NOT_EXIST', 'USER_LIMIT_REACHED'])
    for (const code of failureScreenCodes) expect(hasFailureScreen(api(code))).toBe(true)
    expect(hasFailureScreen(api('LINKED_TO_ANOTHER_USER', 400))).toBe(false)
    expect(hasFailureScreen(api('LINKED_TO_ANOTHER_USER', 400), ['LINKED_TO_ANOTHER_USER'])).toBe(true)
    expect(hasFailureScreen(api('TOO_MANY_REQUESTS', 429), ['LINKED_TO_ANOTHER_USER'])).toBe(false)
    expect(hasFailureScreen(new Error('USER_LIMIT_REACHED'))).toBe(false)
  })

  it.each(Object.keys(flows))('%s routes every failure-screen code to the kernel (Telegram words DISALLOWED_LOGIN_METHOD itself)', (flow) => {
    for (const code of failureScreenCodes) {
      const routed = flows[flow]!(api(code))
      // §8 Telegram: 'Disallowed login method: Login with Telegram not allowed' — inline, on the Telegram screen.
      expect({ code, routed }).toEqual({ code, routed: !(flow === 'telegram' && code === 'DISALLOWED_LOGIN_METHOD') })
    }
  })

  it("the catalogue's extra rows go to the error screen only where the flow's table has no text for them", () => {
    const routedBy = (code: string) => Object.keys(flows).filter((flow) => flows[flow]!(api(code, 400)))
    // §8 e-mail/SMS: 'Linked to another user: the error screen'; passkey's table has no text for any of the three.
    expect(routedBy('LINKED_TO_ANOTHER_USER')).toEqual(['e-mail/SMS code', 'passkey'])
    for (const code of errorScreenCodes.filter((c) => c !== 'LINKED_TO_ANOTHER_USER')) expect(routedBy(code)).toEqual(['passkey'])
  })

  it('the headless SIWE error keeps the failure-screen codes', () => {
    for (const code of failureScreenCodes) expect(toSiweError(api(code)).code).toBe(code)
  })
})
