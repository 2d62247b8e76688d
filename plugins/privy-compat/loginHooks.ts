// Privy's headless login hooks over Foyer's plugins' hooks: same functions and states, with Privy's callbacks (its
// user object, its lower-case error codes). Each needs its plugin loaded (PrivyProvider loads it from loginMethods).
import { useMemo } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { useLoginWithEmail as useEmail } from '../email/index.js'
import { useLoginWithOAuth as useOAuth } from '../oauth/index.js'
import { useLinkPasskey, useLoginWithPasskey as usePasskey, useSignupWithPasskey as useSignupPasskey } from '../passkey/index.js'
import { useLinkWithSiwe as useLinkSiwe, useLoginWithSiwe as useSiwe } from '../siwe/index.js'
import { useLoginWithSiws as useSiws } from '../siws/index.js'
import { useLoginWithSms as useSms } from '../sms/index.js'
import { useLoginWithTelegram as useTelegram } from '../telegram/index.js'
import { accountFlowCallbacks, loginCallbacks, type PrivyEvents } from './privyEvents.js'
import type { OAuthFlowState, OtpFlowState, PasskeyFlowState, SiweFlowState, SiwsFlowState, TelegramAuthFlowState } from './flowStates.js'
import type { OAuthProviderType, User } from './privyUser.js'
import { toPrivyUser } from './toPrivyUser.js'

/** Privy's useLoginWithEmail: `sendCode({ email, disableSignup? })`, `loginWithCode({ code })`, `state`. */
export function useLoginWithEmail(callbacks?: PrivyEvents['login']) {
  const { sendCode, loginWithCode, state } = useEmail(loginCallbacks(callbacks))
  return { sendCode, loginWithCode, state: state as OtpFlowState }
}

/** What useLoginWithSms answers (Privy's). */
export type UseLoginWithSms = {
  sendCode: (args: { phoneNumber: string; disableSignup?: boolean }) => Promise<void>
  loginWithCode: (args: { code: string }) => Promise<void>
  state: OtpFlowState
}

/** Privy's useLoginWithSms: `sendCode({ phoneNumber, disableSignup? })`, `loginWithCode({ code })`, `state`. */
export function useLoginWithSms(callbacks?: PrivyEvents['login']): UseLoginWithSms {
  const { sendCode, loginWithCode, state } = useSms(loginCallbacks(callbacks))
  return { sendCode, loginWithCode, state: state as OtpFlowState }
}

/** Privy's useLoginWithOAuth: `initOAuth({ provider, disableSignup? })` (this tab goes to the provider), `loading`, `state`. */
export function useLoginWithOAuth(callbacks?: PrivyEvents['login']) {
  const { initOAuth, loading, state } = useOAuth(loginCallbacks(callbacks))
  return { initOAuth: initOAuth as (args: { provider: OAuthProviderType; disableSignup?: boolean }) => Promise<void>, loading, state: state as OAuthFlowState }
}

/** Privy's useLoginWithPasskey: `loginWithPasskey()` (any of the user's passkeys: `credentialIds` is not read), `state`. */
export function useLoginWithPasskey(callbacks?: PrivyEvents['login']) {
  const { loginWithPasskey, state } = usePasskey(loginCallbacks(callbacks))
  return { loginWithPasskey: loginWithPasskey as (opts?: { credentialIds?: string[] }) => Promise<void>, state: state as PasskeyFlowState }
}

/** Privy's useSignupWithPasskey: `signupWithPasskey()`, `state`. */
export function useSignupWithPasskey(callbacks?: PrivyEvents['login']) {
  const { signupWithPasskey, state } = useSignupPasskey(loginCallbacks(callbacks))
  return { signupWithPasskey, state: state as PasskeyFlowState }
}

/** Privy's useLinkWithPasskey: `linkWithPasskey()` links a new passkey headlessly (`name` is not read), `state`. */
export function useLinkWithPasskey(callbacks?: PrivyEvents['linkAccount']) {
  const link = accountFlowCallbacks(callbacks, 'link')
  const { linkPasskey, state } = useLinkPasskey({
    onComplete: (result) => link.onSuccess({ ...result, linkMethod: 'passkey' }),
    onError: link.onError,
  })
  return { linkWithPasskey: linkPasskey as (options?: { name?: string }) => Promise<void>, state: state as PasskeyFlowState }
}

/** Privy's useLoginWithTelegram: `login()` (a Mini App's init data, else the Telegram screen), `state`. */
export function useLoginWithTelegram(callbacks?: PrivyEvents['login']) {
  const { login, state } = useTelegram(loginCallbacks(callbacks))
  return { login: login as (options?: { disableSignup?: boolean }) => Promise<void>, state: state as TelegramAuthFlowState }
}

type SiweInput = { signature: string; message: string; disableSignup?: boolean; walletClientType?: string; connectorType?: string }

/** Privy's useLoginWithSiwe: `generateSiweMessage({ address, chainId })`, `loginWithSiwe({ signature, message })` → the user. */
export function useLoginWithSiwe(callbacks?: PrivyEvents['login']) {
  const { generateSiweMessage, loginWithSiwe, state } = useSiwe(loginCallbacks(callbacks))
  return useMemo(
    () => ({
      generateSiweMessage: generateSiweMessage as (args: { address: string; chainId: `eip155:${number}`; disableSignup?: boolean }) => Promise<string>,
      loginWithSiwe: async (input: SiweInput): Promise<User> => toPrivyUser((await loginWithSiwe(input)).user),
      state: state as SiweFlowState,
    }),
    [generateSiweMessage, loginWithSiwe, state],
  )
}

/** Privy's useLinkWithSiwe: `generateSiweMessage({ address, chainId })`, `linkWithSiwe({ signature, message, chainId })`. */
export function useLinkWithSiwe(callbacks?: PrivyEvents['linkAccount']) {
  const link = accountFlowCallbacks(callbacks, 'link')
  const { generateSiweMessage, linkWithSiwe, state } = useLinkSiwe({ onComplete: (r) => link.onSuccess({ ...r, linkMethod: r.loginMethod }), onError: link.onError })
  return useMemo(
    () => ({
      generateSiweMessage: generateSiweMessage as (args: { address: string; chainId: string }) => Promise<string>,
      linkWithSiwe: async ({ chainId: _chainId, ...input }: Omit<SiweInput, 'disableSignup'> & { chainId: string }): Promise<void> => void (await linkWithSiwe(input)),
      state: state as SiweFlowState,
    }),
    [generateSiweMessage, linkWithSiwe, state],
  )
}

/** Privy's useLoginWithSiws: `generateSiwsMessage({ address })`, `loginWithSiws({ signature, message })` → the user. */
export function useLoginWithSiws() {
  const foyer = useFoyerKernel()
  const { generateSiwsMessage, loginWithSiws, state } = useSiws()
  return useMemo(
    () => ({
      generateSiwsMessage: (args: { address: string }) => generateSiwsMessage(args),
      loginWithSiws: async (input: SiweInput & { messageType?: 'plain' | 'transaction' }): Promise<User> => {
        const { messageType: _type, ...rest } = input
        await loginWithSiws(rest)
        return toPrivyUser(foyer.$session.peek().user!)
      },
      state: state as SiwsFlowState,
    }),
    [foyer, generateSiwsMessage, loginWithSiws, state],
  )
}
