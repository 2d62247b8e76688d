import { useMemo, useRef } from 'react'
import type { AuthResult } from '../../core/client/types.js'
import { BaseError, FlowError, flowErrorCodes } from '../../core/errors/index.js'
import { useFlowState } from '../../ui/hooks/useFlowState.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { TelegramAuthResult } from './schema.js'

/** A Login Widget result as its `data-onauth` callback gives it (numbers allowed). */
export type TelegramWidgetUser = Omit<TelegramAuthResult, 'id' | 'auth_date'> & { id: number | string; auth_date: number | string }
import type { TelegramPayload } from './telegramFlow.js'

// The flow loads on first use, so a host that only imports the hook doesn't carry it in its initial JS.
const flow = () => import('./telegramFlow.js')

/** Where a headless Telegram login is. */
export type TelegramLoginStatus = 'initial' | 'loading' | 'done' | 'error'

/** `state` of useLoginWithTelegram. */
export interface TelegramLoginState {
  status: TelegramLoginStatus
  error: BaseError | null
}

/** Callbacks of useLoginWithTelegram. */
export interface UseLoginWithTelegramParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What useLoginWithTelegram returns. */
export interface UseLoginWithTelegramReturnType {
  /**
   * Inside a Telegram Mini App (with seamless auth on): signs in with its init data. Elsewhere: opens the
   * Telegram auth screen (the Login Widget needs its own button and a redirect).
   */
  login: () => Promise<void>
  /** Signs in with a Login Widget result the host got itself (the widget's `data-onauth` callback mode). */
  loginWithAuthResult: (result: TelegramWidgetUser | false | null) => Promise<void>
  state: TelegramLoginState
}

/** Headless Telegram login (Privy's `useLoginWithTelegram`). Errors reject, and land in `state` and `onError`. */
export function useLoginWithTelegram(callbacks: UseLoginWithTelegramParameters = {}): UseLoginWithTelegramReturnType {
  const foyer = useFoyerKernel()
  const [state, setState] = useFlowState<TelegramLoginState>({ status: 'initial', error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks

  const actions = useMemo(() => {
    const fail = (error: unknown): never => {
      const e = error instanceof BaseError ? error : new FlowError('Unknown error occurred.', flowErrorCodes.unknownAuth, { cause: error })
      setState({ status: 'error', error: e })
      latest.current.onError?.(e.code)
      throw e
    }
    const run = async (payload: TelegramPayload) => {
      setState({ status: 'loading', error: null })
      try {
        const { submitTelegram } = await flow()
        const result = await submitTelegram(foyer, payload, 'login')
        setState({ status: 'done', error: null })
        latest.current.onComplete?.(result)
      } catch (error) {
        return fail(error)
      }
    }
    return {
      async login() {
        const config = foyer.$config.peek()
        const { telegramError, telegramWebAppData } = await flow()
        if (!config?.server.telegram || !config.server.telegram_auth_config) return fail(telegramError('notInitialized'))
        const webApp = telegramWebAppData()
        if (webApp && config.server.telegram_auth_config.seamless_auth_enabled) return run({ webAppData: webApp })
        foyer.modal.open({ intent: 'login', screen: 'telegram/auth' })
      },
      async loginWithAuthResult(result: TelegramWidgetUser | false | null) {
        // The widget calls back with `false` when the user closed or refused the Telegram window.
        if (!result) return fail((await flow()).telegramError('canceled'))
        // The callback gives id and auth_date as numbers; the API takes the decimal text Telegram signed.
        return run({ result: { ...result, id: String(result.id), auth_date: String(result.auth_date) } })
      },
    }
  }, [foyer])

  return { ...actions, state }
}
